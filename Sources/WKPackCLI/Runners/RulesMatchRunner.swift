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

        public init(
            lists: [String], url: String? = nil, resourceType: String? = nil, topURL: String? = nil, frameURL: String? = nil,
            loadContext: String? = nil, method: String? = nil, requestsFile: String? = nil, format: String = "text"
        ) {
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
                    let message =
                        error.message.first?.isNumber == true ? "\(path):\(error.message)" : "\(path):1:1: error: \(error.message)"
                    return .failure(ListFileProblem(message))
                }
            }
        }
        return .success(matchers)
    }

    /// Runs the command with its output collected in the outcome (for tests and small inputs).
    public static func run(_ options: Options, fileSystem: any ListFileSystem = LocalListFileSystem()) -> RulesCheckRunner.Outcome {
        var output = ""
        var outcome = run(options, fileSystem: fileSystem) { output += $0 }
        outcome.standardOutput = output + outcome.standardOutput
        return outcome
    }

    /// Runs the command, handing each batch's text and JSON lines to `write` as soon as the batch is evaluated, so
    /// memory stays bounded by `batchSize` requests however many the requests file holds. Every request is read and
    /// prepared once before anything is written: a bad line stops the run with its place and no output. The summary
    /// format is returned in the outcome.
    public static func run(
        _ options: Options, fileSystem: any ListFileSystem = LocalListFileSystem(), batchSize: Int = 2048,
        write: (String) -> Void
    ) -> RulesCheckRunner.Outcome {
        var outcome = RulesCheckRunner.Outcome()
        func usage(_ message: String) -> RulesCheckRunner.Outcome {
            outcome.standardError =
                "error: \(message)\nUsage: wkpack rules match LIST... --url URL [--resource-type T] [--top-url URL] [--frame-url URL] [--load-context top-frame|child-frame] [--method M] [--format text|json|decisions|summary]\n"
            outcome.exitCode = 2
            return outcome
        }
        guard ["text", "json", "decisions", "summary"].contains(options.format) else {
            return usage("unknown format '\(options.format)'; expected text, json, decisions or summary")
        }
        guard !options.lists.isEmpty else { return usage("no rule list given") }
        let source: RequestSource
        if let file = options.requestsFile {
            guard options.url == nil else { return usage("give either --url or --requests, not both") }
            source = .file(file)
        } else {
            guard let url = options.url else { return usage("--url or --requests is required") }
            let typeName = options.resourceType ?? (options.topURL == nil ? "document" : "script")
            guard let type = RequestResourceType(name: typeName) else {
                return usage(
                    "unknown resource type '\(typeName)'; expected one of \(RequestResourceType.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            var request = MatchRequest(url: url, resourceType: type, topURL: options.topURL, frameURL: options.frameURL)
            if let context = options.loadContext {
                guard let value = LoadContext(rawValue: context) else {
                    return usage("unknown load context '\(context)'; expected top-frame or child-frame")
                }
                request.loadContext = value
            }
            if let method = options.method {
                guard let value = RequestMethod(rawValue: method.lowercased()) else { return usage("unknown method '\(method)'") }
                request.method = value
            }
            source = .single(request)
        }
        // First pass: every request decodes and prepares, or the run stops before any output.
        let batchSize = max(1, batchSize)
        let check = source.forEachBatch(fileSystem: fileSystem, size: batchSize) {
            (requests: [MatchRequest], lines: [Int]) throws(RequestSource.Failure) in
            if case .failure(let failure) = BatchMatching.prepare(requests) {
                throw RequestSource.Failure(line: lines[failure.index], message: failure.problem.message)
            }
        }
        if case .failure(let failure) = check {
            outcome.standardError = source.describe(failure) + "\n"
            outcome.exitCode = 1
            return outcome
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
        var summary = MatchSummary()
        let second = source.forEachBatch(fileSystem: fileSystem, size: batchSize) {
            (requests: [MatchRequest], lines: [Int]) throws(RequestSource.Failure) in
            var prepared: [PreparedRequest] = []
            let preparationCPUStart = processCPUSeconds()
            let preparation = ContinuousClock().measure {
                if case .success(let all) = BatchMatching.prepare(requests) { prepared = all }
            }
            guard prepared.count == requests.count else {
                throw RequestSource.Failure(line: lines.first ?? 1, message: "the requests changed while they were read")
            }
            summary.preparation += preparation
            summary.preparationCPU += processCPUSeconds() - preparationCPUStart
            if options.format == "summary" {
                summary.add(prepared, of: set, matchers: matchers)
                return
            }
            var output = ""
            for (number, evaluation) in BatchMatching.evaluations(of: set, for: prepared).enumerated() {
                switch options.format {
                case "json":
                    output +=
                        MatchReport.jsonLine(requests[number], prepared[number], evaluation.decision, evaluation.results, options.lists)
                        + "\n"
                case "decisions": output += MatchReport.decisionLine(prepared[number], evaluation.decision, evaluation.results) + "\n"
                default:
                    output += MatchReport.text(requests[number], prepared[number], evaluation.decision, evaluation.results, options.lists)
                }
                // A line can be hundreds of kilobytes (every hidden selector): hand text over every few megabytes.
                if output.utf8.count >= flushThreshold {
                    write(output)
                    output = ""
                }
            }
            if !output.isEmpty { write(output) }
        }
        if case .failure(let failure) = second {
            outcome.standardError = source.describe(failure) + "\n"
            outcome.exitCode = 1
            return outcome
        }
        if options.format == "summary" {
            outcome.standardOutput = summary.line(matchers: matchers)
        }
        return outcome
    }

    /// Bytes of output collected before they are handed to `write`.
    static let flushThreshold = 1 << 22

    /// CPU time of the whole process (every thread), so shared machines do not distort the measurement.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
