import Testing

@testable import BlockListCompiler

/// The shortcuts the loader and the optimizer take instead of the general path, each checked against that path.
@Suite struct CheckShortcutTests {
    /// Domains of every shape the shortcut accepts, and some it must not.
    static let plainDomains = [
        "a", "example.com", "*example.com", "*.example.com", "xn--80ak6aa92e.com", "a-b.c-d.e", "1.2.3.4", "*",
        "-", ".", "..", "very-long-" + String(repeating: "sub.", count: 40) + "example.co.uk",
    ]
    static let otherDomains = [
        "Example.com", "ex*ample.com", "**a", "a b", "a[b", "a\\b", "a$", "a?", "a{1}", "a(b)", "a|b", "a/b",
        "a+b", "é.com", "a^b", "a.com*",
    ]

    @Test func plainDomainsMakeRegexesWebKitAccepts() {
        let parser = URLFilterParser()
        for domain in Self.plainDomains {
            #expect(DomainRegex.isPlain(domain), "\(domain)")
            let result = parser.parse(units: DomainRegex(domain: domain).units)
            #expect(result.isAccepted && result.status == .ok, "\(domain): \(result.status)")
        }
        for domain in Self.otherDomains {
            #expect(!DomainRegex.isPlain(domain), "\(domain)")
        }
    }

    /// `hasMandatoryTerm` is a shortcut for "does not parse to matchesEverything": never true for a filter that
    /// does, and true for the converted filters it is meant for.
    @Test func aMandatoryTermMeansTheFilterIsNotUniversal() {
        let universal = [".*", "^", "", "a?", "a*", "^.*$", "(ab)*", "[a-z]*", #"\.?"#, "x{0,3}"]
        let notUniversal = [
            "ads", #"^[^:]+:(//)?([^/]+\.)?example\.com[/:]"#, "a+", "[a-z]", #"\."#, "^https?://", ".", "/ads/",
            #"a\b"#, "*ads",
        ]
        let parser = URLFilterParser()
        for filter in universal + notUniversal where URLFilterParser.hasMandatoryTerm(filter) {
            #expect(parser.parse(filter).status != .matchesEverything, "\(filter)")
        }
        for filter in universal {
            #expect(!URLFilterParser.hasMandatoryTerm(filter), "\(filter)")
        }
        for filter in notUniversal.prefix(8) {
            #expect(URLFilterParser.hasMandatoryTerm(filter), "\(filter)")
        }
        // Random filters over the regex alphabet: the shortcut never contradicts the parser.
        var generator = SeededGenerator(state: 7)
        let alphabet = Array(#"ab.^$?*+{}()[]|\-:/0"#.unicodeScalars)
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...8, using: &generator)
            var filter = ""
            for _ in 0..<length { filter.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
            if URLFilterParser.hasMandatoryTerm(filter) {
                #expect(parser.parse(filter).status != .matchesEverything, "\(filter)")
            }
        }
    }

    @Test func everyActionKindNamesItsTypeByIndex() {
        let kinds: [Action.Kind] = [
            .block, .blockCookies, .cssDisplayNone(selector: "a"), .ignorePreviousRules, .ignoreFollowingRules,
            .makeHTTPS, .notify(notification: "n"), .redirect(.url("https://a/")),
            .modifyHeaders(ModifyHeaders(priority: 1)),
        ]
        #expect(kinds.map(\.typeIndex) == Array(Action.Kind.allTypeNames.indices))
        for kind in kinds { #expect(Action.Kind.allTypeNames[kind.typeIndex] == kind.typeName) }
    }

    @Test func sortedUniqueEqualsSortingASet() {
        var generator = SystemRandomNumberGenerator()
        let pool = ["a.com", "b.com", "*a.com", "Z", "é", "aa", "a", "", "b.com"]
        for _ in 0..<500 {
            let count = Int.random(in: 0...8, using: &generator)
            let values = (0..<count).map { _ in pool.randomElement(using: &generator) ?? "" }
            #expect(TriggerShape.sortedUnique(values) == Array(Set(values)).sorted(), "\(values)")
        }
    }

    @Test func flagValuesAreReadByTheirBytesOrRefused() {
        let json =
            #"[{"trigger":{"url-filter":"a","resource-type":["image","fetch","\u0073cript"],"load-type":["third-party"]},"action":{"type":"block"}},"#
            + #"{"trigger":{"url-filter":"b","resource-type":["Image"]},"action":{"type":"\u0062lock"}}]"#
        let report = RuleListChecker().check(Array(json.utf8))
        #expect(report.rules.first?.trigger.resourceTypes == [.image, .fetch, .script])
        #expect(report.rules.first?.trigger.loadTypes == [.thirdParty])
        #expect(report.errors.count == 1)
        #expect(report.errors.first?.message.contains("\"Image\" is not a valid \"resource-type\" value") == true)
        let old = RuleListChecker(target: .safari14).check(Array(json.utf8))
        #expect(old.errors.contains { $0.message.contains("\"resource-type\" value \"fetch\" needs") })
        #expect(report.actionCounts == ["block": 1])
    }

    /// A url-filter that begins with the converter's host prefix is scanned from the state after that prefix:
    /// every verdict (status, offset, reason) equals the one of a scan from the first unit, on random tails over
    /// the regex alphabet (named groups, quantifiers right after the prefix, unbalanced groups and classes).
    @Test func scanningAfterTheHostPrefixAgreesWithTheFullScan() {
        #expect(String(decoding: URLFilterParser.hostPrefix, as: UTF16.self) == URLPatternTranslator.hostAnchorPrefix)
        let parser = URLFilterParser()
        let prefix = URLPatternTranslator.hostAnchorPrefix
        var generator = SeededGenerator(state: 43)
        let alphabet = Array(#"abk0.^$?*+{}()[]|\-:/<>,=!1"#.unicodeScalars) + ["\u{e9}", "\u{0}"]
        var resumed = 0
        var refused = 0
        let fixed = ["example.com", "a?", "a|b", "a\\b", "a)", "a(", "a[", "a$b", "a^", "a\\d", "0{2}", "a(?<n>b)\\k<n>", "a{1,0}"]
        var tails = fixed
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...10, using: &generator)
            var tail = ""
            for _ in 0..<length { tail.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
            tails.append(tail)
        }
        for tail in tails {
            let units = Array((prefix + tail).utf16)
            if URLFilterParser.resumesAfterHostPrefix(units) { resumed += 1 }
            let shortcut = parser.parse(units: units)
            let full = parser.parse(units: units, resumingHostPrefix: false)
            if !full.isAccepted { refused += 1 }
            #expect(shortcut == full, "\(prefix + tail): \(shortcut) != \(full)")
        }
        // Both paths were taken, and the tails reached refusals, not only accepted filters.
        #expect(resumed > 1_000 && resumed < tails.count)
        #expect(refused > 1_000)
        #expect(URLFilterParser.resumesAfterHostPrefix(Array((prefix + "example.com").utf16)))
        #expect(!URLFilterParser.resumesAfterHostPrefix(Array((prefix + "?a").utf16)))
        #expect(!URLFilterParser.resumesAfterHostPrefix(Array(prefix.utf16)))
    }

    /// `parseTerms` scans once, with the term builder feeding WebKit's restrictions, and resumes after the host
    /// prefix: on the same random tails, its verdict equals `parse(units:)`'s and its terms equal those of a scan
    /// from the first unit, in both case modes.
    @Test func oneScanTermParsingAgreesWithTheChecker() {
        let parser = URLFilterParser()
        let prefix = URLPatternTranslator.hostAnchorPrefix
        var generator = SeededGenerator(state: 4343)
        let alphabet = Array(#"abK0.^$?*+{}()[]|\-:/<>,=!1"#.unicodeScalars) + ["\u{e9}", "\u{0}"]
        var tails = ["example.com", "a(?<n>b)\\k<n>", "[a-z]+\\.com$", "a|b", "", "a{1,0}"]
        for _ in 0..<10_000 {
            let length = Int.random(in: 0...10, using: &generator)
            var tail = ""
            for _ in 0..<length { tail.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
            tails.append(tail)
        }
        var accepted = 0
        for tail in tails {
            for pattern in [prefix + tail, tail] {
                let units = Array(pattern.utf16)
                for isCaseSensitive in [false, true] {
                    let resumed = parser.parseTerms(units: units, isCaseSensitive: isCaseSensitive)
                    let full = parser.parseTerms(units: units, isCaseSensitive: isCaseSensitive, resumingHostPrefix: false)
                    #expect(resumed.result == parser.parse(units: units), "\(pattern)")
                    #expect(resumed.result == full.result && resumed.pattern == full.pattern, "\(pattern)")
                    #expect((resumed.pattern != nil) == resumed.result.isAccepted, "\(pattern)")
                    if resumed.result.isAccepted { accepted += 1 }
                }
            }
        }
        #expect(accepted > 1_000 && accepted < tails.count * 4)
    }
}
