import BlockListCompiler
import Foundation

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
                output += MatchReport.jsonLine(requests[number], request, decision, results, options.lists) + "\n"
            } else {
                output += MatchReport.text(requests[number], request, decision, results, options.lists)
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
}
