/// A filter list to convert: its path (for locations) and its text.
public struct FilterListFile: Sendable {
    /// The file's path, as reports should name it.
    public var path: String
    /// The file's text.
    public var text: String

    /// Creates a filter list file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
