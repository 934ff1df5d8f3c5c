import Testing

@testable import BlockListCompiler

/// The check without rules (`keepsRules: false`: rules read on their bytes by `RuleScanner`, the others loaded
/// alone) reports exactly what the whole-list path reports.
@Suite struct RuleListScanCheckTests {
    /// What the two paths must agree on, as text for the failure message.
    static func differences(_ bytes: [UInt8], target: WebKitTarget) -> [String] {
        let whole = RuleListChecker(target: target).check(bytes)
        let scanned = RuleListChecker(target: target, keepsRules: false).check(bytes)
        var found: [String] = []
        if scanned.diagnostics != whole.diagnostics {
            let extra = scanned.diagnostics.filter { !whole.diagnostics.contains($0) }.prefix(3).map(\.message)
            let missing = whole.diagnostics.filter { !scanned.diagnostics.contains($0) }.prefix(3).map(\.message)
            found.append("diagnostics differ: extra \(extra), missing \(missing)")
        }
        if scanned.webKitError != whole.webKitError { found.append("webKitError differs") }
        if scanned.isValid != whole.isValid { found.append("isValid differs") }
        if scanned.ruleCount != whole.ruleCount { found.append("ruleCount \(scanned.ruleCount) vs \(whole.ruleCount)") }
        if scanned.actionCounts != whole.actionCounts { found.append("actionCounts \(scanned.actionCounts) vs \(whole.actionCounts)") }
        if scanned.ruleIndices != whole.ruleIndices { found.append("ruleIndices differ") }
        if !scanned.rules.isEmpty { found.append("rules kept") }
        return found
    }

    /// Every case up to 3 MB for the newest target (the larger ones only repeat rules past the rule limit, which
    /// both paths leave to the whole list), the cases under 100 KB for Safari 14 too.
    @Test func agreesOnEveryConformanceCase() {
        for testCase in ConformanceCase.load() where testCase.bytes.count <= 3_000_000 {
            for target in testCase.bytes.count < 100_000 ? [WebKitTarget.newest, .safari14] : [.newest] {
                let found = Self.differences(testCase.bytes, target: target)
                #expect(found.isEmpty, "\(testCase.id) (\(target.rawValue)): \(found)")
            }
        }
    }

    @Test(.enabled(if: Corpus.isPresent, Corpus.absence))
    func agreesOnEveryRealList() throws {
        for path in Corpus.lists(invalid: false) + Corpus.lists(invalid: true) {
            let bytes = try #require(Corpus.bytes(path))
            for target in [WebKitTarget.newest, .safari15, .safari14] {
                let found = Self.differences(bytes, target: target)
                #expect(found.isEmpty, "\(path) (\(target.rawValue)): \(found)")
            }
        }
    }

    /// Rules at the edges of the shape the scanner reads, alone and in lists.
    static let edgeRules = [
        #"{"trigger":{"url-filter":"^https?:\/\/a\\.com\/\"x"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"a\u0062"},"action":{"type":"block"}}"#,
        #" { "action" : { "type" : "block-cookies" } , "trigger" : { "url-filter" : "x" , "load-type" : [ "third-party" ] } } "#,
        "{\"trigger\":\t{\"url-filter\":\"x\",\r\n\"resource-type\":[]},\"action\":{\"type\":\"make-https\"}}",
        #"{"trigger":{"url-filter":"x","resource-type":["image","fetch","csp-report"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","load-context":["top-frame"],"url-filter-is-case-sensitive":true},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","frame-url-filter-is-case-sensitive":false},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","url-filter-is-case-sensitive":1},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","url-filter-is-case-sensitive":truex},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","if-domain":["a.com","*b.org"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","if-domain":["A.com"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","unless-domain":["a_b.com"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","if-domain":[]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","if-top-url":["^https://a\\.com/"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","if-frame-url":["a|b"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","if-domain":["a.com"],"unless-domain":["b.com"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","request-method":"GET"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":".*","if-domain":["a.com"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"(a*)"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":"^.*","resource-type":["image"]},"action":{"type":"ignore-previous-rules"}}"#,
        ##"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-none","selector":"#ad, .広告"}}"##,
        ##"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-none","selector":"#ad:unknown-pseudo"}}"##,
        #"{"trigger":{"url-filter":"x"},"action":{"selector":"a\"b","type":"css-display-none"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"notify","notification":"n"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"notify","selector":"a"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"block","type":"block"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"ignore-following-rules"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"redirect","redirect":{"url":"https://a.com/"}}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"blok"}}"#,
        #"{"trigger":{"url-filter":"x","x":1},"action":{"type":"block"},"extra":[1,{"a":null}]}"#,
        #"{"trigger":{"url-filter":""},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"é"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"a{2,1}"},"action":{"type":"block"}}"#,
        #"{"trigger":{},"action":{"type":"block"}}"#,
        #"{"action":{"type":"block"}}"#,
        #"{}"#,
        #"5"#,
        #"[[[]]]"#,
        // Selectors with the escapes the scanner decodes (`\"`, `\\`, `\/`), one it does not, and a quote left open.
        #"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-none","selector":"div[title=\"ad\"] > a[href^=\"http:\/\/x\"]"}}"#,
        ##"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-none","selector":"#a\\31 b"}}"##,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-none","selector":"[title=\"ad]"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-none","selector":"[title=\u0022ad\u0022]"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-none","selector":"a\\"}}"#,
        // Keys and names spelled with an escape or a non-ASCII byte, names of eight and sixteen bytes and one past.
        #"{"trigger":{"url-filter":"x"},"action":{"typ\u0065":"block"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"ty\"pe":"block"}}"#,
        #"{"trigger":{"url-filter":"x","resource-typé":["image"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","resource-type":["im\u0061ge"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-nonx","selector":"a"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-nonee","selector":"a"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"css-display-non\u0065","selector":"a"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"selectorx":"a","type":"block"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"selecto":"a","type":"block"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"":"a","type":"block"}}"#,
        // Unknown action types and keys (AdGuard's `script` rules), read on their bytes or loaded alone.
        #"{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"var a=\"x\";\n\u00e9"}}"#,
        #"{"trigger":{"url-filter":"a|b","if-domain":["*x.ru"]},"action":{"type":"script","script":"x"}}"#,
        #"{"trigger":{"url-filter":"(a*)"},"action":{"script":"x","type":"scriptlet"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"script":"x","type":"block"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":"a","script":"\t"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"script","selector":"a"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"script","script":1}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"script","a/b~c":"x"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"script","script":"x","script":"y"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"script","script":"x","other":"y"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"script","script":"x" , "type":"block"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"scr\u0069pt","script":"x"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"",  "script"  :  "unterminated}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type" :"block","typo":"x"}}"#,
        // Url-filters WebKit refuses and selectors that do not parse, in rules otherwise of the common shape (the
        // scanner hands them back as data), with escapes before the refused character, and both in one rule.
        #"{"trigger":{"url-filter":".*\/abnl\/\\?begun(?:[^\\w\\d_.%-]|$).*"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"a|b","if-domain":["a.com"],"resource-type":["image"]},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"\"x\"\\b"},"action":{"type":"block-cookies"}}"#,
        #"{"trigger":{"url-filter":"a|b"},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":"+ .ad"}}"#,
        #"{"trigger":{"url-filter":".*","if-domain":["a.com"]},"action":{"type":"css-display-none","selector":"a:style(x)"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"selector":"a:has-text(\"b\\\\c\")","type":"css-display-none"}}"#,
        #"{"trigger":{"url-filter":"a|b"},"action":{"type":"css-display-none","selector":"+ .ad"}}"#,
        #"{"trigger":{"url-filter":"(a*)"},"action":{"type":"css-display-none","selector":"+ .ad"}}"#,
        #"{"trigger":{"url-filter":"a|b"},"action":{"type":"css-display-none","selector":".ad"}}"#,
        #"{"trigger":{"url-filter":"a|b"},"action":{"type":"blok"}}"#,
        #"{"trigger":{"url-filter":"a|\u0062"},"action":{"type":"block"}}"#,
        // Ghostery's host forms, read as plain url-filters.
        #"{"trigger":{"url-filter":"(.*)?ads.example.com/x\\.js"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"(.*)?a.b(?:[^\\w\\d_.%-]|$).*\\/c"},"action":{"type":"block"}}"#,
    ]

    /// Rules read on their bytes without the whole-list reader's work: url-filters the pattern parser accepts,
    /// repeated (the last accepted one's verdict is kept), among them one that matches every URL, and a refused one
    /// spelled as the kept one followed by more; the two action types and the trigger key longer than sixteen bytes;
    /// unknown action keys whose values have every escape the JSON reader takes and UTF-8 of every length.
    static let readOnTheirBytes = [
        #"{"trigger":{"url-filter":"^[htpsw]+:\\/\\/","if-domain":["*a.ru"]},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":"^[htpsw]+:\\/\\/","if-domain":["*b.ru"]},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":"^[htpsw]+:\\/\\/x|"},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"^[htpsw]+:\\/\\/"},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":"(.*)","url-filter-is-case-sensitive":true},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":"(.*)"},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":"(.*)","resource-type":["image"]},"action":{"type":"ignore-previous-rules"}}"#,
        #"{"trigger":{"url-filter":"x","url-filter-is-case-sensitive":false},"action":{"type":"ignore-following-rules"}}"#,
        #"{"trigger":{"url-filter":"y" , "url-filter-is-case-sensitive" :true},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"a\"\\\/\b\f\n\r\t\v\x41\u00e9\uD83D é€😀"}}"#,
    ]

    /// Unknown action keys whose values the JSON reader refuses (a bad escape, too few hex digits, a string left
    /// open), and a key longer than sixteen bytes cut short or repeated: the scanner leaves these rules to the reader.
    static let leftToTheReader = [
        #"{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"a\q"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"a\u00e"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"a\x4"}}"#,
        #"{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"a\"#,
        #"{"trigger":{"url-filter":"x","url-filter-is-case-sens":true},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x","url-filter-is-case-sensitive":true,"url-filter-is-case-sensitive":true},"action":{"type":"block"}}"#,
        #"{"trigger":{"url-filter":"x"},"action":{"type":"ignore-previous-rulesx"}}"#,
    ]

    @Test func readsRepeatedFiltersLongNamesAndEscapedValuesOnTheirBytes() throws {
        let list = "[" + Self.readOnTheirBytes.joined(separator: ",\n") + "]"
        let result = try #require(scanCheck(list))
        #expect(result.rulesLoadedAlone == 0, "\(list)")
        for text in [list, "[" + Self.readOnTheirBytes.reversed().joined(separator: ",") + "]"] {
            let found = Self.differences(Array(text.utf8), target: .newest)
            #expect(found.isEmpty, "\(text): \(found)")
        }
        // Values with bytes that are not UTF-8: a bad continuation, overlong forms, past U+10FFFF, a surrogate.
        for bad in [[0xC3, 0x28], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xED, 0xA0, 0x80]] as [[UInt8]] {
            let bytes =
                Array(#"[{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"a"#.utf8) + bad + Array(#""}}]"#.utf8)
            let found = Self.differences(bytes, target: .newest)
            #expect(found.isEmpty, "\(bad): \(found)")
        }
        for rule in Self.leftToTheReader {
            for text in ["[" + rule + "]", "[" + Self.readOnTheirBytes[0] + "," + rule + "]"] {
                let found = Self.differences(Array(text.utf8), target: .newest)
                #expect(found.isEmpty, "\(text): \(found)")
            }
        }
    }

    /// A refused url-filter the scanner hands back and one in a rule loaded alone, in both orders: WebKit reports
    /// the first in rule order either way.
    @Test func reportsTheFirstRefusedURLFilterInRuleOrder() throws {
        let scanned = #"{"trigger":{"url-filter":"a|b"},"action":{"type":"block"}}"#
        let alone = #"{"trigger":{"url-filter":"c|\u0064"},"action":{"type":"block"}}"#
        for list in ["[" + scanned + "," + alone + "]", "[" + alone + "," + scanned + "]"] {
            let result = try #require(scanCheck(list))
            #expect(result.rulesLoadedAlone == 1)
            let found = Self.differences(Array(list.utf8), target: .newest)
            #expect(found.isEmpty, "\(list): \(found)")
            let report = RuleListChecker(keepsRules: false).check(Array(list.utf8))
            #expect(report.webKitError?.ruleIndex == 0, "\(list)")
            #expect(report.diagnostics.count == 2)
        }
    }

    /// Rules whose only problems are a refused url-filter or a selector that does not parse are read on their
    /// bytes, not loaded alone.
    @Test func readsRefusedFiltersAndDroppedSelectorsOnTheirBytes() throws {
        let list = "[" + Self.edgeRules[Self.edgeRules.count - 14..<Self.edgeRules.count - 7].joined(separator: ",") + "]"
        let result = try #require(scanCheck(list))
        #expect(result.rulesLoadedAlone == 0, "\(list)")
        #expect(result.sink.count == 7, "\(list)")
    }

    /// Rules with an unknown action type or an unknown action key (and nothing else to report) are read on their
    /// bytes.
    @Test func readsUnknownActionTypesAndKeysOnTheirBytes() throws {
        let list = "[" + Self.edgeRules[Self.edgeRules.count - 28..<Self.edgeRules.count - 23].joined(separator: ",") + "]"
        let result = try #require(scanCheck(list))
        #expect(result.rulesLoadedAlone == 0, "\(list)")
        #expect(result.entries.count == 2, "\(list)")
        let found = Self.differences(Array(list.utf8), target: .newest)
        #expect(found.isEmpty, "\(list): \(found)")
    }

    @Test func agreesOnEdgeRulesAloneAndInLists() {
        let rules = Self.edgeRules
        var lists: [String] = rules.map { "[" + $0 + "]" }
        for (position, rule) in rules.enumerated() {
            // Each rule between ordinary ones, and the same list twice over (duplicates).
            let plain = #"{"trigger":{"url-filter":"p\#(position)"},"action":{"type":"block"}}"#
            lists.append("[" + [plain, rule, plain].joined(separator: ",") + "]")
            lists.append("[\n" + [rule, plain, rule].joined(separator: ",\n") + "\n]")
        }
        lists.append("[" + rules.joined(separator: ",") + "]")
        let first: String = rules[0]
        let broken: [String] = ["[" + first + ",]", "[" + first + "] x", "\u{FEFF}[" + first + "]"]
        lists += ["", "[]", " [ ] ", "[,]", "{}"]
        lists += broken
        for list in lists {
            for target in [WebKitTarget.newest, .safari14, .safari15] {
                let found = Self.differences(Array(list.utf8), target: target)
                #expect(found.isEmpty, "\(list) (\(target.rawValue)): \(found)")
            }
        }
    }

    /// Lists of common-shape rules with random whitespace between every two tokens (runs of spaces of every
    /// length, newlines, tabs and carriage returns): read on their bytes, and reported as the whole-list path does.
    @Test func readsAnyWhitespaceOnItsBytes() throws {
        var generator = SeededGenerator(state: 32)
        let tokens: [String] = [
            "{", #""trigger""#, ":", "{", #""url-filter""#, ":", #""ameblo\\.jp""#, ",", #""if-domain""#, ":", "[",
            #""a.example.com""#, ",", #""*b.example.org""#, "]", ",", #""resource-type""#, ":", "[", #""image""#, "]", "}", ",",
            #""action""#, ":", "{", #""type""#, ":", #""css-display-none""#, ",", #""selector""#, ":", #"".ad > #x""#, "}", "}",
        ]
        let spaces: [String] = ["", " ", "\n", "\t", "\r\n", "\n\t", "\n \t "]
        for _ in 0..<40 {
            var rules: [String] = []
            for _ in 0..<5 {
                var rule = ""
                for token in tokens {
                    let run = Int(generator.next() % 20)
                    switch generator.next() % 3 {
                    case 0: rule += String(repeating: " ", count: run)
                    case 1: rule += "\n" + String(repeating: " ", count: run)
                    default: rule += spaces[Int(generator.next() % UInt64(spaces.count))]
                    }
                    rule += token
                }
                rules.append(rule)
            }
            let list = "[" + rules.joined(separator: ",\n") + "\n]\n"
            let result = try #require(scanCheck(list))
            #expect(result.rulesLoadedAlone == 0, "\(list)")
            let found = Self.differences(Array(list.utf8), target: .newest)
            #expect(found.isEmpty, "\(list): \(found)")
        }
    }

    /// Lists of the edge rules with bytes cut, doubled or swapped at random: JSON errors in every place, and
    /// rules the scanner stops reading anywhere.
    @Test func agreesOnDamagedLists() {
        var generator = SeededGenerator(state: 43)
        let source = Array(("[" + Self.edgeRules.prefix(30).joined(separator: ",") + "]").utf8)
        let alphabet = Array(#"{}[]",:\ "tfn0-aé"#.utf8)
        for _ in 0..<600 {
            var bytes = source
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: at)
                default: bytes[at] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                }
            }
            let found = Self.differences(bytes, target: .newest)
            #expect(found.isEmpty, "\(String(decoding: bytes, as: UTF8.self)): \(found)")
        }
    }

    /// The end `plainPatternEnd` finds in `json` (a whole JSON string), if any.
    static func plainPatternEnd(_ json: String) -> Int? {
        Array(json.utf8).withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { RuleScanner.plainPatternEnd($0, count: buffer.count, from: 0) }
        }
    }

    /// Every url-filter the plain-pattern shortcut takes is one the parser accepts with status `ok`: random tails
    /// of literal characters, escaped dots and slashes, anchors and other regex syntax after each host anchor, `^`
    /// or nothing.
    @Test func plainPatternsAreAcceptedByTheParser() throws {
        var generator = SeededGenerator(state: 7)
        let pieces: [String] = [
            "a", "z", "0", "9", "Q", "-", "_", "/", "=", "&", "%", ",", ";", "~", ":", "@", "!", #"\\."#, "[/:?#]", #"\/"#, "$",
            #"\\/"#, #"\\?"#, "[/:&?]?", ".*", ".",
            "?", "*", "+", "(", ")", "|", "^", "(.*)?", #"\\d"#, "{1}", "[", "]", #"\\"#, "é", "\u{01}", #"\""#, "#", "[/:&?]",
        ]
        let starts = RuleScanner.hostAnchorsJSON.map { String(decoding: $0, as: UTF8.self) } + ["^", "", "(.*)?"]
        var taken = [Int](repeating: 0, count: starts.count)
        for _ in 0..<30_000 {
            let startIndex = Int(generator.next() % UInt64(starts.count))
            var json = starts[startIndex]
            // Mostly the pieces the shortcut takes (the first 26), so that many strings reach its end.
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                let range = generator.next() % 8 == 0 ? pieces.count : 26
                json += pieces[Int(generator.next() % UInt64(range))]
            }
            let quoted = "\"" + json + "\""
            guard let end = Self.plainPatternEnd(quoted) else { continue }
            taken[startIndex] += 1
            #expect(end == quoted.utf8.count - 1)
            // The url-filter as the whole-list path decodes it.
            let text = try JSONReader().parse(Array(quoted.utf8)).string(0)
            let verdict = URLFilterParser().parse(text)
            #expect(verdict.status == .ok, "\(json): \(verdict.status)")
        }
        #expect(taken.allSatisfy { $0 > 300 }, "\(taken)")
        let converter = starts[0]
        for filter in [
            converter + #"ads\\.example\\.com[/:?#]"#, converter + #"cdn\\.x-y\\.net/ads/a=1&b=%20"#, converter + "a1",
            starts[1] + #"phncdn\\.com\/ads"#, starts[1] + #"imasdk\\.googleapis\\.com[/:&?]?"#, #"\\/GetVASTAd\\?"#,
            starts[2] + #"doubleclick\\.net"#, "&adtype=", #"-ads\\.gif$"#, "^http:", #"\\/behaviorads\\/.*"#, ".*ads.*",
            "^.*a", "a.*$", "(.*)?example.com/ads/", "(.*)?a.b.c", ".*/ad.js.*", "a.", ".a",
        ] {
            #expect(Self.plainPatternEnd("\"" + filter + "\"") != nil, "\(filter)")
        }
        for filter in [
            converter + "-a", converter + #"a\\db"#, converter + "a[/:?#]b", converter + "a?", converter, "^", "", "a$b", ".*", ".*.*",
            "^.*", ".*$", "a.*?", "a.**", "a.+", converter + ".*a",
            "(.*)?", "(.*)?.*", "a(.*)?b", "a.?", "a.+b", "a.{2}", "(.*)a", "^(.*)?a",
        ] {
            #expect(Self.plainPatternEnd("\"" + filter + "\"") == nil, "\(filter)")
        }
    }

    /// The literal bytes of plain url-filters are exactly the documented set, on all 256 byte values.
    @Test func literalBytesAreTheDocumentedSet() {
        let documented = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_/=&%,;~:@!".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(RuleScanner.isLiteralByte(byte) == documented.contains(byte), "byte \(byte)")
        }
    }

    /// The eight-byte test finds the first byte that is not literal (`isLiteralByte`), for every byte value in
    /// every position, among literal bytes and among random ones.
    @Test func literalWordTestFindsTheFirstOtherByte() {
        var generator = SeededGenerator(state: 43)
        let literal = Array("azAZ09-_/=&%,;~:@!".utf8)
        for position in 0..<8 {
            for value in 0...255 {
                for _ in 0..<4 {
                    var bytes = (0..<8).map { _ in literal[Int(generator.next() % UInt64(literal.count))] }
                    if generator.next() % 4 == 0 { bytes[Int(generator.next() % 8)] = UInt8(truncatingIfNeeded: generator.next()) }
                    bytes[position] = UInt8(value)
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << ($1.offset * 8) }
                    let firstOther = bytes.firstIndex { !RuleScanner.isLiteralByte($0) } ?? 8
                    #expect(RuleScanner.nonLiteralBytes(word).trailingZeroBitCount >> 3 == firstOther, "\(bytes)")
                }
            }
        }
    }

    /// The scan check of `text`, read from a buffer that lives for the call.
    private func scanCheck(_ text: String) -> RuleListScanCheck.Result? {
        Array(text.utf8).withUnsafeBufferPointer { RuleListScanCheck(target: .newest).check($0) }
    }

    /// A list of the common shape is read on its bytes, no rule loaded alone.
    @Test func readsTheCommonShapeOnItsBytes() throws {
        let common: [String] = [0, 2, 4, 9, 22, 25].map { Self.edgeRules[$0] }
        let list: String = "[" + common.joined(separator: ",") + "]"
        let result = try #require(scanCheck(list))
        #expect(result.rulesLoadedAlone == 0)
        #expect(result.ruleCount == 6)
        #expect(result.sink.errors.isEmpty && result.sink.warnings.isEmpty)
        // A selector with `\"` and `\/` escapes is decoded on the bytes, not loaded alone.
        let escaped = try #require(Self.edgeRules.first { $0.contains("div[title=") })
        let escapedResult = try #require(scanCheck(("[" + escaped + "]")))
        #expect(escapedResult.rulesLoadedAlone == 0)
        #expect(escapedResult.sink.errors.isEmpty && escapedResult.sink.warnings.isEmpty)
        let other: String = "[" + Self.edgeRules[7] + "]"
        let loadedAlone = try #require(scanCheck(other))
        #expect(loadedAlone.rulesLoadedAlone == 1)
        let trailingComma: String = "[" + Self.edgeRules[0] + ",]"
        #expect(scanCheck(trailingComma) == nil)
    }
}
