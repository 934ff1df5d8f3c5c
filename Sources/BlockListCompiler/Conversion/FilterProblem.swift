/// Why a filter (or part of it) is not converted, or is converted to nothing.
public struct FilterProblem: Error, Sendable, Hashable {
    /// The kind of problem; the raw value is the name used in reports.
    public enum Kind: String, Sendable, CaseIterable {
        /// An option WebKit has no equivalent for (`$csp`, `$redirect`, `$removeparam`, `$rewrite`, ...).
        case unsupportedOption = "unsupported-option"
        /// A resource type WebKit cannot tell apart (`$object`, ...) or one the target does not know.
        case unsupportedResourceType = "unsupported-resource-type"
        /// A scriptlet injection (`##+js(...)`, `#%#`).
        case scriptlet
        /// A procedural cosmetic filter (`:has-text()`, `#?#`, `:xpath()`, ...).
        case proceduralCosmetic = "procedural-cosmetic"
        /// A CSS injection (`#$#`, `:style()`).
        case cssInjection = "css-injection"
        /// An HTML filter (`##^`, `$$`).
        case htmlFilter = "html-filter"
        /// A selector WebKit's CSS parser would refuse (WebKit drops such rules silently).
        case invalidSelector = "invalid-selector"
        /// A `/regex/` filter outside WebKit's regular-expression subset.
        case unsupportedRegex = "unsupported-regex"
        /// A pattern WebKit cannot express (non-ASCII characters, ...).
        case unsupportedPattern = "unsupported-pattern"
        /// A domain WebKit's conditions cannot express (entities like `google.*`, non-ASCII, ...).
        case unsupportedDomain = "unsupported-domain"
        /// Included and excluded domains at once: a WebKit trigger has one condition.
        case mixedDomains = "mixed-domains"
        /// A cosmetic exception narrower than the filters it cancels: WebKit cannot cancel one selector on a subdomain.
        case partialCosmeticException = "partial-cosmetic-exception"
        /// WebKit's compiler would refuse the generated rule.
        case refusedByWebKit = "refused-by-webkit"
        /// A line that is not a valid filter.
        case malformed
        /// Disabled by a `$badfilter` filter (dead).
        case badfiltered
        /// Cancelled everywhere by a cosmetic exception (dead).
        case cancelledByException = "cancelled-by-exception"
        /// Some resource types of the filter were not converted; the rest was.
        case partiallyConverted = "partially-converted"
        /// Converted whole, but WebKit decides some loads otherwise than the filter says: it evaluates a ping again
        /// as `other` (a filter for `other` but not `ping` also blocks pings), and it matches loads other than popups
        /// and media without their `#fragment` (a pattern holding `#` matches only those).
        case approximated

        /// Whether filters of this kind are dead: they do nothing in the source list either.
        public var isDead: Bool { self == .badfiltered || self == .cancelledByException }
        /// Whether the filter was still converted, in part.
        public var isPartial: Bool { self == .partiallyConverted }
        /// Whether the filter has rules in the output although it is reported (in part, or approximated).
        public var isConverted: Bool { self == .partiallyConverted || self == .approximated }
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// 1-based column in the filter's line of the construct at fault.
    public var column: Int
    /// Why the filter (or part of it) is reported.
    public var message: String

    /// Creates a problem at `column` of the filter's line.
    public init(kind: Kind, column: Int, message: String) {
        self.kind = kind
        self.column = column
        self.message = message
    }
}
