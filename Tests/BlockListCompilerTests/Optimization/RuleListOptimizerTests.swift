import Testing

@testable import BlockListCompiler

private func rules(_ json: String) -> [Rule] {
    RuleListChecker().check(Array(json.utf8)).rules
}

@Suite struct RuleListOptimizerTests {
    @Test func removesDuplicatesWithinASegmentOnly() {
        let list = rules(
            #"""
            [{"trigger":{"url-filter":"ads"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"ads","resource-type":[]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"ads/ok"},"action":{"type":"ignore-previous-rules"}},
             {"trigger":{"url-filter":"ads"},"action":{"type":"block"}}]
            """#)
        let (optimized, report) = RuleListOptimizer().optimize(list)
        #expect(optimized.count == 3)
        #expect(report.rulesBefore == 4 && report.rulesAfter == 3)
    }

    @Test func dropsRulesAlwaysCancelledByALaterException() {
        let list = rules(
            #"""
            [{"trigger":{"url-filter":"ads","resource-type":["image"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":".*","resource-type":["image","script"]},"action":{"type":"ignore-previous-rules"}}]
            """#)
        #expect(RuleListOptimizer().optimize(list).rules.map(\.action.typeName) == ["ignore-previous-rules"])
    }

    @Test func keepsRulesAnIgnoreFollowingRuleCanProtect() {
        let list = rules(
            #"""
            [{"trigger":{"url-filter":"ads"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"x"},"action":{"type":"ignore-following-rules"}},
             {"trigger":{"url-filter":".*"},"action":{"type":"ignore-previous-rules"}}]
            """#)
        #expect(RuleListOptimizer().optimize(list).rules.count == 3)
    }

    @Test func mergesDomainListsAndPacksSelectors() {
        let list = rules(
            #"""
            [{"trigger":{"url-filter":".*","if-domain":["a.com"]},"action":{"type":"css-display-none","selector":".x"}},
             {"trigger":{"url-filter":".*","if-domain":["b.com"]},"action":{"type":"css-display-none","selector":".x"}},
             {"trigger":{"url-filter":".*","if-domain":["a.com","b.com"]},"action":{"type":"css-display-none","selector":".y"}},
             {"trigger":{"url-filter":"t","unless-domain":["a.com"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"t","unless-domain":["b.com"]},"action":{"type":"block"}}]
            """#)
        let optimized = RuleListOptimizer().optimize(list).rules
        #expect(optimized.count == 3)
        #expect(optimized.first?.action.kind == .cssDisplayNone(selector: ".x, .y"))
    }

    @Test func canonicalizesURLFilters() {
        #expect(URLFilterCanonicalizer.canonicalize(".*ADS.*", isCaseSensitive: false) == "ads")
        #expect(URLFilterCanonicalizer.canonicalize("^.*ads", isCaseSensitive: true) == "ads")
        #expect(URLFilterCanonicalizer.canonicalize("ADS[A-Z]", isCaseSensitive: false) == "ads[A-Z]")
        #expect(URLFilterCanonicalizer.canonicalize("a\\.*", isCaseSensitive: false) == "a\\.*")
        #expect(URLFilterCanonicalizer.canonicalize("^.*", isCaseSensitive: false) == ".*")
    }

    /// The look that lets most url-filters skip the rewrite: wherever it says no rewrite is needed, the full
    /// rewrite gives the filter back unchanged (and it says yes for each kind of rewrite).
    @Test func theRewriteIsSkippedOnlyWhereItChangesNothing() {
        let bodies = [
            "ads", "ADS", "a.*", ".*a", "^.*a", "^(.*)", "(.*)", ".*.*", "^.*", ".*", "^", "", "A", "(", "a\\.*", "[A-Z]x", "x[A-Z]",
            "^[^:]*://([^/:@]*\\.)?example\\.com[^a-zA-Z0-9_.%-]", "^https://Ads.Example/", ".*?a", ".+A", "(?<Name>a)", "a$",
            "/Banner/.*$", "^a.*",
        ]
        var skipped = 0, rewritten = 0
        for body in bodies {
            for isCaseSensitive in [false, true] {
                let full = URLFilterCanonicalizer.rewrite(body, isCaseSensitive: isCaseSensitive)
                if !URLFilterCanonicalizer.mayRewrite(body, isCaseSensitive: isCaseSensitive) {
                    skipped += 1
                    #expect(full == body, "\(body) case-sensitive \(isCaseSensitive)")
                } else if full != body {
                    rewritten += 1
                }
                #expect(URLFilterCanonicalizer.canonicalize(body, isCaseSensitive: isCaseSensitive) == full)
            }
        }
        #expect(skipped > 10 && rewritten > 5)
    }

    /// The canonicalizer parses only filters it would rewrite or simple universal spellings; every other filter
    /// (canonical already, refused, or universal in another spelling) comes back as it is.
    @Test func leavesFiltersWithNothingToRewriteAsTheyAre() {
        for universal in ["^.*", ".*.*", "(.*)", "^(.*)"] {
            #expect(URLFilterCanonicalizer.canonicalize(universal, isCaseSensitive: false) == ".*", "\(universal)")
        }
        for filter in [".*", "a?", "(a)*", "^[a-z][a-z0-9.+-]*://([^/:@]*\\.)?example\\.com", "a|b", "a(", "\u{e9}", "[", "ADS"] {
            #expect(URLFilterCanonicalizer.canonicalize(filter, isCaseSensitive: true) == filter, "\(filter)")
        }
        #expect(URLFilterCanonicalizer.canonicalize("A|B", isCaseSensitive: false) == "A|B")
        #expect(URLFilterCanonicalizer.canonicalize("AB", isCaseSensitive: false) == "ab")
    }

    @Test func givesTheSameDecisionsOnEveryCorpusList() throws {
        guard !CorpusEquivalence.lists.isEmpty else {
            print("skipping: no corpus at \(CorpusEquivalence.corpusDirectory.path)")
            return
        }
        for path in CorpusEquivalence.lists {
            let clock = ContinuousClock(), started = clock.now
            let original = try CorpusEquivalence.rules(of: path)
            let (optimized, report) = RuleListOptimizer().optimize(original)
            let optimizedAt = clock.now
            let result = try CorpusEquivalence.differences(
                original: [original], rewritten: [optimized], seedRules: original,
                count: CorpusEquivalence.requestCount)
            let contained = report.passes.first { $0.name.hasPrefix("remove rules whose url-filter is contained") }
            print(
                "optimizer equivalence \(path): \(report.rulesBefore) -> \(report.rulesAfter) rules (\(contained.map { $0.rulesBefore - $0.rulesAfter } ?? 0) by containment), \(result.checked) requests (\(result.blocked) blocked by the original), \(result.differing.count) differences, optimize \(CorpusEquivalence.seconds(optimizedAt - started)) s, total \(CorpusEquivalence.seconds(clock.now - started)) s"
            )
            #expect(result.differing.isEmpty, "\(path): \(result.differing.joined(separator: "\n"))")
        }
    }

    /// Selectors are counted as splitting by the character "," counts them (empty pieces left out), on the bytes
    /// for ASCII text.
    @Test func selectorsAreCountedAsTheCharacterSplitCountsThem() {
        var random = SeededGenerator(state: 0x5E1E)
        let pieces = [",", ", ", ".ad", "#b", "\u{301}", "é", "a[href*=\",\"]", ",,", " "]
        for _ in 0..<400 {
            var selector = ""
            for _ in 0..<Int(random.next() % 8) { selector += pieces[Int(random.next() % UInt64(pieces.count))] }
            #expect(RuleListOptimizer.selectorCount(selector) == selector.split(separator: ",").count, "\(selector)")
        }
    }
}
