import ScriptMinify
import ScriptModules
import ScriptSyntax
import WKPackSupport

/// Rebuilds only the groups whose inputs changed, keeping file contents, tokens and parsed modules between builds.
///
/// A group's inputs are every path its last build read, probed or listed (its files, imported modules,
/// `node_modules` packages and their `package.json`, paths that did not exist yet). A group is rebuilt when one
/// of them changes, when an entry appears in or leaves a folder it listed, when a folder holding one of them
/// changes (renamed, deleted, or reported after lost events), when its list of files changes, when its previous
/// build failed, or when the configuration changed. Other paths (an editor's temporary files, unrelated files)
/// rebuild nothing.
/// Not thread-safe: call from one thread (or serial queue) at a time.
public final class IncrementalBundler: @unchecked Sendable {
    /// The sources kept between builds (read and tokenized once per change).
    public let cache = SourceCache()
    /// Checks the groups about to be built (every group on a full build) before each build; watch mode applies
    /// `wkpack build`'s project-boundary checks here. An error fails the build and nothing is written.
    public var inputCheck: (@Sendable (BundleConfiguration, [ScriptGroup]) throws(BundlerError) -> Void)?
    private let parsedFiles = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
    private let bundler: ScriptBundler
    private var configuration: BundleConfiguration?
    private var groups: [String: ScriptGroup] = [:]
    private var inputs: [String: Set<String>] = [:]
    private var failed: Set<String> = []
    /// `externalFolders`' memory: the root and project folder it was for, the input paths examined, the folders.
    private var examinedFor: [String] = []
    private var examined: Set<String> = []
    private var external: Set<String> = []

    /// Creates a bundler with an empty cache over `fileSystem`.
    public init(fileSystem: any BundlerFileSystem = LocalFileSystem()) {
        bundler = ScriptBundler(fileSystem: fileSystem, sources: cache, parsedFiles: parsedFiles)
    }

    /// Folders holding inputs outside the root (imported modules, `node_modules`), absolute, for watch mode to
    /// watch too: the folders of existing inputs, and of paths probed but missing inside the project folder
    /// (not every `node_modules` up to `/`). Paths seen in an earlier call are not examined again, except
    /// missing ones outside the project (they may exist by now).
    public func externalFolders(for configuration: BundleConfiguration) -> Set<String> {
        let root = AbsolutePath.make(configuration.root)
        let project = AbsolutePath.make(configuration.projectFolder)
        if examinedFor != [root, project] {
            examinedFor = [root, project]
            examined = []
            external = []
        }
        let fileSystem = LocalFileSystem()
        for paths in inputs.values {
            for path in paths where !examined.contains(path) {
                if RecordingFileSystem.isListing(path) || Paths.isSameOrInside(path, root) {
                    examined.insert(path)
                    continue
                }
                let folder = Paths.directory(of: path)
                if Paths.isSameOrInside(folder, project) {
                    examined.insert(path)
                    external.insert(folder)
                } else if fileSystem.itemKind(at: path) != nil {
                    examined.insert(path)
                    external.insert(folder)
                }
            }
        }
        return external.filter { fileSystem.itemKind(at: $0) == .directory }
    }

    /// Forgets the cached contents and parses of `paths` (files, or folders: everything under them), for changes
    /// that come with a full build (a configuration reload).
    public func invalidate(_ paths: Set<String>) {
        let absolute = Set(paths.map { AbsolutePath.make($0) })
        parsedFiles.invalidate(absolute)
        cache.invalidate(absolute)
    }

    /// Builds what `changed` affects (everything when `changed` is `nil` or the configuration differs from the
    /// last one) and writes it. Returns `nil` when no group is affected.
    public func build(_ configuration: BundleConfiguration, changed: Set<String>?) throws(BundlerError) -> WatchBuild? {
        let clock = ContinuousClock()
        let started = clock.now
        let reloaded = self.configuration != nil && configuration != self.configuration
        let full = changed == nil || configuration != self.configuration
        let changedPaths = Set((changed ?? []).map { AbsolutePath.make($0) })
        // Parsed files do not depend on the configuration: a reload keeps them, as it keeps the files read.
        parsedFiles.invalidate(changedPaths)
        cache.invalidate(changedPaths)
        self.configuration = configuration
        let discovered: [ScriptGroup]
        do {
            discovered = try bundler.discoverGroups(configuration)
        } catch {
            groups = [:]
            throw error
        }

        var selected: [ScriptGroup] = []
        for group in discovered {
            if full || failed.contains(group.name) || groups[group.name] != group
                || Self.affects(changedPaths, inputs: inputs[group.name] ?? [], folder: AbsolutePath.make(group.folder))
            {
                selected.append(group)
            }
        }
        // Only the selected groups can have changed since their last check: a file or folder that now leads
        // elsewhere (a new link, a folder replaced by a link) is a change of the group's files or folders.
        do {
            try inputCheck?(configuration, selected)
        } catch {
            groups = [:]
            throw error
        }
        let discoveredAt = clock.now
        groups = Dictionary(discovered.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(discovered.map(\.name))
        inputs = inputs.filter { names.contains($0.key) }
        guard !selected.isEmpty else { return nil }
        failed.formUnion(selected.map(\.name))
        let bundles = try bundler.build(selected, configuration: configuration)
        let builtAt = clock.now
        let written = try bundler.write(bundles, to: configuration.output)
        let writtenAt = clock.now
        failed.subtract(selected.map(\.name))
        for bundle in bundles { inputs[bundle.group.name] = bundle.inputs }
        let phases = WatchPhases(discovery: discoveredAt - started, build: builtAt - discoveredAt, write: writtenAt - builtAt)
        return WatchBuild(
            bundles: bundles, written: written, groupCount: discovered.count, changed: changedPaths.sorted(),
            reloadedConfiguration: reloaded, duration: writtenAt - started, phases: phases)
    }

    /// Whether a change of `changed` can alter a group that recorded `inputs` and lives in `folder`.
    static func affects(_ changed: Set<String>, inputs: Set<String>, folder: String) -> Bool {
        for path in changed {
            // The group's folder itself, an input (or a path probed while missing), an entry of a listed folder.
            if path == folder || inputs.contains(path) || inputs.contains(RecordingFileSystem.listing(Paths.directory(of: path))) {
                return true
            }
            // A folder holding inputs: renamed, deleted, or reported after lost events.
            let prefix = path == "/" ? "/" : path + "/"
            if inputs.contains(where: { $0.hasPrefix(prefix) }) || folder.hasPrefix(prefix) { return true }
        }
        return false
    }
}
