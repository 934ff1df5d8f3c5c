/// One round of checking freshly converted rules as WebKit compiles them: the rules WebKit refuses (an error) or
/// drops silently (a selector it cannot parse), and dropping them with every other rule of the same filter, the
/// filter reported as refused. A conversion repeats rounds until none is refused (at most `maximumRounds`).
public enum ConvertedRuleCheck {
    /// Rounds a conversion runs at most.
    public static let maximumRounds = 3

    /// The index of each refused or dropped rule of `rules`, with the message for its filter.
    ///
    /// Rules are loaded independently of each other (only targets that refuse mixing `if-domain` with
    /// `if-top-url` check the whole list), so the rules `RuleAcceptanceCheck` accepts in memory are left out and only
    /// the others are serialized and loaded, with the messages the whole list would give them.
    public static func refusedRules(_ rules: [Rule], target: WebKitTarget, serializer: RuleListSerializer = RuleListSerializer()) -> [Int:
        String]
    {
        if target.refusesMixedDomainAndTopURLConditions { return loadedRefusals(rules, target: target, serializer: serializer) }
        var check = RuleAcceptanceCheck(target: target)
        // The converter's url-filter forms (`URLFilterLiteralRuns` reads them, and every one it reads parses: tested
        // on the converted EasyList + EasyPrivacy and on each form) are not parsed again: the parse was most of the
        // check's time.
        check.isKnownAccepted = { URLFilterLiteralRuns.isKnownAccepted($0) }
        var doubtful: [Int] = []
        // Read in place, through the buffer's pointer (indexing the array, or the buffer, copied each rule).
        rules.withUnsafeBufferPointer { rules in
            guard let base = rules.baseAddress else { return }
            for index in rules.indices where !check.accepts(at: base + index) { doubtful.append(index) }
        }
        if doubtful.isEmpty { return [:] }
        if doubtful.count == rules.count { return loadedRefusals(rules, target: target, serializer: serializer) }
        var refused: [Int: String] = [:]
        for (position, message) in loadedRefusals(doubtful.map { rules[$0] }, target: target, serializer: serializer) {
            refused[doubtful[position]] = message
        }
        return refused
    }

    /// `refusedRules` of `rules` serialized and read back with the loader.
    private static func loadedRefusals(_ rules: [Rule], target: WebKitTarget, serializer: RuleListSerializer) -> [Int: String] {
        // Loaded, not checked: the checker's lints only warn, and only errors and the kept rules count here (no
        // lints, no copy of the loaded rules).
        let bytes = serializer.serializedBytes(rules)
        let reading = RuleListLoader(target: target).read(bytes)
        var refused: [Int: String] = [:]
        for diagnostic in reading.locatedDiagnostics(in: bytes).diagnostics where diagnostic.severity == .error {
            guard let ruleIndex = diagnostic.ruleIndex, ruleIndex < rules.count else { continue }
            refused[ruleIndex] = refused[ruleIndex] ?? diagnostic.message
        }
        // Rules WebKit drops silently (a selector it cannot parse) are missing from the kept indices.
        var kept = [Bool](repeating: false, count: rules.count)
        for loaded in reading.kept where loaded.index < rules.count { kept[loaded.index] = true }
        for ruleIndex in rules.indices where !kept[ruleIndex] && refused[ruleIndex] == nil {
            refused[ruleIndex] = "WebKit drops this rule (its selector does not parse)"
        }
        return refused
    }

    /// Removes every rule whose filter has a refused rule, and reports each such filter in `problems`.
    public static func drop(
        _ refused: [Int: String], from rules: inout [Rule], filters ruleFilters: inout [Int], problems: inout [Int: FilterProblem]
    ) {
        // The message of a filter's first refused rule (in rule order, so the report does not depend on hashing).
        let refusedFilters = Dictionary(
            refused.sorted { $0.key < $1.key }.map { (ruleFilters[$0.key], $0.value) }.filter { $0.0 >= 0 },
            uniquingKeysWith: { first, _ in first })
        for (filter, message) in refusedFilters {
            problems[filter] = FilterProblem(kind: .refusedByWebKit, column: 1, message: "WebKit would refuse the rule: \(message)")
        }
        let keep = rules.indices.filter { refusedFilters[ruleFilters[$0]] == nil }
        rules = keep.map { rules[$0] }
        ruleFilters = keep.map { ruleFilters[$0] }
    }
}
