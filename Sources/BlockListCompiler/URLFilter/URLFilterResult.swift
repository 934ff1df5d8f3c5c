/// What the URL-filter parser found in one pattern.
public struct URLFilterResult: Sendable, Equatable {
    /// WebKit's status for the pattern.
    public var status: URLFilterStatus
    /// Index (UTF-16 unit, which is also the byte index for ASCII patterns) of the offending character.
    public var offset: Int?
    /// A precise explanation of a refusal, e.g. "'|' (disjunction) is not supported".
    public var reason: String?

    /// Whether WebKit accepts the pattern.
    public var isAccepted: Bool { status.isAccepted }
}
