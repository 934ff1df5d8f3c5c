/// One term of an accepted url-filter, as WebKit's `URLFilterParser` sees it.
public struct URLFilterTerm: Sendable, Hashable {
    /// What the term matches once.
    public enum Atom: Sendable, Hashable {
        /// One unit from the set; `$` (and a NUL) is the set holding only the end marker 0.
        case set(ASCIISet)
        /// A sequence of terms.
        case group([URLFilterTerm])
    }

    /// How often the atom repeats (WebKit's subset: once, `?`, `*`, `+`).
    public enum Quantifier: Sendable, Hashable {
        /// Once, `?` (zero or one), `*` (zero or more), `+` (one or more).
        case one, zeroOrOne, zeroOrMore, oneOrMore
    }

    /// What the term matches once.
    public var atom: Atom
    /// How often the atom repeats.
    public var quantifier: Quantifier

    /// Creates a term.
    public init(atom: Atom, quantifier: Quantifier = .one) {
        self.atom = atom
        self.quantifier = quantifier
    }
}

/// The term tree of an accepted url-filter.
public struct URLFilterPattern: Sendable, Hashable {
    /// The pattern starts with `^`.
    public var isAnchoredAtStart: Bool
    /// The terms, in order.
    public var terms: [URLFilterTerm]
    /// Every term can match the empty string: WebKit treats the rule as matching every URL.
    public var matchesEverything: Bool

    /// Creates a pattern.
    public init(isAnchoredAtStart: Bool, terms: [URLFilterTerm], matchesEverything: Bool) {
        self.isAnchoredAtStart = isAnchoredAtStart
        self.terms = terms
        self.matchesEverything = matchesEverything
    }
}
