/// A filter list to convert: its path (for locations) and its text.
public struct FilterListFile: Sendable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
