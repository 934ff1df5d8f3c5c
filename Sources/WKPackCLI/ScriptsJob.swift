import ScriptBundler

/// Command-line values that override the `scripts:` section.
public struct ScriptsOverrides: Sendable, Equatable {
    public var root: String?
    public var output: String?
    public var mode: BundleMode?
    public var sourceMaps: SourceMapMode?

    public init(root: String? = nil, output: String? = nil, mode: BundleMode? = nil, sourceMaps: SourceMapMode? = nil) {
        self.root = root
        self.output = output
        self.mode = mode
        self.sourceMaps = sourceMaps
    }
}

/// The scripts job: bundles the user scripts configured in `scripts:`.
public struct ScriptsJob: BuildJob {
    public let config: ProjectConfig
    public let overrides: ScriptsOverrides
    public let bundler: ScriptBundler

    public init(config: ProjectConfig, overrides: ScriptsOverrides = ScriptsOverrides(), bundler: ScriptBundler = ScriptBundler()) {
        self.config = config
        self.overrides = overrides
        self.bundler = bundler
    }

    public var name: String { "scripts" }

    /// The bundler configuration: command-line values, then the file's values, then defaults.
    /// Paths from the file are relative to its folder; paths from the command line to the current directory.
    public func bundleConfiguration() -> BundleConfiguration {
        let scripts = config.scripts ?? ScriptsConfig()
        let folder = config.folder
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") || folder == "." ? path : folder + "/" + path
        }
        let root = overrides.root ?? resolve(scripts.root ?? ScriptsConfig.defaultRoot)
        let output = overrides.output ?? resolve(scripts.output ?? ScriptsConfig.defaultOutput)
        let mode = overrides.mode ?? scripts.mode ?? ScriptsConfig.defaultMode
        return BundleConfiguration(
            root: root,
            output: output,
            projectFolder: folder,
            mode: mode,
            sourceMaps: overrides.sourceMaps ?? scripts.sourceMaps ?? ScriptsConfig.defaultSourceMaps(for: mode),
            groups: scripts.groups.map { group in
                var group = group
                group.files = group.files?.map(resolve)
                return group
            },
            rootOrigin: overrides.root == nil ? scripts.rootLocation : nil,
            resolution: ModuleResolutionOptions(
                aliases: scripts.aliases.mapValues { $0.map(resolve) },
                fallbacks: scripts.fallbacks.mapValues { $0.map(resolve) },
                resourceURIs: scripts.resourceURIs.map { ResourceURIRule(directory: resolve($0.directory), overrides: $0.overrides) },
                configurationPath: config.path))
    }

    /// Builds every group, writes the outputs, and returns the report lines.
    public func run() throws -> [String] {
        let clock = ContinuousClock()
        let started = clock.now
        let configuration = bundleConfiguration()
        let bundles = try bundler.build(configuration)
        let written = try bundler.write(bundles, to: configuration.output)
        return BuildReport.lines(bundles: bundles, written: written, output: configuration.output, total: clock.now - started)
    }
}
