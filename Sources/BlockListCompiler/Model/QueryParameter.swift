/// One entry of `add-or-replace-parameters`.
public struct QueryParameter: Sendable, Hashable {
    public var key: String
    public var value: String
    /// `replace-only` when it is a boolean.
    public var replaceOnly: Bool?

    public init(key: String, value: String, replaceOnly: Bool? = nil) {
        self.key = key
        self.value = value
        self.replaceOnly = replaceOnly
    }
}
