/// The rule-list jobs an app runs on the device, from bytes in memory to bytes: convert filter lists (Adblock Plus
/// / AdGuard syntax) into WebKit content-blocker JSON, check a JSON list as WebKit would compile it, and optimize
/// one. Nothing touches files or process state (no environment, no current directory, no output), so several
/// pipelines may run at once on different threads.
///
/// Every job is cancellable and reports progress through an `Observer`: `isCancelled` is polled between stages
/// (and between the optimizer's passes, the check rounds of a conversion, and the parts written), and the job
/// then throws `Failure.cancelled`; `progress` is called at the start of every stage with the stage, the steps done
/// and the steps in all. The conversion of the filters themselves is one step (it is not interrupted inside).
/// The `async` forms watch the calling task's cancellation.
public struct ContentBlockerPipeline: Sendable {
    /// The Safari / WebKit release the lists are made and checked for.
    public var target: WebKitTarget

    /// A pipeline for `target` (default: the newest Safari wkpack knows).
    public init(target: WebKitTarget = .newest) {
        self.target = target
    }

    // MARK: Inputs, outputs, progress

    /// A filter list to convert: a name for locations in the report (a file name or URL), and its UTF-8 text.
    public struct FilterListSource: Sendable {
        /// The name report entries locate filters by (a file name or URL).
        public var name: String
        /// The list's UTF-8 text.
        public var bytes: [UInt8]

        /// A list named `name` with the text `bytes`.
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// A stage of a job.
    public enum Stage: String, Sendable, Equatable {
        /// Reading the input (JSON parse and WebKit's loading checks).
        case reading
        /// Turning filters into rules.
        case converting
        /// Checking the converted rules as WebKit compiles them (rounds until no rule is refused).
        case checking
        /// The optimizer's passes.
        case optimizing
        /// Cutting the list into parts under the rule limit.
        case splitting
        /// Serializing the output.
        case writing
    }

    /// Where a job is: `completed` of `total` steps of the whole job are done, the current one being in `stage`.
    public struct Progress: Sendable, Equatable {
        /// The stage the current step belongs to.
        public var stage: Stage
        /// Steps of the whole job done so far.
        public var completed: Int
        /// Steps of the whole job in all.
        public var total: Int

        /// Progress at `completed` of `total` steps, in `stage`.
        public init(stage: Stage, completed: Int, total: Int) {
            self.stage = stage
            self.completed = completed
            self.total = total
        }

        /// `completed / total`, from 0 to 1.
        public var fractionCompleted: Double { total > 0 ? Double(min(completed, total)) / Double(total) : 0 }
    }

    /// What a job tells its caller and asks it while it runs.
    public struct Observer: Sendable {
        /// Called at the start of each step, on the job's thread.
        public var progress: (@Sendable (Progress) -> Void)?
        /// Polled between steps; `true` stops the job with `Failure.cancelled`.
        public var isCancelled: @Sendable () -> Bool

        /// An observer calling `progress` at each step (nothing when nil) and polling `isCancelled` between steps.
        public init(progress: (@Sendable (Progress) -> Void)? = nil, isCancelled: @escaping @Sendable () -> Bool = { false }) {
            self.progress = progress
            self.isCancelled = isCancelled
        }

        /// Reports nothing and never cancels.
        public static let none = Observer()
    }

    /// Why a job produced no output.
    public enum Failure: Error, Sendable, Equatable {
        /// The observer asked to stop.
        case cancelled
        /// The input list has an error WebKit refuses it for (the first one, with its line and column).
        case invalidList(Diagnostic)
        /// The converted list cannot be written in parts under the limit.
        case cannotSplit(String)
    }

    /// A converted list: its parts (each a JSON rule list under the rule limit, in order) and what was reported.
    public struct ConvertedList: Sendable {
        /// The JSON rule lists, in order, each under the rule limit.
        public var parts: [[UInt8]]
        /// The filters converted in part, approximated, reported and dead, with the counts.
        public var report: ConversionReport
    }

    /// An optimized list: the JSON bytes, its rule count and each pass's effect.
    public struct OptimizedList: Sendable {
        /// The optimized list's JSON.
        public var bytes: [UInt8]
        /// How many rules it holds.
        public var ruleCount: Int
        /// What each optimizer pass removed or merged.
        public var report: OptimizationReport
    }

    /// Counts steps and asks the observer between them.
    private struct Steps {
        let observer: Observer
        let total: Int
        var completed = 0

        mutating func begin(_ stage: Stage) throws(Failure) {
            if observer.isCancelled() { throw .cancelled }
            observer.progress?(Progress(stage: stage, completed: completed, total: total))
            completed += 1
        }

        func checkCancelled() throws(Failure) {
            if observer.isCancelled() { throw .cancelled }
        }
    }

    // MARK: Jobs

    /// Converts `lists`, read in order as one list, into WebKit JSON rule lists of at most `maximumRules` rules
    /// each (the target's limit when nil): the bytes `wkpack rules convert` writes.
    public func convert(_ lists: [FilterListSource], maximumRules: Int? = nil, observer: Observer = .none) throws(Failure) -> ConvertedList
    {
        try convert(lists, maximumRules: maximumRules, observer: observer, pageLoadBoundary: false)
    }

    /// `convert(_:maximumRules:observer:)`; a list needing several parts is converted again with
    /// `pageLoadBoundary` false (`FilterListConversion` says why).
    func convert(_ lists: [FilterListSource], maximumRules: Int?, observer: Observer, pageLoadBoundary: Bool) throws(Failure)
        -> ConvertedList
    {
        let optimizer = FilterListConversion.optimizer
        var steps = Steps(observer: observer, total: 1 + ConvertedRuleCheck.maximumRounds + optimizer.passCount + 2)
        try steps.begin(.converting)
        var converter = FilterToRuleConverter(target: target)
        converter.usesPageLoadBoundary = pageLoadBoundary
        var converted = converter.convert(
            lists.map { FilterListFile(path: $0.name, text: String(decoding: $0.bytes, as: UTF8.self)) })
        // Moved out, not copied: with a second reference to the array the optimizer's first change would copy every
        // rule, and both copies would stay alive until the end.
        var rules: [Rule] = []
        swap(&rules, &converted.rules)
        var ruleFilters: [Int] = []
        swap(&ruleFilters, &converted.ruleFilters)
        var problems: [Int: FilterProblem] = [:]
        swap(&problems, &converted.problems)
        var report = ConversionReport()
        report.filterCount = converted.filters.count
        report.rulesGenerated = rules.count

        let serializer = RuleListSerializer()
        for _ in 0..<ConvertedRuleCheck.maximumRounds {
            try steps.begin(.checking)
            let refused = ConvertedRuleCheck.refusedRules(rules, target: target, serializer: serializer)
            if refused.isEmpty { break }
            ConvertedRuleCheck.drop(refused, from: &rules, filters: &ruleFilters, problems: &problems)
        }
        report.rulesChecked = rules.count
        // The problems are final once the checks are done: the report's entries are made now and the filters'
        // texts freed before the optimizer runs.
        report.entries = problems.sorted { $0.key < $1.key }.map { index, problem in
            let source = converted.filters[index]
            var location = source.location
            location.column = problem.column
            return ConversionReport.Entry(location: location, filter: source.text, kind: problem.kind, message: problem.message)
        }
        converted.filters = []
        problems = [:]
        steps.completed = 1 + ConvertedRuleCheck.maximumRounds
        var passStop = false
        let optimized = optimizer.optimize(
            consume rules,
            beforeEachPass: { done, _ in
                if observer.isCancelled() { passStop = true; return false }
                if done < optimizer.passCount {
                    observer.progress?(Progress(stage: .optimizing, completed: steps.completed + done, total: steps.total))
                }
                return true
            })
        guard let optimized, !passStop else { throw .cancelled }
        rules = optimized.rules
        steps.completed += optimizer.passCount
        report.rulesOptimized = rules.count
        try steps.begin(.splitting)
        let limit = min(maximumRules ?? target.maximumRuleCount, target.maximumRuleCount)
        if pageLoadBoundary && rules.count > limit && rules.contains(FilterToRuleConverter.pageLoadBoundary) {
            return try convert(lists, maximumRules: maximumRules, observer: observer, pageLoadBoundary: false)
        }
        var parts: [[Rule]]
        do {
            // The list is handed over: each part is then the only reference to its rules.
            parts = try RuleListSplitter(maximumRules: limit).split(consume rules)
        } catch {
            throw .cannotSplit(error.message)
        }
        report.partRuleCounts = parts.map(\.count)
        try steps.begin(.writing)
        var output: [[UInt8]] = []
        for index in parts.indices {
            try steps.checkCancelled()
            // Each part's rules are freed as they are written (the JSON of the whole list and the rules were the
            // conversion's largest allocations alive at once).
            var part: [Rule] = []
            swap(&part, &parts[index])
            output.append(serializer.serializedBytes(releasing: consume part))
        }
        return ConvertedList(parts: output, report: report)
    }

    /// Checks the JSON rule list `bytes` as WebKit would compile it, with every problem (what `wkpack rules check`
    /// reports). Without `keepsRules` (the default) the list is read in one pass over its bytes and the report's
    /// `rules` stay empty, as `wkpack rules check` does; the diagnostics, counts and validity are the same either way.
    public func check(_ bytes: [UInt8], keepsRules: Bool = false, observer: Observer = .none) throws(Failure) -> RuleListReport {
        var steps = Steps(observer: observer, total: 1)
        try steps.begin(.reading)
        let report = RuleListChecker(target: target, keepsRules: keepsRules).check(bytes)
        try steps.checkCancelled()
        return report
    }

    /// Optimizes the JSON rule list `bytes` without changing any decision (`forWebKit`: also the passes aimed at
    /// WebKit's compile cost): the bytes `wkpack rules optimize [--for-webkit]` writes. A list WebKit refuses
    /// throws `Failure.invalidList` with its first error.
    public func optimize(_ bytes: [UInt8], forWebKit: Bool = false, observer: Observer = .none) throws(Failure) -> OptimizedList {
        let optimizer = RuleListOptimizer(forWebKit: forWebKit)
        var steps = Steps(observer: observer, total: optimizer.passCount + 2)
        try steps.begin(.reading)
        var loaded = RuleListLoader(target: target).load(bytes)
        if let error = loaded.webKitError ?? loaded.errors.first { throw .invalidList(error) }
        // Moved out, so the optimizer changes the only copy in place.
        var rules: [Rule] = []
        swap(&rules, &loaded.rules)
        let base = steps.completed
        var passStop = false
        let optimized = optimizer.optimize(
            consume rules,
            beforeEachPass: { done, _ in
                if observer.isCancelled() { passStop = true; return false }
                if done < optimizer.passCount {
                    observer.progress?(Progress(stage: .optimizing, completed: base + done, total: steps.total))
                }
                return true
            })
        guard let optimized, !passStop else { throw .cancelled }
        steps.completed += optimizer.passCount
        try steps.begin(.writing)
        let output = RuleListSerializer(escapesNonASCII: forWebKit).serializedBytes(optimized.rules)
        return OptimizedList(bytes: output, ruleCount: optimized.rules.count, report: optimized.report)
    }

    // MARK: Async forms (cancelled with the calling task)

    /// `convert`, stopped when the calling task is cancelled.
    public func convert(
        _ lists: [FilterListSource], maximumRules: Int? = nil,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws(Failure) -> ConvertedList {
        try convert(lists, maximumRules: maximumRules, observer: Observer(progress: progress, isCancelled: { Task.isCancelled }))
    }

    /// `check`, stopped when the calling task is cancelled.
    public func check(
        _ bytes: [UInt8], keepsRules: Bool = false, progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws(Failure) -> RuleListReport {
        try check(bytes, keepsRules: keepsRules, observer: Observer(progress: progress, isCancelled: { Task.isCancelled }))
    }

    /// `optimize`, stopped when the calling task is cancelled.
    public func optimize(
        _ bytes: [UInt8], forWebKit: Bool = false,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws(Failure) -> OptimizedList {
        try optimize(bytes, forWebKit: forWebKit, observer: Observer(progress: progress, isCancelled: { Task.isCancelled }))
    }
}
