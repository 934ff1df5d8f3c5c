/// One entry of `add-or-replace-parameters`.
public struct QueryParameter: Sendable, Hashable {
    /// The parameter's name.
    public var key: String
    /// The parameter's value.
    public var value: String
    /// `replace-only` when it is a boolean.
    public var replaceOnly: Bool?

    /// Creates a parameter entry.
    public init(key: String, value: String, replaceOnly: Bool? = nil) {
        self.key = key
        self.value = value
        self.replaceOnly = replaceOnly
    }
}
