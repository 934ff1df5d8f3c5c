import ScriptLowering
import ScriptSyntax

/// Everything a bundle build needs. Paths are absolute or relative to the current directory.
public struct BundleConfiguration: Sendable, Equatable {
    /// The user-script root (`UserScripts`).
    public var root: String
    /// The output folder (`Assets`).
    public var output: String
    /// Folder that banner comments are relative to (the project folder).
    public var projectFolder: String
    /// Production (minified) or development (readable, a banner per file).
    public var mode: BundleMode
    /// Where each bundle's source map goes: a `.map` file, an inline `data:` URI, or nowhere.
    public var sourceMaps: SourceMapMode
    /// Configured groups; standard groups are discovered whether listed or not.
    public var groups: [ScriptGroupDefinition]
    /// Where the root was configured (for a missing-root error), if known.
    public var rootOrigin: SourceLocation?
    /// How module specifiers resolve (aliases, fallbacks, `resource://` URIs).
    public var resolution: ModuleResolutionOptions
    /// The oldest Safari the bundles must run on: source syntax it lacks is an error, and the module runtime
    /// uses only globals it has.
    public var target: ScriptTarget
    /// Whether each bundle gets a `size` (its modules and the bytes each contributes, for a metafile or a size
    /// report). The bundles' bytes are the same either way.
    public var analyzesSize = false

    /// Creates a configuration; every setting but the three folders has the default of `wkpack.yml`.
    public init(
        root: String, output: String, projectFolder: String, mode: BundleMode = .production,
        sourceMaps: SourceMapMode = .external, groups: [ScriptGroupDefinition] = [], rootOrigin: SourceLocation? = nil,
        resolution: ModuleResolutionOptions = ModuleResolutionOptions(), target: ScriptTarget = .default
    ) {
        self.target = target
        self.resolution = resolution
        self.root = root
        self.output = output
        self.projectFolder = projectFolder
        self.mode = mode
        self.sourceMaps = sourceMaps
        self.groups = groups
        self.rootOrigin = rootOrigin
    }
}
