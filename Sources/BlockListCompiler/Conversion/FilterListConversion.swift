/// The whole conversion: filters to rules (`FilterToRuleConverter`), the rules checked as WebKit would compile
/// them (`RuleListChecker`; a refused or silently dropped rule reports its filter), optimized without changing any
/// decision (`RuleListOptimizer`) and split into parts under the rule limit (`RuleListSplitter`).
public struct FilterListConversion: Sendable {
    /// The Safari / WebKit release the rules are checked and split for.
    public var target: WebKitTarget
    /// Most rules per output part; the target's limit when nil.
    public var maximumRules: Int?
    /// Whether the rules are optimized (``RuleListOptimizer``) before splitting.
    public var optimizes: Bool

    /// Creates a conversion for `target`, split under `maximumRules` (the target's limit when nil).
    public init(target: WebKitTarget = .newest, maximumRules: Int? = nil, optimizes: Bool = true) {
        self.target = target
        self.maximumRules = maximumRules
        self.optimizes = optimizes
    }

    /// The converted list, in parts, and the report.
    public struct Result: Sendable {
        /// The converted rules, in parts of at most the rule limit (one part when they fit).
        public var parts: [[Rule]]
        /// Every filter reported, with the counts.
        public var report: ConversionReport
    }

    /// Why the converted list cannot be written.
    public struct Problem: Error, Sendable, Equatable {
        /// Why not.
        public var message: String
    }

    /// The optimizer a conversion runs: every pass, those aimed at WebKit's compile cost included (`forWebKit`), as
    /// none changes a decision. On EasyList + EasyPrivacy they make WebKit's compiled list 2.35 MB (3.7%) smaller
    /// (nearly all from `URLFilterReshaper`'s forms of the url-filters), for 0.5 s more CPU (BENCHMARKS.md, issue
    /// 43).
    static let optimizer = RuleListOptimizer(forWebKit: true)

    /// Converts `files`, read in order as one filter list.
    public func run(_ files: [FilterListFile]) throws(Problem) -> Result {
        try run(files, pageLoadBoundary: false)
    }

    /// `run(_:)`; `pageLoadBoundary` false keeps the untyped filters' `resource-type` lists (one part), which a
    /// list needing several parts must: WebKit evaluates each part alone, so the boundary would have to share a part
    /// with every rule before it.
    func run(_ files: [FilterListFile], pageLoadBoundary: Bool) throws(Problem) -> Result {
        var converter = FilterToRuleConverter(target: target)
        converter.usesPageLoadBoundary = pageLoadBoundary
        var converted = converter.convert(files)
        // Moved out, so the passes change the only copy of the rules.
        var problems: [Int: FilterProblem] = [:]
        swap(&problems, &converted.problems)
        var rules: [Rule] = []
        swap(&rules, &converted.rules)
        var ruleFilters: [Int] = []
        swap(&ruleFilters, &converted.ruleFilters)
        var report = ConversionReport()
        report.filterCount = converted.filters.count
        report.rulesGenerated = rules.count

        // Check as WebKit compiles; drop what it refuses or drops, reporting the filter.
        let serializer = RuleListSerializer()
        for _ in 0..<ConvertedRuleCheck.maximumRounds {
            let refused = ConvertedRuleCheck.refusedRules(rules, target: target, serializer: serializer)
            if refused.isEmpty { break }
            ConvertedRuleCheck.drop(refused, from: &rules, filters: &ruleFilters, problems: &problems)
        }
        report.rulesChecked = rules.count
        if optimizes { rules = Self.optimizer.optimize(consume rules, beforeEachPass: nil)?.rules ?? [] }
        report.rulesOptimized = rules.count
        let limit = min(maximumRules ?? target.maximumRuleCount, target.maximumRuleCount)
        if pageLoadBoundary && rules.count > limit && rules.contains(FilterToRuleConverter.pageLoadBoundary) {
            return try run(files, pageLoadBoundary: false)
        }
        let parts: [[Rule]]
        do {
            parts = try RuleListSplitter(maximumRules: limit).split(rules)
        } catch {
            throw Problem(message: error.message)
        }
        report.partRuleCounts = parts.map(\.count)
        report.entries = problems.sorted { $0.key < $1.key }.map { index, problem in
            let source = converted.filters[index]
            var location = source.location
            location.column = problem.column
            return ConversionReport.Entry(location: location, filter: source.text, kind: problem.kind, message: problem.message)
        }
        return Result(parts: parts, report: report)
    }
}
