/// One input file of list generation or merging: the path used in diagnostics and the bytes.
public struct SourceInput: Sendable {
    /// The path shown in diagnostics.
    public var path: String
    /// The file's content.
    public var bytes: [UInt8]

    /// Creates an input from its path (as diagnostics name it) and bytes.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
