import Testing

@testable import BlockListCompiler

private func check(_ text: String, target: WebKitTarget = .newest) -> RuleListReport {
    RuleListChecker(target: target).check(Array(text.utf8))
}

private func rule(trigger: String = #""url-filter":"a""#, action: String = #""type":"block""#) -> String {
    "[{\"trigger\":{\(trigger)},\"action\":{\(action)}}]"
}

@Suite struct RuleListCheckerTests {
    /// Every trigger key, with WebKit's verdict (confirmed with the WebKit 2.50 oracle).
    static let triggerCases: [(String, String?)] = [
        (#""url-filter":"a""#, nil),
        (#""url-filter":"""#, WebKitMessage.invalidURLFilter),
        (#""url-filter":5"#, WebKitMessage.invalidURLFilter),
        (#""url-filter-is-case-sensitive":true,"url-filter":"a""#, nil),
        (#""url-filter":"a","url-filter-is-case-sensitive":"yes""#, nil),
        (#""url-filter":"a","top-url-filter-is-case-sensitive":true"#, nil),
        (#""url-filter":"a","frame-url-filter-is-case-sensitive":true"#, nil),
        (
            #""url-filter":"a","resource-type":["image","document","top-document","child-document","style-sheet","script","font","raw","websocket","fetch","other","svg-document","media","popup","ping","csp-report"]"#,
            nil
        ),
        (#""url-filter":"a","resource-type":[]"#, nil),
        (#""url-filter":"a","resource-type":"image""#, WebKitMessage.invalidTriggerFlagsArray),
        (#""url-filter":"a","resource-type":["Image"]"#, WebKitMessage.invalidStringInTriggerFlagsArray),
        (#""url-filter":"a","resource-type":[5]"#, WebKitMessage.invalidStringInTriggerFlagsArray),
        (#""url-filter":"a","load-type":["first-party","third-party"]"#, nil),
        (#""url-filter":"a","load-type":["x"]"#, WebKitMessage.invalidStringInTriggerFlagsArray),
        (#""url-filter":"a","load-context":["top-frame","child-frame"]"#, nil),
        (#""url-filter":"a","load-context":["x"]"#, WebKitMessage.invalidStringInTriggerFlagsArray),
        (#""url-filter":"a","request-method":"GET""#, nil),
        (#""url-filter":"a","request-method":"x""#, WebKitMessage.invalidRequestMethod),
        (#""url-filter":"a","request-method":5"#, WebKitMessage.invalidRequestMethod),
        (#""url-filter":"a","if-domain":["example.com","*sub.example.com"]"#, nil),
        (#""url-filter":"a","unless-domain":["example.com"]"#, nil),
        (#""url-filter":"a","if-top-url":["https://x"]"#, nil),
        (#""url-filter":"a","unless-top-url":["x"]"#, nil),
        (#""url-filter":"a","if-frame-url":["x"]"#, nil),
        (#""url-filter":"a","unless-frame-url":["x"]"#, nil),
        (#""url-filter":"a","if-domain":[]"#, WebKitMessage.invalidConditionList),
        (#""url-filter":"a","if-domain":[""]"#, WebKitMessage.invalidConditionList),
        (#""url-filter":"a","if-domain":5"#, WebKitMessage.invalidConditionList),
        (#""url-filter":"a","if-domain":["A.com"]"#, WebKitMessage.domainNotLowerCaseASCII),
        (#""url-filter":"a","if-domain":["é.com"]"#, WebKitMessage.domainNotLowerCaseASCII),
        (#""url-filter":"a","if-domain":["a"],"unless-domain":["b"]"#, WebKitMessage.multipleConditions),
        (#""url-filter":"a","if-domain":["a|b"]"#, WebKitMessage.invalidRegex),
        (#""url-filter":"a","if-domain":["a^"]"#, WebKitMessage.invalidRegex),
        (#""url-filter":"a","if-domain":["a[b|"]"#, nil),
        (#""url-filter":"a","if-domain":["[^-"]"#, nil),
        (#""url-filter":"a","if-domain":["a{b|"]"#, WebKitMessage.invalidRegex),
        (#""url-filter":"a","if-top-url":["a|b"]"#, WebKitMessage.invalidRegex),
        (#""url-filter":"a|b""#, WebKitMessage.invalidRegex),
        (#""url-filter":"a","unknown-key":1"#, nil),
    ]

    @Test(arguments: triggerCases)
    func checksEveryTriggerKey(trigger: String, expected: String?) {
        let report = check(rule(trigger: trigger))
        #expect(report.webKitError?.webKitMessage == expected)
        #expect(report.isValid == (expected == nil))
    }

    /// Every action type, with WebKit's verdict (confirmed with the WebKit 2.50 oracle).
    static let actionCases: [(String, String?)] = [
        (#""type":"block""#, nil),
        (#""type":"block-cookies""#, nil),
        (#""type":"ignore-previous-rules""#, nil),
        (#""type":"ignore-following-rules""#, nil),
        (#""type":"make-https""#, nil),
        (#""type":"css-display-none","selector":".ad""#, nil),
        (#""type":"css-display-none""#, WebKitMessage.invalidCSSDisplayNone),
        (###""type":"css-display-none","selector":"##""###, WebKitMessage.emptyExtension),
        (#""type":"notify","notification":"""#, nil),
        (#""type":"notify""#, WebKitMessage.invalidNotification),
        (#""type":"redirect","redirect":{"extension-path":"/a.js"}"#, nil),
        (#""type":"redirect","redirect":{"extension-path":"a.js"}"#, WebKitMessage.redirectExtensionPathNoSlash),
        (#""type":"redirect","redirect":{"regex-substitution":"\\1"}"#, nil),
        (#""type":"redirect","redirect":{"url":"https://example.com/"}"#, nil),
        (#""type":"redirect","redirect":{"url":"javascript:x"}"#, WebKitMessage.redirectToJavaScript),
        (#""type":"redirect","redirect":{"url":"nope"}"#, WebKitMessage.redirectURLInvalid),
        (
            ##""type":"redirect","redirect":{"transform":{"scheme":"https","host":"x","port":"8080","path":"/p","query":"?q","fragment":"#f","username":"u","password":"p"}}"##,
            nil
        ),
        (#""type":"redirect","redirect":{"transform":{"port":"70000"}}"#, WebKitMessage.redirectInvalidPort),
        (#""type":"redirect","redirect":{"transform":{"query":"a"}}"#, WebKitMessage.redirectInvalidQuery),
        (#""type":"redirect","redirect":{"transform":{"fragment":"a"}}"#, WebKitMessage.redirectInvalidFragment),
        (#""type":"redirect","redirect":{"transform":{"scheme":"1"}}"#, WebKitMessage.redirectInvalidScheme),
        (
            #""type":"redirect","redirect":{"transform":{"query-transform":{"remove-parameters":["a"],"add-or-replace-parameters":[{"key":"k","value":"v","replace-only":true}]}}}"#,
            nil
        ),
        (
            #""type":"redirect","redirect":{"transform":{"query-transform":{"remove-parameters":[1]}}}"#,
            WebKitMessage.removeParametersNotStringArray
        ),
        (
            #""type":"redirect","redirect":{"transform":{"query-transform":{"add-or-replace-parameters":5}}}"#,
            WebKitMessage.addOrReplaceParametersNotArray
        ),
        (
            #""type":"redirect","redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[5]}}}"#,
            WebKitMessage.addOrReplaceParametersMemberNotObject
        ),
        (
            #""type":"redirect","redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{"value":"v"}]}}}"#,
            WebKitMessage.addOrReplaceParametersKeyNotString
        ),
        (
            #""type":"redirect","redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{"key":"k"}]}}}"#,
            WebKitMessage.addOrReplaceParametersValueNotString
        ),
        (#""type":"redirect""#, WebKitMessage.redirectMissing),
        (#""type":"redirect","redirect":{}"#, WebKitMessage.redirectInvalidType),
        (
            #""type":"modify-headers","priority":1,"request-headers":[{"operation":"set","header":"x","value":"y"}],"response-headers":[{"operation":"remove","header":"z"}]"#,
            nil
        ),
        (#""type":"modify-headers""#, WebKitMessage.invalidPriority),
        (#""type":"modify-headers","priority":-1"#, WebKitMessage.invalidPriority),
        (#""type":"modify-headers","priority":1,"request-headers":5"#, WebKitMessage.modifyHeadersNotArray),
        (#""type":"modify-headers","priority":1,"request-headers":[5]"#, WebKitMessage.modifyHeadersInfoNotObject),
        (#""type":"modify-headers","priority":1,"request-headers":[{"header":"x"}]"#, WebKitMessage.modifyHeadersMissingOperation),
        (
            #""type":"modify-headers","priority":1,"request-headers":[{"operation":"nope","header":"x"}]"#,
            WebKitMessage.modifyHeadersInvalidOperation
        ),
        (#""type":"modify-headers","priority":1,"request-headers":[{"operation":"remove"}]"#, WebKitMessage.modifyHeadersMissingHeader),
        (
            #""type":"modify-headers","priority":1,"request-headers":[{"operation":"set","header":"x"}]"#,
            WebKitMessage.modifyHeadersMissingValue
        ),
        (#""type":"Block""#, WebKitMessage.invalidActionType),
        (#""selector":"x""#, WebKitMessage.invalidActionType),
    ]

    @Test(arguments: actionCases)
    func checksEveryActionType(action: String, expected: String?) {
        let report = check(rule(action: action))
        #expect(report.webKitError?.webKitMessage == expected, "\(report.errors.map(\.message))")
        #expect(report.isValid == (expected == nil))
    }

    @Test(arguments: [
        ("", WebKitMessage.emptySource),
        ("   ", WebKitMessage.jsonInvalid),
        ("{}", WebKitMessage.topLevelNotArray),
        ("[]", WebKitMessage.emptyExtension),
        ("[5]", WebKitMessage.invalidRule),
        ("[{}]", WebKitMessage.invalidTrigger),
        (#"[{"trigger":{"url-filter":"a"}}]"#, WebKitMessage.invalidAction),
    ])
    func checksTheTopLevel(text: String, expected: String) {
        #expect(check(text).webKitError?.webKitMessage == expected)
    }

    @Test func reportsEveryErrorAndMarksTheOneWebKitStopsAt() throws {
        // WebKit loads every rule before it compiles the patterns: the missing action of rule 1 wins over the regex of rule 0.
        let text = """
            [{"trigger":{"url-filter":"a|b"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"c"}},
             {"trigger":{"url-filter":"d","if-domain":["X.com"]},"action":{"type":"nope"}}]
            """
        let report = check(text)
        #expect(report.errors.count == 4)
        let reported = try #require(report.webKitError)
        #expect(reported.webKitMessage == WebKitMessage.invalidAction)
        #expect(reported.ruleIndex == 1)
        #expect(report.errors.filter(\.reportedByWebKit).count == 1)
        let regex = try #require(report.errors.first { $0.webKitMessage == WebKitMessage.invalidRegex })
        #expect(regex.line == 1 && regex.column == 29)
        #expect(regex.webKitDetail == "Disjunctions are not supported yet.")
        #expect(regex.pointer == "/0/trigger/url-filter")
        let domain = try #require(report.errors.first { $0.webKitMessage == WebKitMessage.domainNotLowerCaseASCII })
        #expect(domain.pointer == "/2/trigger/if-domain/0")
        #expect(domain.line == 3)
        #expect(report.errors.map(\.offset) == report.errors.map(\.offset).sorted())
    }

    @Test func theFirstRegexErrorInRuleOrderIsWebKits() throws {
        let report = check(
            #"[{"trigger":{"url-filter":"a","if-top-url":["x|y"]},"action":{"type":"block"}},{"trigger":{"url-filter":"b|"},"action":{"type":"block"}}]"#
        )
        let reported = try #require(report.webKitError)
        #expect(reported.pointer == "/0/trigger/if-top-url/0")
        #expect(report.errors.count == 2)
    }

    @Test func pointsIntoTheDomainForItsRegexError() throws {
        let report = check(rule(trigger: #""url-filter":"a","if-domain":["ab^c"]"#))
        let error = try #require(report.webKitError)
        #expect(error.webKitDetail == URLFilterStatus.misplacedStartOfLine.webKitDetail)
        #expect(error.column == 47)
    }

    @Test func warnsAboutDroppedSelectorsDuplicatesUnknownKeysAndUniversalFilters() {
        let text = """
            [{"trigger":{"url-filter":"a"},"action":{"type":"css-display-none","selector":"##"}},
             {"trigger":{"url-filter":"b","colour":"red"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"b","colour":"red"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"a?"},"action":{"type":"block"}}]
            """
        let report = check(text)
        #expect(report.isValid)
        let messages = report.warnings.map(\.message)
        #expect(messages.contains { $0.contains("does not parse as CSS") })
        #expect(messages.contains { $0.contains("rule 2 duplicates rule 1") })
        #expect(messages.filter { $0.contains("unknown key \"colour\"") }.count == 2)
        #expect(messages.contains { $0.contains("matches every URL") })
        #expect(report.ruleCount == 4)
        #expect(report.rules.count == 3)
        #expect(report.actionCounts == ["block": 3])
    }

    /// A list checked in a buffer the caller lends (a mapped file) gets the report it gets as an array, on the
    /// one-pass path, on rules loaded alone, on the whole-document path (a syntax error, a top level that is not an
    /// array, an empty file) and with the rules kept; the report holds nothing of the buffer, which is overwritten
    /// before the report is read.
    @Test(arguments: [
        #"[{"trigger":{"url-filter":"a"},"action":{"type":"block"}},{"trigger":{"url-filter":"a"},"action":{"type":"block"}}]"#,
        "[{\"trigger\":{\"url-filter\":\"a\",\"colour\":\"\\u00e9\"},\"action\":{\"type\":\"css-display-none\",\"selector\":\"##\"}},\n 5]",
        #"[{"trigger":{"url-filter":"(a"},"action":{"type":"block"}},"#,
        #"{"trigger":{"url-filter":"a"}}"#,
        "",
        "[" + String(repeating: #"{"trigger":{"url-filter":"a"},"action":{"type":"block"}},"#, count: 50) + "5]",
    ])
    func aBorrowedBufferIsCheckedAsAnArray(text: String) {
        for keepsRules in [false, true] {
            for target in [WebKitTarget.newest, .safari14] {
                let checker = RuleListChecker(target: target, keepsRules: keepsRules)
                let expected = checker.check(Array(text.utf8))
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: text.utf8.count, alignment: 1)
                defer { buffer.deallocate() }
                buffer.copyBytes(from: text.utf8)
                let report = checker.check(UnsafeRawBufferPointer(buffer))
                buffer.initializeMemory(as: UInt8.self, repeating: 0x20)
                #expect(report.diagnostics == expected.diagnostics)
                #expect(report.webKitError == expected.webKitError)
                #expect(report.isValid == expected.isValid && report.ruleCount == expected.ruleCount)
                #expect(report.byteCount == text.utf8.count && expected.byteCount == text.utf8.count)
                #expect(report.actionCounts == expected.actionCounts && report.ruleIndices == expected.ruleIndices)
                #expect(report.rules == expected.rules)
                #expect(!report.diagnostics.isEmpty)
            }
        }
    }

    @Test func warnsAboutRulesALaterUniversalIgnorePreviousRulesCancels() {
        let text =
            #"[{"trigger":{"url-filter":"a"},"action":{"type":"block"}},{"trigger":{"url-filter":".*"},"action":{"type":"ignore-previous-rules"}},{"trigger":{"url-filter":"b"},"action":{"type":"block"}}]"#
        let dead = check(text).warnings.filter { $0.message.contains("never applies") }
        #expect(dead.map(\.ruleIndex) == [0])
    }

    @Test func refusesWhatTheTargetDoesNotKnow() {
        #expect(check(rule(action: #""type":"redirect","redirect":{"url":"https://x/"}"#), target: .safari14).isValid == false)
        #expect(check(rule(trigger: #""url-filter":"a","resource-type":["fetch"]"#), target: .safari14_1).isValid == false)
        #expect(check(rule(trigger: #""url-filter":"a","resource-type":["fetch"]"#), target: .safari15).isValid)
        #expect(check(rule(trigger: #""url-filter":"a","request-method":"get""#), target: .safari17).isValid == false)
        #expect(check(rule(trigger: #""url-filter":"a","if-frame-url":["x"]"#), target: .safari16_4).isValid == false)
        #expect(check(rule(action: #""type":"css-display-none","selector":"div:has(a)""#), target: .safari16_4).isValid)
        #expect(check(rule(action: #""type":"css-display-none","selector":"div:has(a)""#), target: .safari15).isValid == false)
        let mixed =
            #"[{"trigger":{"url-filter":"a","if-domain":["x"]},"action":{"type":"block"}},{"trigger":{"url-filter":"a","if-top-url":["x"]},"action":{"type":"block"}}]"#
        #expect(check(mixed, target: .safari14).errors.first?.webKitMessage == WebKitMessage.mixedDomainAndTopURL)
        #expect(check(mixed, target: .safari15).isValid)
    }

    @Test func appliesTheRuleLimitOfTheTarget() {
        let item = #"{"trigger":{"url-filter":"a"},"action":{"type":"block"}}"#
        let list = "[" + [String](repeating: item, count: 50_001).joined(separator: ",") + "]"
        let old = check(list, target: .safari14)
        #expect(!old.isValid)
        #expect(old.webKitError == nil)
        #expect(check(list, target: .safari14_1).isValid)
    }

    @Test func refusesMoreThan150000Rules() {
        let list = "[" + [String](repeating: "1", count: 150_001).joined(separator: ",") + "]"
        #expect(check(list).webKitError?.webKitMessage == WebKitMessage.tooManyRules)
    }

    @Test(arguments: [
        ("div", true), (".a.b#c", true), ("a[href^='x' i]", true), ("div > p + span ~ em", true), ("ul li:nth-child(2n+1)", true),
        ("a:not(.b, .c)", true), ("div:has(> p)", true), ("p::before", true), (":is()", true), ("*|div", true), ("div&", true),
        ("##", false), ("div >", false), (", a", false), ("a[href=x s]", false), ("#1ad", false), ("ns|div", false), (":nope", false),
        ("p::before:hover", true), ("input::placeholder:not(.a)", true), ("div::cue(a", true), ("::selection(", false),
        ("::marker:only-child", false), ("div::before span", false), ("div:has(div:has(a))", false), ("div:has(::before)", false),
        (":not()", false),
    ])
    func checksCSSSelectors(selector: String, valid: Bool) {
        #expect((CSSSelectorValidator(target: .newest).problem(in: selector) == nil) == valid)
    }
}
