/// The outcome of writing one output file.
public struct WrittenFile: Sendable, Equatable {
    /// The file's path.
    public let path: String
    /// The file's size in bytes.
    public let byteCount: Int
    /// `false` when the file already had these bytes and was left untouched.
    public let changed: Bool
}
