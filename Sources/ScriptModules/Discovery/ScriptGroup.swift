/// A discovered group: its folder and its files in bundle order.
public struct ScriptGroup: Sendable, Equatable {
    /// The group's name, e.g. `AllFramesAtDocumentStart`.
    public let name: String
    /// Absolute folder path.
    public let folder: String
    /// The bundle's file name in the output folder, e.g. `AllFramesAtDocumentStart.js`.
    public let outputFileName: String
    /// File names in bundle order (absolute paths for a group configured with `files:`).
    public let files: [String]

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(name: String, folder: String, outputFileName: String, files: [String]) {
        self.name = name
        self.folder = folder
        self.outputFileName = outputFileName
        self.files = files
    }
}
