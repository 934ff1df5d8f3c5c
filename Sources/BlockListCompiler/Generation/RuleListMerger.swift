/// Merges rule lists into one, in order, with an optional safelist rule last, and checks the result against a target's
/// rule limit and the caller's budgets.
///
/// Output byte format (deterministic): `[`, newline, each rule's source text exactly as it appears in its input (from
/// its `{` to its `}`), rules joined by `,` and newline, then the safelist rule when there is one, then newline, `]`,
/// newline. Every input must load without error (`RuleListLoader`) for the target; an input whose array is empty adds nothing.
public struct RuleListMerger: Sendable {
    /// The release whose rule limit and rules apply.
    public var target: WebKitTarget
    /// A rule budget below the target's limit, if any.
    public var maximumRuleCount: Int?
    /// A byte budget for the merged file, if any.
    public var maximumByteCount: Int?

    /// Creates a merger for `target`, with optional budgets below its limit.
    public init(target: WebKitTarget = .newest, maximumRuleCount: Int? = nil, maximumByteCount: Int? = nil) {
        self.target = target
        self.maximumRuleCount = maximumRuleCount
        self.maximumByteCount = maximumByteCount
    }

    /// Merges `lists` and appends `safelist`'s rule; `outputPath` names the result in diagnostics.
    public func merge(_ lists: [SourceInput], safelist: Safelist = Safelist(), outputPath: String = "merged list") throws(GenerationError)
        -> MergedList
    {
        var warnings: [GenerationDiagnostic] = []
        var output = Array("[\n".utf8)
        var ruleCount = 0
        let ruleLimit = min(target.maximumRuleCount, maximumRuleCount ?? Int.max)
        var firstRuleOverLimit: GenerationDiagnostic?
        var firstRuleOverBytes: GenerationDiagnostic?
        let closing = 3
        let loader = RuleListLoader(target: target)

        for list in lists {
            let parsed = try ParsedInput(list)
            let document = parsed.document
            guard document[document.root].kind == .array else {
                throw parsed.error(at: document.root, "a rule list must be a JSON array of rules, found \(parsed.kindName(document.root))")
            }
            let elements = document.elements(of: document.root)
            if elements.isEmpty {
                warnings.append(parsed.diagnostic(.warning, at: document.root, "the list has no rules; nothing to merge from it"))
                continue
            }
            let report = loader.load(list.bytes)
            if let error = report.errors.first {
                throw GenerationError(
                    GenerationDiagnostic(severity: .error, path: list.path, line: error.line, column: error.column, message: error.message))
            }
            for element in elements {
                if ruleCount > 0 { output.append(contentsOf: ",\n".utf8) }
                let node = document[element]
                output.append(contentsOf: list.bytes[Int(node.start)..<Int(node.end)])
                ruleCount += 1
                if ruleCount == ruleLimit + 1 {
                    firstRuleOverLimit = parsed.diagnostic(.error, at: element, "")
                }
                if let budget = maximumByteCount, firstRuleOverBytes == nil, output.count + closing > budget {
                    firstRuleOverBytes = parsed.diagnostic(.error, at: element, "")
                }
            }
        }
        let safelistRule = safelist.ruleBytes
        if !safelistRule.isEmpty {
            if ruleCount > 0 { output.append(contentsOf: ",\n".utf8) }
            output.append(contentsOf: safelistRule)
            ruleCount += 1
        }
        output.append(contentsOf: "\n]\n".utf8)

        func failure(_ located: GenerationDiagnostic?, _ message: String) -> GenerationError {
            var diagnostic = located ?? GenerationDiagnostic(severity: .error, path: outputPath, line: 1, column: 1, message: "")
            diagnostic.message = message
            return GenerationError(diagnostic)
        }
        guard ruleCount > 0 else {
            throw failure(nil, "the merged list has no rules; WebKit refuses an empty list")
        }
        if ruleCount > ruleLimit {
            func place(_ limit: String) -> String {
                firstRuleOverLimit == nil ? "; the safelist rule is the one over" : "; the first rule over the \(limit) is here"
            }
            if let budget = maximumRuleCount, budget < target.maximumRuleCount {
                throw failure(
                    firstRuleOverLimit,
                    "the merged list has \(ruleCount) rules, \(ruleCount - budget) more than the budget of \(budget) (--max-rules)"
                        + place("budget"))
            }
            throw failure(
                firstRuleOverLimit,
                "the merged list has \(ruleCount) rules, \(ruleCount - target.maximumRuleCount) more than \(target.rawValue) accepts (\(target.maximumRuleCount))"
                    + place("limit"))
        }
        if let budget = maximumByteCount, output.count > budget {
            throw failure(
                firstRuleOverBytes,
                "the merged list is \(output.count) bytes, \(output.count - budget) more than the budget of \(budget) (--max-bytes); the rule that crosses the budget is here"
            )
        }
        let report = loader.load(output)
        if let error = report.errors.first {
            throw GenerationError(
                GenerationDiagnostic(severity: .error, path: outputPath, line: error.line, column: error.column, message: error.message))
        }
        return MergedList(bytes: output, ruleCount: ruleCount, warnings: warnings)
    }
}
