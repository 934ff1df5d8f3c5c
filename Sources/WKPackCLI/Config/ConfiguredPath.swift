import ScriptBundler

/// A path `wkpack.yml` names (other than `scripts.root` and `scripts.output`), with what it is for and where it
/// is written, so `ProjectBoundary` can refuse it at its own line and column.
public struct ConfiguredPath: Sendable, Equatable {
    /// What the path is, for messages: `alias 'Assets'`, `fallback 'url'`, `rules check list`, ...
    public var role: String
    /// The path as written (for a `resourceURIs` override, joined to the resource directory), relative to `base`
    /// or absolute.
    public var path: String
    /// Where the value is written.
    public var location: SourceLocation
    /// What a relative `path` is relative to.
    public var base: Base

    /// What a relative path is relative to.
    public enum Base: Sendable, Equatable {
        /// The configuration file's folder.
        case configurationFolder
        /// The scripts root (a group's `folder`).
        case root
        /// The rules output folder (a merged list's `output`).
        case rulesOutput
    }

    public init(role: String, path: String, location: SourceLocation, base: Base = .configurationFolder) {
        self.role = role
        self.path = path
        self.location = location
        self.base = base
    }
}
