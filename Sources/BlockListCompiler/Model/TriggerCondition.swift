/// The one condition a trigger may have: a list of domains or URL patterns and how it applies.
public struct TriggerCondition: Sendable, Hashable {
    /// The condition's key.
    public enum Kind: String, CaseIterable, Sendable {
        case ifDomain = "if-domain", unlessDomain = "unless-domain"
        case ifTopURL = "if-top-url", unlessTopURL = "unless-top-url"
        case ifFrameURL = "if-frame-url", unlessFrameURL = "unless-frame-url"

        /// Whether the entries are domains (turned into regular expressions by WebKit).
        public var isDomainList: Bool { self == .ifDomain || self == .unlessDomain }
        /// The first target that knows the key.
        public var introducedIn: WebKitTarget { self == .ifFrameURL || self == .unlessFrameURL ? .safari26 : .safari14 }
    }

    public var kind: Kind
    /// The domains or URL patterns, as written.
    public var values: [String]

    public init(kind: Kind, values: [String]) {
        self.kind = kind
        self.values = values
    }
}
