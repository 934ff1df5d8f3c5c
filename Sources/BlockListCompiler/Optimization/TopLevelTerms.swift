/// A url-filter's text cut into its top-level terms (atom text and quantifier), enough to drop or change whole
/// terms without parsing them. Refuses (nil) text it does not fully understand: lazy or counted quantifiers,
/// unbalanced brackets, a trailing backslash.
struct TopLevelTerms {
    struct Term: Equatable {
        var atom: ArraySlice<UInt8>
        /// `?`, `*`, `+` or nil.
        var quantifier: UInt8?
    }

    var isAnchoredAtStart: Bool
    var terms: [Term]

    init?(_ units: [UInt8]) {
        var index = 0
        isAnchoredAtStart = units.first == UInt8(ascii: "^")
        if isAnchoredAtStart { index = 1 }
        terms = []
        // At most one term per unit: room made once (growing the array by doubling was half of the cut).
        terms.reserveCapacity(units.count)
        while index < units.count {
            let start = index
            switch units[index] {
            case UInt8(ascii: "\\"):
                guard index + 1 < units.count else { return nil }
                index += 2
            case UInt8(ascii: "["):
                guard let end = TopLevelTerms.endOfSet(units, from: index) else { return nil }
                index = end
            case UInt8(ascii: "("):
                var depth = 0
                repeat {
                    switch units[index] {
                    case UInt8(ascii: "\\"): index += 1
                    case UInt8(ascii: "["):
                        guard let end = TopLevelTerms.endOfSet(units, from: index) else { return nil }
                        index = end - 1
                    case UInt8(ascii: "("): depth += 1
                    case UInt8(ascii: ")"): depth -= 1
                    default: break
                    }
                    index += 1
                } while depth > 0 && index < units.count
                guard depth == 0, index <= units.count else { return nil }
            case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"), UInt8(ascii: ")"), UInt8(ascii: "|"),
                UInt8(ascii: "^"):
                return nil
            default:
                index += 1
            }
            let atom = units[start..<index]
            var quantifier: UInt8?
            if index < units.count, [UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(units[index]) {
                quantifier = units[index]
                index += 1
                if index < units.count, [UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{")].contains(units[index])
                {
                    return nil
                }
            }
            if index < units.count, units[index] == UInt8(ascii: "{") { return nil }
            terms.append(Term(atom: atom, quantifier: quantifier))
        }
    }

    /// The index just past the `]` closing the set that opens at `start`, or nil.
    private static func endOfSet(_ units: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < units.count {
            switch units[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "]"): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// Whether `term` can only ever stand for one unit: a plain character, an escape or a set, unquantified.
    static func isSingleUnitAtom(_ term: Term) -> Bool {
        guard term.quantifier == nil, let first = term.atom.first else { return false }
        switch first {
        case UInt8(ascii: "("), UInt8(ascii: "."), UInt8(ascii: "$"): return false
        default: return true
        }
    }

    /// Drops trailing terms quantified `?` or `*` and turns a trailing `+` into one occurrence; keeps at least one
    /// term. Whether anything changed.
    mutating func dropTrailingOptionalTerms() -> Bool {
        var changed = false
        while terms.count > 1, let last = terms.last, last.quantifier == UInt8(ascii: "?") || last.quantifier == UInt8(ascii: "*") {
            terms.removeLast()
            changed = true
        }
        if terms.count > 1, terms[terms.count - 1].quantifier == UInt8(ascii: "+") {
            terms[terms.count - 1].quantifier = nil
            changed = true
        }
        return changed
    }

    /// Quantifies the first atom of an unanchored filter with `+` when it is a single unit followed by more terms.
    /// Whether anything changed.
    mutating func repeatFirstAtom() -> Bool {
        guard !isAnchoredAtStart, terms.count > 1, TopLevelTerms.isSingleUnitAtom(terms[0]) else { return false }
        terms[0].quantifier = UInt8(ascii: "+")
        return true
    }

    func rendered() -> [UInt8] {
        var units: [UInt8] = isAnchoredAtStart ? [UInt8(ascii: "^")] : []
        for term in terms {
            units += term.atom
            if let quantifier = term.quantifier { units.append(quantifier) }
        }
        return units
    }
}
