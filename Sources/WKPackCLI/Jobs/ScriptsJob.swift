import Foundation
import ScriptBundler

/// Command-line values that override the `scripts:` section.
public struct ScriptsOverrides: Sendable, Equatable {
    public var root: String?
    public var output: String?
    public var mode: BundleMode?
    public var sourceMaps: SourceMapMode?
    public var target: ScriptTarget?

    public init(
        root: String? = nil, output: String? = nil, mode: BundleMode? = nil, sourceMaps: SourceMapMode? = nil, target: ScriptTarget? = nil
    ) {
        self.root = root
        self.output = output
        self.mode = mode
        self.sourceMaps = sourceMaps
        self.target = target
    }
}

/// The scripts job: bundles the user scripts configured in `scripts:`.
public struct ScriptsJob: BuildJob {
    public let config: ProjectConfig
    public let overrides: ScriptsOverrides
    public let bundler: ScriptBundler
    /// `--metafile` and `--report`.
    let size: SizeOutputOptions

    public init(config: ProjectConfig, overrides: ScriptsOverrides = ScriptsOverrides(), bundler: ScriptBundler = ScriptBundler()) {
        self.init(config: config, overrides: overrides, bundler: bundler, size: SizeOutputOptions())
    }

    init(
        config: ProjectConfig, overrides: ScriptsOverrides = ScriptsOverrides(), bundler: ScriptBundler = ScriptBundler(),
        size: SizeOutputOptions
    ) {
        self.config = config
        self.overrides = overrides
        self.bundler = bundler
        self.size = size
    }

    /// What a run prints: the build lines, and the size report (text lines, or one JSON document).
    struct Outcome {
        var lines: [String]
        var reportLines: [String] = []
        var reportJSON: String?
    }

    /// Where the metafile goes: `--metafile` (relative to the current directory), else `scripts.metafile`
    /// (relative to the configuration file's folder), else nowhere.
    var metafilePath: String? {
        if let path = size.metafile { return path }
        guard let path = config.scripts?.metafile else { return nil }
        return path.hasPrefix("/") || config.folder == "." ? path : config.folder + "/" + path
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
                resourceURIs: scripts.resourceURIs.map {
                    ResourceURIRule(
                        directory: resolve($0.directory), overrides: $0.overrides, overridesFile: $0.overridesFile.map(resolve),
                        overridesFileOrigin: $0.overridesFileOrigin)
                },
                configurationPath: config.path),
            target: overrides.target ?? scripts.target ?? .default)
    }

    /// Builds every group, writes the outputs, and returns the report lines.
    public func run() throws -> [String] {
        let outcome = try outcome()
        return outcome.lines + outcome.reportLines + (outcome.reportJSON.map { [$0] } ?? [])
    }

    /// Builds every group, checks the `maxBytes` budgets, writes the outputs (none when a bundle is over its
    /// budget) and the metafile, and returns what to print. A requested report is printed before a budget
    /// failure is thrown, so it shows what makes the bundle too large.
    func outcome() throws -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        var configuration = bundleConfiguration()
        let metafile = metafilePath
        configuration.analyzesSize = metafile != nil || size.report != nil
        // Groups the boundary check discovered are built as they are, not discovered again.
        let groups = try checkProjectBoundary(configuration) ?? bundler.discoverGroups(configuration)
        // Each bundle is written to a temporary file as soon as it is built; they are put in place below, once
        // every group is built and within its budget, or removed.
        let staging = try bundler.stageOutputs(to: configuration.output)
        let bundles: [GroupBundle]
        do {
            bundles = try bundler.build(groups, configuration: configuration, staging: staging)
        } catch {
            staging.discard()
            throw error
        }
        var outcome = Outcome(lines: [])
        switch size.report {
        case .text: outcome.reportLines = SizeReport.textLines(bundles)
        case .json: outcome.reportJSON = SizeReport.json(bundles)
        case nil: break
        }
        let overBudget = BundleBudgetCheck.violations(of: bundles, config: config.scripts ?? ScriptsConfig())
        if !overBudget.isEmpty {
            staging.discard()
            Console.standard.writeLines(outcome.reportLines + (outcome.reportJSON.map { [$0] } ?? []))
            throw BundleBudgetCheck.Failure(errors: overBudget)
        }
        let written = try staging.commit(bundles)
        if let metafile {
            do {
                try LocalListFileSystem().writeAtomically(Metafile(bundles: bundles, configuration: configuration).json(), to: metafile)
            } catch {
                throw BundlerError(.writeFailed, at: SourceLocation(path: metafile), "cannot write the metafile: \(error.message)")
            }
        }
        outcome.lines = BuildReport.lines(bundles: bundles, written: written, output: configuration.output, total: clock.now - started)
        if let metafile { outcome.lines.append("metafile: \(metafile)") }
        return outcome
    }

    /// Refuses an output folder inside the root through a symbolic link, and configured paths (root, output,
    /// script files) that lead outside the project folder unless `allowOutsideProject` is set; command-line
    /// paths are explicit and exempt from the latter. `groups` are the discovered groups (discovered here when
    /// `nil`); watch mode passes those of each rebuild. Returns the groups it checked, if any.
    @discardableResult
    func checkProjectBoundary(_ configuration: BundleConfiguration, groups: [ScriptGroup]? = nil) throws -> [ScriptGroup]? {
        let scripts = config.scripts ?? ScriptsConfig()
        let resolvedOutput = ProjectBoundary.resolve(AbsolutePath.make(configuration.output))
        let resolvedRoot = ProjectBoundary.resolve(AbsolutePath.make(configuration.root))
        if Paths.isSameOrInside(resolvedOutput, resolvedRoot) {
            throw ConfigError(
                at: overrides.output == nil
                    ? scripts.outputLocation ?? SourceLocation(path: configuration.output) : SourceLocation(path: configuration.output),
                "output folder '\(configuration.output)' must not be the root folder '\(configuration.root)' or inside it (through a symbolic link)"
            )
        }
        guard !scripts.allowOutsideProject else { return groups }
        let boundary = ProjectBoundary(projectFolder: config.folder)
        let hint = " (set 'allowOutsideProject: true' under 'scripts' to allow it)"
        let configFile = config.path ?? ProjectConfig.defaultFileName
        if overrides.root == nil, let problem = boundary.escape(configuration.root) {
            throw ConfigError(at: scripts.rootLocation ?? SourceLocation(path: configFile), "root " + problem + hint)
        }
        if overrides.output == nil, let problem = boundary.escape(configuration.output) {
            throw ConfigError(at: scripts.outputLocation ?? SourceLocation(path: configFile), "output " + problem + hint)
        }
        for configured in scripts.paths {
            let path: String
            switch configured.base {
            case .root:
                // Relative to a root given on the command line: the user's choice, as the root is.
                guard overrides.root == nil else { continue }
                path = configured.path.hasPrefix("/") ? configured.path : configuration.root + "/" + configured.path
            case .configurationFolder, .rulesOutput:
                path = configured.path.hasPrefix("/") || config.folder == "." ? configured.path : config.folder + "/" + configured.path
            }
            if let problem = boundary.escape(path) {
                throw ConfigError(at: configured.location, configured.role + " " + problem + hint)
            }
        }
        guard overrides.root == nil, boundary.escape(configuration.root) == nil else { return groups }
        let checked = try groups ?? bundler.discoverGroups(configuration)
        for group in checked {
            var folder: ProjectBoundary.Folder?
            for name in group.files {
                // Groups configured with `files:` list absolute paths; discovered groups list names in their folder.
                if name.hasPrefix("/") {
                    if let problem = boundary.escape(name) {
                        throw ConfigError(at: SourceLocation(path: name), "script " + problem + hint)
                    }
                    continue
                }
                let path = group.folder + "/" + name
                let files = folder ?? boundary.folder(group.folder)
                folder = files
                if let problem = boundary.escape(name, in: files) {
                    throw ConfigError(at: SourceLocation(path: path), "script " + problem + hint)
                }
            }
        }
        return checked
    }
}
