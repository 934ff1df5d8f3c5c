/// One term of an accepted url-filter, as WebKit's `URLFilterParser` sees it.
public struct URLFilterTerm: Sendable, Hashable {
    /// What the term matches once.
    public indirect enum Atom: Sendable, Hashable {
        /// One unit from the set; `$` (and a NUL) is the set holding only the end marker 0.
        case set(ASCIISet)
        /// A sequence of terms.
        case group([URLFilterTerm])
    }

    /// How often the atom repeats (WebKit's subset: once, `?`, `*`, `+`).
    public enum Quantifier: Sendable, Hashable {
        case one, zeroOrOne, zeroOrMore, oneOrMore
    }

    public var atom: Atom
    public var quantifier: Quantifier

    public init(atom: Atom, quantifier: Quantifier = .one) {
        self.atom = atom
        self.quantifier = quantifier
    }
}

/// The term tree of an accepted url-filter.
public struct URLFilterPattern: Sendable, Hashable {
    /// The pattern starts with `^`.
    public var isAnchoredAtStart: Bool
    public var terms: [URLFilterTerm]
    /// Every term can match the empty string: WebKit treats the rule as matching every URL.
    public var matchesEverything: Bool

    public init(isAnchoredAtStart: Bool, terms: [URLFilterTerm], matchesEverything: Bool) {
        self.isAnchoredAtStart = isAnchoredAtStart
        self.terms = terms
        self.matchesEverything = matchesEverything
    }
}
