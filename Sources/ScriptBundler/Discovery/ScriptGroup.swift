/// A discovered group: its folder and its files in bundle order.
public struct ScriptGroup: Sendable, Equatable {
    public let name: String
    /// Absolute folder path.
    public let folder: String
    public let outputFileName: String
    /// File names in bundle order (absolute paths for a group configured with `files:`).
    public let files: [String]
}
