import Testing

@testable import BlockListCompiler

struct PlainCSSSelectorTests {
    private func isPlain(_ selector: String) -> Bool {
        Array(selector.utf8).withUnsafeBufferPointer { PlainCSSSelector.parses($0) }
    }

    private func fullProblem(_ selector: String) -> String? {
        Array(selector.utf8).withUnsafeBufferPointer { Self.fullProblem($0) }
    }

    private static func fullProblem(_ buffer: UnsafeBufferPointer<UInt8>) -> String? {
        var parser = CSSSelectorScanner(bytes: buffer, validator: CSSSelectorValidator(target: .newest))
        return parser.parseSelectorList(relative: false, closing: nil)
    }

    /// The common shapes of blocking lists' selectors take the cheap test, and the full parse accepts them too.
    @Test func plainSelectorsNeedNoFullParse() {
        let plain = [
            "#A9AdsMiddleBoxTop", ".ad-banner", "div.ad", "*", " .a , #b ", "a > b", "a>b+c~d", "ul li a", "--x", "-a",
            "[data-ad]", "a[href^=\"http://ads.example/\"]", "div[class*='banner' ]", "[ id = x ]", "a[b|=c]", "*.x#y[z]",
        ]
        for selector in plain {
            #expect(isPlain(selector), "\(selector)")
            #expect(fullProblem(selector) == nil, "\(selector)")
        }
    }

    /// Whatever the cheap test cannot vouch for goes to the full parse: problems, and valid selectors it does not
    /// cover.
    @Test func otherSelectorsAreLeftToTheFullParse() {
        let leftOver = [
            "", " ", "a,", ",a", "a,,b", "a >", "> a", "a > > b", ".1a", ".-1", "#", ".", "a..b", "*div", "a\tb", "a:hover",
            "a::before", "a\\62", "é", ".é", "ns|a", "[a]x", "[a=\"b\\\"\"]", "[a=b i]", "[a=\"b", "[a", "[=b]", "[a=]",
            "a[b c]", "a b ", "a{}", "&",
        ]
        for selector in leftOver where selector != "a b " {
            #expect(!isPlain(selector), "\(selector)")
        }
        #expect(isPlain("a b "))
    }

    /// On random selectors over the bytes that matter, every selector the cheap test accepts, the full parse
    /// accepts too (the test never changes a verdict); and it accepts some.
    @Test func cheapTestNeverChangesAVerdict() {
        var generator = SeededGenerator(state: 43)
        let alphabet = Array("ab-_1 .#*>+~,[]=^$|\"':\\\té".utf8)
        var accepted = 0
        for _ in 0..<200_000 {
            let length = Int(generator.next() % 12)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let plain = bytes.withUnsafeBufferPointer { PlainCSSSelector.parses($0) }
            guard plain else { continue }
            accepted += 1
            let problem = bytes.withUnsafeBufferPointer { Self.fullProblem($0) }
            #expect(problem == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 1_000)
    }
}
