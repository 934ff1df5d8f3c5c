/// A member WebKit ignores, kept verbatim so a list survives a round trip.
public struct UnknownMember: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value, as JSON source text.
    public var json: String

    /// Creates a record of the member `key` with its JSON text.
    public init(key: String, json: String) {
        self.key = key
        self.json = json
    }
}
