/// A bundling failure, located in a file.
public struct BundlerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Equatable {
        /// The user-script root does not exist.
        case missingRoot
        /// A configured group's folder does not exist.
        case missingGroupFolder
        /// A group's `first` file is not in the group.
        case missingFirstFile
        /// A file cannot be read (a broken link, a folder or device named like a script, no permission, gone).
        case unreadableFile
        /// A script does not tokenize or parse; the associated value says how.
        case syntax(JavaScriptSyntaxError.Kind)
        /// A setting cannot be used (an output folder inside the root, two groups writing one output, ...).
        case invalidConfiguration
        /// An output could not be written.
        case writeFailed
        /// A module specifier that does not resolve (or an unknown loader prefix or Node built-in).
        case moduleNotFound
        /// An imported or re-exported name that the ES module does not export.
        case exportNotFound
        /// Syntax a bundle cannot support (top-level `await`, `import.meta`).
        case unsupportedSyntax
        /// A module file that is not valid (e.g. invalid JSON).
        case invalidModule
        /// wkpack's own bug: code it generated from files that parsed does not parse (the message asks to report it).
        case internalError
    }

    /// What failed, for callers that handle kinds differently.
    public let kind: Kind
    /// Where it failed: the file, line and column the message is about.
    public let location: SourceLocation
    /// The message, without the location.
    public let message: String

    /// Creates an error of `kind` at `location`.
    public init(_ kind: Kind, at location: SourceLocation, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `path:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }
}

extension BundlerError {
    /// The internal error for code wkpack generated for `outputFileName` (a piece of a production bundle, from files
    /// that parsed) that the parser refuses: wkpack's bug, reported instead of a bundle that would not run.
    package static func generatedCodeDoesNotParse(_ error: JavaScriptSyntaxError, outputFileName: String) -> BundlerError {
        BundlerError(
            .internalError, at: SourceLocation(path: outputFileName),
            "internal error: code wkpack generated for this bundle does not parse (\(error.line):\(error.column): \(error.message)); "
                + "please report it")
    }
}
