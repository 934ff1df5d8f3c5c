/// A discovered group: its folder and its files in bundle order.
public struct ScriptGroup: Sendable, Equatable {
    public let name: String
    /// Absolute folder path.
    public let folder: String
    public let outputFileName: String
    /// File names (not paths) in bundle order.
    public let files: [String]
}
