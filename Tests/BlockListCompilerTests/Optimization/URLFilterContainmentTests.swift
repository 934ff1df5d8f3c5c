import Testing

@testable import BlockListCompiler

private func automaton(_ pattern: String, caseSensitive: Bool = false) -> URLAutomaton? {
    URLFilterParser().parseTerms(pattern, isCaseSensitive: caseSensitive).pattern.map { URLAutomaton(pattern: $0) }
}

private func rules(_ json: String) -> [Rule] {
    RuleListChecker().check(Array(json.utf8)).rules
}

@Suite struct URLFilterContainmentTests {
    struct Case: Sendable, CustomStringConvertible {
        var outer: String
        var outerCaseSensitive = false
        var inner: String
        var innerCaseSensitive = false
        var contained: Bool
        var description: String { "\(outer) ⊇ \(inner)" }
    }

    static let cases: [Case] = [
        Case(outer: #"a\.com"#, inner: #"^https?://a\.com/"#, contained: true),
        Case(outer: #"^https?://a\.com/"#, inner: #"a\.com"#, contained: false),
        Case(outer: #"^https?://"#, inner: #"^https://"#, contained: true),
        Case(outer: #"^https://"#, inner: #"^https?://"#, contained: false),
        Case(outer: "a[0-9]*", inner: "a[0-9]+", contained: true),
        Case(outer: "a[0-9]+", inner: "a[0-9]*", contained: false),
        Case(outer: "x[0-9]+", inner: "x[0-9][0-9]", contained: true),
        Case(outer: "ads", inner: "ADS", innerCaseSensitive: true, contained: true),
        Case(outer: "ads", outerCaseSensitive: true, inner: "ads", contained: false),
        Case(outer: "ads", outerCaseSensitive: true, inner: "ads", innerCaseSensitive: true, contained: true),
        Case(outer: "ADS", outerCaseSensitive: false, inner: "aDs", innerCaseSensitive: false, contained: true),
        Case(outer: "http://a", inner: "^http://a", contained: true),
        Case(outer: "^http://a", inner: "http://a", contained: false),
        Case(outer: #"\.js"#, inner: #"\.js$"#, contained: true),
        Case(outer: #"\.js$"#, inner: #"\.js"#, contained: false),
        Case(outer: "a$", inner: "ba$", contained: true),
        Case(outer: "ab", inner: "(ab)+c", contained: true),
        Case(outer: "a?b", inner: "b", contained: true),
        Case(outer: "b", inner: "a?b", contained: true),
        Case(outer: "a.c", inner: "abc", contained: true),
        Case(outer: "abc", inner: "a.c", contained: false),
        Case(outer: "a[^/]*b", inner: "a[^/]b", contained: true),
        Case(outer: "a[^/]b", inner: "a[^/]*b", contained: false),
        Case(outer: ".*", inner: "anything", contained: true),
        Case(outer: "anything", inner: ".*", contained: false),
    ]

    @Test(arguments: cases) func decidesContainment(_ test: Case) throws {
        let outer = try #require(automaton(test.outer, caseSensitive: test.outerCaseSensitive))
        let inner = try #require(automaton(test.inner, caseSensitive: test.innerCaseSensitive))
        #expect(URLFilterContainment.contains(outer, inner) == test.contained)
    }

    @Test func givesUpPastTheStateBudget() throws {
        let outer = try #require(automaton("a[^/]*b[^/]*c[^/]*d"))
        let inner = try #require(automaton("abcd"))
        #expect(URLFilterContainment.contains(outer, inner))
        #expect(!URLFilterContainment.contains(outer, inner, stateBudget: 2))
    }

    /// Random small filters: whenever containment is claimed, no URL of a small alphabet (every string up to six
    /// units after a fixed prefix) matches the inner filter without matching the outer one.
    @Test func claimsAreNeverContradictedBySampledURLs() {
        var random = SeededGenerator(state: 0xC0DE)
        let atoms = ["a", "b", "/", ".", "[ab]", "[^/]", "a*", "b+", "(ab)?", "(a/)+", "A"]
        func filter() -> String {
            var text = random.next() % 4 == 0 ? "^" : ""
            if !text.isEmpty { text += "h" }
            for _ in 0..<(1 + random.next() % 3) { text += atoms[Int(random.next() % UInt64(atoms.count))] }
            if random.next() % 5 == 0 { text += "$" }
            return text
        }
        let alphabet: [UInt8] = Array("abA/".utf8)
        var urls: [[UInt8]] = [Array("h".utf8)]
        var frontier = urls
        for _ in 0..<6 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + [$0] } }
            urls += frontier
        }
        var claims = 0, refusals = 0
        for _ in 0..<600 {
            let outerText = filter(), innerText = filter()
            let outerCase = random.next() % 3 == 0, innerCase = random.next() % 3 == 0
            guard let outer = automaton(outerText, caseSensitive: outerCase), let inner = automaton(innerText, caseSensitive: innerCase),
                !outer.matchesEverything, !inner.matchesEverything
            else { continue }
            if URLFilterContainment.contains(outer, inner) {
                claims += 1
                let witness = urls.first { inner.matches($0) && !outer.matches($0) }
                #expect(
                    witness == nil,
                    "\(outerText) claimed to contain \(innerText): \(witness.map { String(decoding: $0, as: UTF8.self) } ?? "")")
            } else {
                refusals += 1
            }
        }
        #expect(claims > 20 && refusals > 20)
    }

    /// The witness the containment pass tries before the product search: a string the inner filter matches, so an
    /// outer filter not matching it never contains the inner one (random small filters, and the cases above).
    @Test func aWitnessIsMatchedAndNeverContradictsContainment() throws {
        var random = SeededGenerator(state: 0x5EED)
        let atoms = ["a", "b", "/", ".", "[ab]", "[^/]", "a*", "b+", "(ab)?", "(a/)+", "A", "[^a-z]", "x?"]
        func filter() -> String {
            var text = random.next() % 3 == 0 ? "^h" : ""
            for _ in 0..<(1 + random.next() % 4) { text += atoms[Int(random.next() % UInt64(atoms.count))] }
            if random.next() % 5 == 0 { text += "$" }
            return text
        }
        var pairs = Self.cases.map { ($0.outer, $0.outerCaseSensitive, $0.inner, $0.innerCaseSensitive) }
        for _ in 0..<800 {
            pairs.append((filter(), random.next() % 3 == 0, filter(), random.next() % 3 == 0))
        }
        var decidedByWitness = 0, contained = 0
        for (outerText, outerCase, innerText, innerCase) in pairs {
            guard let outer = automaton(outerText, caseSensitive: outerCase), let inner = automaton(innerText, caseSensitive: innerCase)
            else { continue }
            guard let witness = URLFilterContainment.witness(of: inner) else {
                #expect(inner.matchesEverything || inner.positionCount == 0, "no witness for \(innerText)")
                continue
            }
            #expect(inner.matches(witness), "\(innerText) does not match its witness")
            #expect(witness.allSatisfy { $0 >= 1 && $0 < 128 })
            let contains = URLFilterContainment.contains(outer, inner)
            if contains { contained += 1 }
            if !outer.matches(witness) {
                decidedByWitness += 1
                #expect(!contains, "\(outerText) contains \(innerText) but misses its witness")
            }
        }
        #expect(decidedByWitness > 100 && contained > 20)
        // The shortest string over the first unit of each class (upper case for a case-insensitive filter).
        let example = try #require(automaton(#"^[^:]*://([^/:@]*\.)?ads\.example\.com[/:?#]"#))
        #expect(URLFilterContainment.witness(of: example).map { String(decoding: $0, as: UTF8.self) } == "://ADS.EXAMPLE.COM#")
    }

    @Test func optimizerDropsContainedRulesOnlyWithinASegmentAndWithTheSameTrigger() {
        let list = rules(
            #"""
            [{"trigger":{"url-filter":"^https?://a\\.com/"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"a\\.com"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"^https?://b\\.com/x"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"^https?://b\\.com/x","resource-type":["image"]},"action":{"type":"block-cookies"}},
             {"trigger":{"url-filter":"b\\.com/x/ok"},"action":{"type":"ignore-previous-rules"}},
             {"trigger":{"url-filter":"b\\.com"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"c\\.com","resource-type":["image"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"^https://c\\.com"},"action":{"type":"block"}}]
            """#)
        let (optimized, report) = RuleListOptimizer().optimize(list)
        #expect(
            optimized.map(\.trigger.urlFilter) == [
                #"a\.com"#, #"^https?://b\.com/x"#, #"^https?://b\.com/x"#, #"b\.com/x/ok"#,
                #"b\.com"#, #"c\.com"#, #"^https://c\.com"#,
            ])
        let pass = report.passes.first { $0.name.hasPrefix("remove rules whose url-filter is contained") }
        #expect(pass.map { $0.rulesBefore - $0.rulesAfter } == 1)
    }
}
