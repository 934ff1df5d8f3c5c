/// One generated rule list: its file name and content.
public struct GeneratedList: Sendable, Equatable {
    /// The file name, e.g. `disconnect-block-advertising.json`.
    public var name: String
    /// The exact bytes of the file.
    public var bytes: [UInt8]
    /// Number of rules in it.
    public var ruleCount: Int

    /// Creates a list named `name` with its bytes and rule count.
    public init(name: String, bytes: [UInt8], ruleCount: Int) {
        self.name = name
        self.bytes = bytes
        self.ruleCount = ruleCount
    }
}
