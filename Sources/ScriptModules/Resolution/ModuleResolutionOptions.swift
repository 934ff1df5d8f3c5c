import ScriptSyntax

/// How bare names, aliases, Node built-ins and `resource://` URIs resolve (the `scripts:` settings
/// `alias:`, `fallback:` and `resourceURIs:`). Paths are absolute or relative to the current directory.
public struct ModuleResolutionOptions: Sendable, Equatable {
    /// `alias: {Assets: ../Client/Assets}`: a specifier equal to the name or starting with `name/` is
    /// rewritten to the target path; a `nil` target (`false`) makes it an empty module.
    public var aliases: [String: String?]
    /// `fallback: {url: ./url-shim.js, fs: false}`: used for a bare name that node_modules cannot provide
    /// (Node built-ins); `nil` (`false`) means an empty module.
    public var fallbacks: [String: String?]
    /// Rewriting of `resource://...` URIs.
    public var resourceURIs: ResourceURIRule?
    /// The configuration file, named in errors that a configuration key can fix.
    public var configurationPath: String?

    /// Creates resolution options; the defaults resolve relative paths and `node_modules` only.
    public init(
        aliases: [String: String?] = [:], fallbacks: [String: String?] = [:], resourceURIs: ResourceURIRule? = nil,
        configurationPath: String? = nil
    ) {
        self.aliases = aliases
        self.fallbacks = fallbacks
        self.resourceURIs = resourceURIs
        self.configurationPath = configurationPath
    }
}

/// `resourceURIs: {directory: ..., overrides: {Name: Replacement}}`: every `resource://.../Name` import
/// resolves to `directory/Name`, after replacing `Name` by its override unless the importer is the
/// replacement file itself (so an override can import the original).
///
/// The overrides are either listed (`overrides`) or read from a CommonJS/ES file (`overridesFile`, see
/// `OverrideTableReader`) when a build first resolves a `resource://` URI; the file is then one of the build's
/// inputs (watch mode rebuilds when it changes) and its table replaces `overrides`.
public struct ResourceURIRule: Sendable, Equatable {
    /// The folder `resource://.../Name` imports resolve into.
    public var directory: String
    /// Listed overrides: an imported name mapped to the file that replaces it in `directory`.
    public var overrides: [String: String]
    /// A file holding the override table (absolute or relative to the current directory), if configured.
    public var overridesFile: String?
    /// Where `overridesFile` was configured, for an error when the file is missing.
    public var overridesFileOrigin: SourceLocation?

    /// Creates a rule; give `overrides` or `overridesFile`, not both.
    public init(
        directory: String, overrides: [String: String] = [:], overridesFile: String? = nil, overridesFileOrigin: SourceLocation? = nil
    ) {
        self.directory = directory
        self.overrides = overrides
        self.overridesFile = overridesFile
        self.overridesFileOrigin = overridesFileOrigin
    }
}
