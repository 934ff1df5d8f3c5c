import ArgumentParser
import BlockListCompiler
import Foundation

/// `wkpack rules match LIST... --url URL`: what WebKit would do with a request, and which rules decided it.
public struct RulesMatchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Evaluate a request against content-blocking lists the way WebKit does.",
        discussion: """
        Prints the decision (blocked, cookies blocked, https upgrade, redirects, notifications, hidden selectors) and \
        every rule that fired, with its index and JSON pointer, including cancelled rules and the rule that cancelled \
        them. --requests FILE evaluates many requests given one JSON object a line (webkit-match-oracle format). \
        The resource type defaults to document without --top-url and to script with it. \
        A document load is a navigation of the main frame: its top URL is the new URL, and it is evaluated with the \
        frame's current document (default about:blank) as frame URL. A child-document load is evaluated in the new \
        child frame: frame URL about:blank unless --frame-url names the frame's current document. Other loads take \
        the top URL as frame URL unless --frame-url is given. Fragments, pings and CSP reports are evaluated as \
        WebKit does (see the README's Matching section). \
        Exit status: 0 on success, 1 when a list or request cannot be read, 2 on usage errors.
        """
    )

    @Option(name: .long, help: "The URL being loaded.") var url: String?
    @Option(name: .customLong("resource-type"), help: "Request type: \(RequestResourceType.allCases.map(\.rawValue).joined(separator: ", ")), or document, raw.")
    var resourceType: String?
    @Option(name: .customLong("top-url"), help: "URL of the main document (default: the URL itself; a document load's top URL is always the new URL).") var topURL: String?
    @Option(name: .customLong("frame-url"), help: "URL of the document in the frame where the load is evaluated (default: the top URL; about:blank for document and child-document loads).") var frameURL: String?
    @Option(name: .customLong("load-context"), help: "top-frame or child-frame (default: derived).") var loadContext: String?
    @Option(name: .long, help: "HTTP method as the rule list sees it (default GET; WebKitGTK 2.50 sees GET for every load, see the README).") var method: String?
    @Option(name: .long, help: "A JSON Lines file of requests to evaluate instead of --url.") var requests: String?
    @Option(name: .long, help: "Output format: text, json, or summary (counts and time, for --requests).") var format: String = "text"
    @Argument(help: "Rule list files.") var lists: [String] = []

    public init() {}

    public func run() throws {
        let options = RulesMatchRunner.Options(lists: lists, url: url, resourceType: resourceType, topURL: topURL, frameURL: frameURL,
                                               loadContext: loadContext, method: method, requestsFile: requests, format: format)
        let outcome = RulesMatchRunner.run(options)
        try outcome.emit()
    }
}

/// The work behind `wkpack rules match`, separated from printing so tests can call it.
public enum RulesMatchRunner {
    public struct Options: Sendable {
        public var lists: [String]
        public var url: String?
        public var resourceType: String?
        public var topURL: String?
        public var frameURL: String?
        public var loadContext: String?
        public var method: String?
        public var requestsFile: String?
        public var format: String

        public init(lists: [String], url: String? = nil, resourceType: String? = nil, topURL: String? = nil, frameURL: String? = nil,
                    loadContext: String? = nil, method: String? = nil, requestsFile: String? = nil, format: String = "text") {
            self.lists = lists
            self.url = url
            self.resourceType = resourceType
            self.topURL = topURL
            self.frameURL = frameURL
            self.loadContext = loadContext
            self.method = method
            self.requestsFile = requestsFile
            self.format = format
        }
    }

    /// Loads rule lists, reporting the first problem as `path:line:col: error: message`.
    public static func loadLists(_ paths: [String], fileSystem: any ListFileSystem) -> Result<[RuleListMatcher], ListFileProblem> {
        var matchers: [RuleListMatcher] = []
        for path in paths {
            switch fileSystem.read(path) {
            case .failure(let problem):
                return .failure(ListFileProblem("\(path): error: \(problem.message)"))
            case .success(let bytes):
                do {
                    matchers.append(try RuleListMatcher(source: bytes))
                } catch {
                    let message = error.message.first?.isNumber == true ? "\(path):\(error.message)" : "\(path):1:1: error: \(error.message)"
                    return .failure(ListFileProblem(message))
                }
            }
        }
        return .success(matchers)
    }

    public static func run(_ options: Options, fileSystem: any ListFileSystem = LocalListFileSystem()) -> RulesCheckRunner.Outcome {
        var outcome = RulesCheckRunner.Outcome()
        func usage(_ message: String) -> RulesCheckRunner.Outcome {
            outcome.standardError = "error: \(message)\nUsage: wkpack rules match LIST... --url URL [--resource-type T] [--top-url URL] [--frame-url URL] [--load-context top-frame|child-frame] [--method M] [--format text|json]\n"
            outcome.exitCode = 2
            return outcome
        }
        guard ["text", "json", "summary"].contains(options.format) else { return usage("unknown format '\(options.format)'; expected text, json or summary") }
        guard !options.lists.isEmpty else { return usage("no rule list given") }
        var requests: [MatchRequest] = []
        if let file = options.requestsFile {
            guard options.url == nil else { return usage("give either --url or --requests, not both") }
            switch fileSystem.read(file) {
            case .failure(let problem):
                outcome.standardError = "\(file): error: \(problem.message)\n"
                outcome.exitCode = 1
                return outcome
            case .success(let bytes):
                do {
                    requests = try MatchRequestDecoder.decodeLines(bytes)
                } catch {
                    outcome.standardError = "\(file):\(error.line):1: error: \(error.message)\n"
                    outcome.exitCode = 1
                    return outcome
                }
            }
        } else {
            guard let url = options.url else { return usage("--url or --requests is required") }
            let typeName = options.resourceType ?? (options.topURL == nil ? "document" : "script")
            guard let type = RequestResourceType(name: typeName) else {
                return usage("unknown resource type '\(typeName)'; expected one of \(RequestResourceType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var request = MatchRequest(url: url, resourceType: type, topURL: options.topURL, frameURL: options.frameURL)
            if let context = options.loadContext {
                guard let value = LoadContext(rawValue: context) else { return usage("unknown load context '\(context)'; expected top-frame or child-frame") }
                request.loadContext = value
            }
            if let method = options.method {
                guard let value = RequestMethod(rawValue: method.lowercased()) else { return usage("unknown method '\(method)'") }
                request.method = value
            }
            requests = [request]
        }
        let matchers: [RuleListMatcher]
        switch loadLists(options.lists, fileSystem: fileSystem) {
        case .failure(let problem):
            outcome.standardError = problem.message + "\n"
            outcome.exitCode = 1
            return outcome
        case .success(let loaded): matchers = loaded
        }
        let set = RuleListSet(lists: matchers)
        let clock = ContinuousClock()
        // Requests are prepared and (for the summary) evaluated in parallel chunks: CPU time is the process's,
        // summed over every thread.
        var prepared: [PreparedRequest] = []
        var failure: BatchMatching.Failure?
        let preparationCPUStart = processCPUSeconds()
        let preparation = clock.measure {
            switch BatchMatching.prepare(requests) {
            case .success(let all): prepared = all
            case .failure(let problem): failure = problem
            }
        }
        let preparationCPU = processCPUSeconds() - preparationCPUStart
        if let failure {
            let place = options.requestsFile.map { "\($0):\(failure.index + 1):1: " } ?? ""
            outcome.standardError = "\(place)error: \(failure.problem.message)\n"
            outcome.exitCode = 1
            return outcome
        }
        if options.format == "summary" {
            var blocked = 0, cookies = 0, upgraded = 0, hidden = 0
            let cpuStart = processCPUSeconds()
            let elapsed = clock.measure {
                for decision in BatchMatching.decisions(of: set, for: prepared) {
                    if decision.blocked { blocked += 1 }
                    if decision.cookiesBlocked { cookies += 1 }
                    if decision.upgradedToHTTPS { upgraded += 1 }
                    if !decision.hiddenSelectors.isEmpty { hidden += 1 }
                }
            }
            let rules = matchers.reduce(0) { $0 + $1.rules.count }
            func seconds(_ duration: Duration) -> String {
                String(format: "%.3f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
            }
            let matchingCPU = processCPUSeconds() - cpuStart
            func cpu(_ value: Double) -> String { String(format: "%.3f", value) }
            let unindexed = matchers.reduce(0) { $0 + $1.unindexedRuleCount }
            let candidates = prepared.reduce(0) { sum, request in matchers.reduce(sum) { $0 + $1.candidateCount(request) } }
            let perRequest = String(format: "%.1f", Double(candidates) / Double(max(1, prepared.count)))
            outcome.standardOutput = "\(prepared.count) requests, \(rules) rules in \(matchers.count) lists: \(blocked) blocked, \(cookies) cookies blocked, \(upgraded) upgraded to https, \(hidden) with hidden elements; "
                + "URLs prepared in \(seconds(preparation)) s wall, \(cpu(preparationCPU)) s CPU; matched in \(seconds(elapsed)) s wall, \(cpu(matchingCPU)) s CPU; "
                + "in all \(seconds(preparation + elapsed)) s wall, \(cpu(preparationCPU + matchingCPU)) s CPU (\(unindexed) rules checked for every request, \(perRequest) candidate rules per request)\n"
            return outcome
        }
        var output = ""
        for (number, request) in prepared.enumerated() {
            let (decision, results) = set.evaluate(request)
            if options.format == "json" {
                output += jsonLine(requests[number], request, decision, results, options.lists) + "\n"
            } else {
                output += text(requests[number], request, decision, results, options.lists)
            }
        }
        outcome.standardOutput = output
        return outcome
    }

    /// CPU time of the whole process (every thread), so shared machines do not distort the measurement.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func describe(_ decision: MatchDecision) -> String {
        var parts: [String] = [decision.blocked ? "blocked" : "allowed"]
        if decision.cookiesBlocked { parts.append("cookies blocked") }
        if decision.upgradedToHTTPS { parts.append("upgraded to https") } else if decision.makeHTTPSMatched { parts.append("make-https matched (no upgrade: not http/ws on the default port)") }
        if let target = decision.redirectTarget {
            parts.append(target.url.map { "redirect to \($0)" } ?? "redirect (target not computed)")
        }
        for notification in decision.notifications { parts.append("notify \"\(notification)\"") }
        if !decision.hiddenSelectors.isEmpty { parts.append("hides \(decision.hiddenSelectors.joined(separator: ", "))") }
        if !decision.headerChanges.isEmpty { parts.append("\(decision.headerChanges.count) header change(s)") }
        return parts.joined(separator: "; ")
    }

    static func describe(_ redirect: Redirect) -> String {
        switch redirect {
        case .url(let url): return url
        case .extensionPath(let path): return "extension path \(path)"
        case .regexSubstitution(let substitution): return "regex substitution \(substitution)"
        case .transform: return "a URL transform"
        }
    }

    /// The lines explaining a redirect target: the rules in the order WebKit applies them, then the notes.
    static func redirectLines(_ target: RedirectTarget, _ paths: [String], indent: String) -> String {
        var output = ""
        for step in target.appliedRules {
            let path = step.listIndex < paths.count ? paths[step.listIndex] : "list \(step.listIndex)"
            output += "\(indent)redirect  \(path) #\(step.ruleIndex) /\(step.ruleIndex) \(describe(step.redirect))\n"
        }
        for note in target.notes { output += "\(indent)note: \(note)\n" }
        return output
    }

    private static func text(_ request: MatchRequest, _ prepared: PreparedRequest, _ decision: MatchDecision, _ results: [ListMatchResult], _ paths: [String]) -> String {
        let frame = prepared.frameURL == prepared.topURL ? "" : ", frame \(prepared.frameURL.string)"
        var output = "\(prepared.url.string) (\(prepared.resourceType.rawValue), top \(prepared.topURL.string)\(frame), \(prepared.isThirdParty ? "third-party" : "first-party"), \(prepared.loadContext.rawValue)): \(describe(decision))\n"
        if let target = decision.redirectTarget { output += redirectLines(target, paths, indent: "  ") }
        for (path, result) in zip(paths, results) where !result.fired.isEmpty || !result.cancelled.isEmpty {
            output += "  \(path): \(describe(result.decision))\n"
            for rule in result.fired { output += "    fired     #\(rule.index) \(rule.pointer) \(rule.action.typeName)\(secondEvaluationNote(rule, prepared))\n" }
            for rule in result.cancelled {
                output += "    cancelled #\(rule.index) \(rule.pointer) \(rule.action.typeName) (by #\(rule.cancelledBy ?? -1) /\(rule.cancelledBy ?? -1))\n"
            }
        }
        return output
    }

    /// " (second evaluation: as other, without the fragment)" for a rule that fired only in WebKit's second evaluation.
    static func secondEvaluationNote(_ rule: FiredRule, _ request: PreparedRequest) -> String {
        guard rule.inSecondEvaluation, let second = request.evaluations.last, second.isSecond else { return "" }
        return " (second evaluation: \(second.summary))"
    }

    private static func jsonLine(_ request: MatchRequest, _ prepared: PreparedRequest, _ decision: MatchDecision, _ results: [ListMatchResult], _ paths: [String]) -> String {
        func quoted(_ text: String) -> String { JSONEscaper.quoted(text) }
        func rule(_ fired: FiredRule) -> String {
            var text = "{\"index\":\(fired.index),\"pointer\":\(quoted(fired.pointer)),\"action\":\(quoted(fired.action.typeName))"
            if let by = fired.cancelledBy { text += ",\"cancelled_by\":\(by)" }
            if fired.inSecondEvaluation { text += ",\"second_evaluation\":true" }
            return text + "}"
        }
        var text = "{\"url\":\(quoted(prepared.url.string)),\"type\":\(quoted(prepared.resourceType.rawValue)),\"top\":\(quoted(prepared.topURL.string))"
        text += ",\"frame\":\(quoted(prepared.frameURL.string))"
        text += ",\"third_party\":\(prepared.isThirdParty),\"load_context\":\(quoted(prepared.loadContext.rawValue))"
        text += ",\"blocked\":\(decision.blocked),\"cookies_blocked\":\(decision.cookiesBlocked),\"https_upgrade\":\(decision.upgradedToHTTPS)"
        text += ",\"redirects\":[\(decision.redirects.map { quoted(describe($0)) }.joined(separator: ","))]"
        if let target = decision.redirectTarget {
            let rules = target.appliedRules.map { "{\"list\":\($0.listIndex),\"index\":\($0.ruleIndex),\"pointer\":\(quoted("/" + String($0.ruleIndex)))}" }
            text += ",\"redirect_target\":\(target.url.map(quoted) ?? "null"),\"redirect_rules\":[\(rules.joined(separator: ","))]"
            text += ",\"redirect_notes\":[\(target.notes.map(quoted).joined(separator: ","))]"
        } else {
            text += ",\"redirect_target\":null"
        }
        text += ",\"notifications\":[\(decision.notifications.map(quoted).joined(separator: ","))]"
        text += ",\"hidden_selectors\":[\(decision.hiddenSelectors.map(quoted).joined(separator: ","))]"
        text += ",\"lists\":["
        text += zip(paths, results).map { path, result in
            "{\"path\":\(quoted(path)),\"blocked\":\(result.decision.blocked),\"fired\":[\(result.fired.map(rule).joined(separator: ","))],\"cancelled\":[\(result.cancelled.map(rule).joined(separator: ","))]}"
        }.joined(separator: ",")
        return text + "]}"
    }
}
