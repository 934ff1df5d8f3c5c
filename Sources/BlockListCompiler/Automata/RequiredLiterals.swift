/// The literal runs every match of a pattern must contain, lower-cased (used to index rules).
enum RequiredLiterals {
    /// The runs of consecutive single characters on the pattern's mandatory path, lower-cased.
    static func of(_ pattern: URLFilterPattern) -> [[UInt8]] {
        if pattern.matchesEverything { return [] }
        var runs: [[UInt8]] = []
        var current: [UInt8] = []
        walk(pattern.terms, &current, &runs)
        flush(&current, &runs)
        return runs
    }

    private static func flush(_ current: inout [UInt8], _ runs: inout [[UInt8]]) {
        if !current.isEmpty { runs.append(current) }
        current = []
    }

    /// The lower-cased unit when the set is one character up to case.
    static func singleCharacter(_ set: ASCIISet) -> UInt8? {
        // At most two units (a letter in both cases) can lower-case to one character.
        guard set.count <= 2 else { return nil }
        var result: UInt8?
        var low = set.low, high = set.high
        while low != 0 || high != 0 {
            let unit: UInt8
            if low != 0 {
                unit = UInt8(low.trailingZeroBitCount)
                low &= low &- 1
            } else {
                unit = 64 + UInt8(high.trailingZeroBitCount)
                high &= high &- 1
            }
            let lower = CanonicalURL.lowercased(unit)
            if lower == 0 { return nil }
            if let existing = result, existing != lower { return nil }
            result = lower
        }
        return result
    }

    private static func walk(_ terms: [URLFilterTerm], _ current: inout [UInt8], _ runs: inout [[UInt8]]) {
        for term in terms {
            switch (term.atom, term.quantifier) {
            case (.set(let set), .one):
                if let unit = singleCharacter(set) { current.append(unit) } else { flush(&current, &runs) }
            case (.set(let set), .oneOrMore):
                if let unit = singleCharacter(set) {
                    current.append(unit)
                    flush(&current, &runs)
                    current = [unit]
                } else {
                    flush(&current, &runs)
                }
            case (.group(let inner), .one):
                walk(inner, &current, &runs)
            case (.group(let inner), .oneOrMore):
                walk(inner, &current, &runs)
                flush(&current, &runs)
            default:
                flush(&current, &runs)
            }
        }
    }

    /// The distinct 4-byte grams of the runs.
    static func grams(_ runs: [[UInt8]]) -> [UInt32] {
        var result: [UInt32] = []
        for run in runs where run.count >= 4 {
            for start in 0...(run.count - 4) {
                let gram = GramIndex.gram(run[start], run[start + 1], run[start + 2], run[start + 3])
                if !result.contains(gram) { result.append(gram) }
            }
        }
        return result
    }
}
