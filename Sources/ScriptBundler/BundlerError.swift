/// A bundling failure, located in a file.
public struct BundlerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Equatable {
        case missingRoot
        case missingGroupFolder
        case missingFirstFile
        case unreadableFile
        case syntax(JavaScriptSyntaxError.Kind)
        case invalidConfiguration
        case writeFailed
        /// A module specifier that does not resolve (or an unknown loader prefix or Node built-in).
        case moduleNotFound
        /// An imported or re-exported name that the ES module does not export.
        case exportNotFound
        /// Syntax a bundle cannot support (top-level `await`, `import.meta`).
        case unsupportedSyntax
        /// A module file that is not valid (e.g. invalid JSON).
        case invalidModule
    }

    public let kind: Kind
    public let location: SourceLocation
    public let message: String

    public init(_ kind: Kind, at location: SourceLocation, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `path:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }
}
