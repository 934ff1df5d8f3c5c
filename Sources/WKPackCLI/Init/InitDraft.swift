import ScriptBundler

/// The `scripts:` section `wkpack init` is about to write. Paths are relative to the configuration file's folder.
struct InitDraft: Equatable {
    /// One group to write under `groups:`.
    struct Group: Equatable {
        var name: String
        /// Folder relative to the root (`nil` for a standard group in its standard folder, or for `files`).
        var folder: String?
        var files: [String]?
        var output: String?
        var first: String?
    }

    /// One `alias:` or `fallback:` entry: a path, or `nil` for `false`, with an optional comment.
    struct PathEntry: Equatable {
        var name: String
        var path: String?
        var comment: String?
    }

    var root = ScriptsConfig.defaultRoot
    var output: String?
    var mode: BundleMode?
    /// `scripts.target`, when the sources use syntax newer than the default target, and why.
    var target: ScriptTarget?
    var targetReason: String?
    /// The oldest target `wkpack build` can lower the sources for (`SyntaxLowering.oldestTarget(for:)`), and why
    /// not an older one; `nil` when it is the target itself.
    var loweringTarget: ScriptTarget?
    var loweringReason: String?
    var sourceMaps: SourceMapMode?
    var aliases: [PathEntry] = []
    var fallbacks: [PathEntry] = []
    var resourceDirectory: String?
    var overridesFile: String?
    var groups: [Group] = []
    /// The command line that wrote the draft, named in the file's first comment.
    var origin = "wkpack init"
}

/// A located problem `wkpack init` reports (as a warning) or fails with (as an error).
struct InitDiagnostic: Equatable, CustomStringConvertible {
    var location: SourceLocation
    var message: String
    var isError = false

    /// `path:line:col: warning: message`.
    var description: String {
        let place = location.line > 0 ? location.description : location.path
        return "\(place): \(isError ? "error" : "warning"): \(message)"
    }
}
