/// The one condition a trigger may have: a list of domains or URL patterns and how it applies.
public struct TriggerCondition: Sendable, Hashable {
    /// The condition's key.
    public enum Kind: String, CaseIterable, Sendable {
        /// Domain conditions, matched against the top URL's host.
        case ifDomain = "if-domain", unlessDomain = "unless-domain"
        /// URL-pattern conditions on the top document's URL.
        case ifTopURL = "if-top-url", unlessTopURL = "unless-top-url"
        /// URL-pattern conditions on the URL of the frame's document.
        case ifFrameURL = "if-frame-url", unlessFrameURL = "unless-frame-url"

        /// Whether the entries are domains (turned into regular expressions by WebKit).
        public var isDomainList: Bool { self == .ifDomain || self == .unlessDomain }
        /// The first target that knows the key.
        public var introducedIn: WebKitTarget { self == .ifFrameURL || self == .unlessFrameURL ? .safari26 : .safari14 }
    }

    /// Which condition it is.
    public var kind: Kind
    /// The domains or URL patterns, as written.
    public var values: [String]

    /// Creates a condition.
    public init(kind: Kind, values: [String]) {
        self.kind = kind
        self.values = values
    }
}
