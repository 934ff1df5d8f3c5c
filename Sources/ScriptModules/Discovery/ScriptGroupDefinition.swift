import ScriptSyntax

/// A group as configured: a standard group to adjust or an extra named group.
public struct ScriptGroupDefinition: Sendable, Equatable {
    /// Group name, e.g. `AllFramesAtDocumentStart`.
    public var name: String
    /// Folder relative to the root; `nil` for a standard group (derived from its name).
    public var folder: String?
    /// Output file name; `nil` means `<name>.js`.
    public var outputFileName: String?
    /// A file that must exist in the group and is placed first.
    public var first: String?
    /// An explicit list of files (paths), instead of a folder; bundled in this order.
    public var files: [String]?
    /// Where the group was declared (for error messages), if known.
    public var origin: SourceLocation?

    /// Creates a group definition; leave `folder` and `files` out to adjust a standard group.
    public init(
        name: String, folder: String? = nil, outputFileName: String? = nil, first: String? = nil, origin: SourceLocation? = nil,
        files: [String]? = nil
    ) {
        self.files = files
        self.name = name
        self.folder = folder
        self.outputFileName = outputFileName
        self.first = first
        self.origin = origin
    }

    /// The standard groups, `<Frame><Time>` with folder `<Frame>/<Time>`.
    public static let standardGroups: [(name: String, folder: String)] = {
        var groups: [(String, String)] = []
        for frame in ["AllFrames", "MainFrame"] {
            for time in ["AtDocumentStart", "AtDocumentEnd"] {
                groups.append((frame + time, frame + "/" + time))
            }
        }
        return groups
    }()
}
