import Testing

@testable import BlockListCompiler

@Suite struct PunycodeTests {
    /// Samples from RFC 3492 section 7.1 (A, B, L) and common IDN labels.
    @Test(arguments: [
        (
            "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
            "egbpdaj6bu4bxfgehfvwxn"
        ),
        ("\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}", "ihqwcrb4cv8a8dqg056pqjye"),
        ("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3B-ww4c5e180e575a65lsy2b"),
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("große", "groe-xna"),
        ("ÿ", "wda"),
        ("abc", "abc-"),
    ])
    func encodesLabels(input: String, expected: String) {
        #expect(Punycode.encode(input) == expected)
    }

    @Test func writesOnlyNonASCIILabelsAsXNForms() {
        #expect(Punycode.asciiDomain("www.Bücher.example") == "www.xn--bcher-kva.example")
        #expect(Punycode.asciiDomain("münchen\u{3002}de") == "xn--mnchen-3ya.de")
        #expect(Punycode.asciiDomain("plain.example") == "plain.example")
    }
}

@Suite struct PunycodeLimitTests {
    @Test func refusesOverlongLabelsInsteadOfHanging() {
        let long = String(repeating: "ü", count: Punycode.maximumLabelLength + 1)
        #expect(Punycode.encode(long) == nil)
        #expect(Punycode.asciiDomain(long + ".example") == nil)
        #expect(Punycode.encode(String(repeating: "ü", count: Punycode.maximumLabelLength)) != nil)
    }
}
