/// Rebuilds only the groups whose inputs changed, keeping file contents and tokens between builds.
///
/// A group's inputs are every path its last build read, probed or listed (its files, imported modules,
/// `node_modules` packages and their `package.json`, paths that did not exist yet). A group is rebuilt when one
/// of them changes (or a file appears in a listed folder), when its list of files changes, when its previous
/// build failed, or when the configuration changed.
/// Not thread-safe: call from one thread (or serial queue) at a time.
public final class IncrementalBundler: @unchecked Sendable {
    public let cache = SourceCache()
    private let bundler: ScriptBundler
    private var configuration: BundleConfiguration?
    private var groups: [String: ScriptGroup] = [:]
    private var inputs: [String: Set<String>] = [:]
    private var failed: Set<String> = []

    public init(fileSystem: any BundlerFileSystem = LocalFileSystem()) {
        bundler = ScriptBundler(fileSystem: fileSystem, cache: cache)
    }

    /// Folders holding inputs outside the root (imported modules, `node_modules`), absolute, for watch mode to
    /// watch too: the folders of existing inputs, and of paths probed but missing inside the project folder
    /// (not every `node_modules` up to `/`).
    public func externalFolders(for configuration: BundleConfiguration) -> Set<String> {
        let root = AbsolutePath.make(configuration.root)
        let project = AbsolutePath.make(configuration.projectFolder)
        let fileSystem = LocalFileSystem()
        var folders: Set<String> = []
        for paths in inputs.values {
            for path in paths where !Paths.isSameOrInside(path, root) {
                let folder = Self.parent(of: path)
                if Paths.isSameOrInside(folder, project) || fileSystem.itemKind(at: path) != nil { folders.insert(folder) }
            }
        }
        return folders.filter { fileSystem.itemKind(at: $0) == .directory }
    }

    /// Builds what `changed` affects (everything when `changed` is `nil` or the configuration differs from the
    /// last one) and writes it. Returns `nil` when no group is affected.
    public func build(_ configuration: BundleConfiguration, changed: Set<String>?) throws(BundlerError) -> WatchBuild? {
        let clock = ContinuousClock()
        let started = clock.now
        let reloaded = self.configuration != nil && configuration != self.configuration
        let full = changed == nil || configuration != self.configuration
        let changedPaths = Set((changed ?? []).map { AbsolutePath.make($0) })
        cache.invalidate(changedPaths)
        self.configuration = configuration
        let discovered: [ScriptGroup]
        do {
            discovered = try bundler.discoverGroups(configuration)
        } catch {
            groups = [:]
            throw error
        }

        let changedParents = Set(changedPaths.map(Self.parent(of:)))
        var selected: [ScriptGroup] = []
        for group in discovered {
            if full || failed.contains(group.name) || groups[group.name] != group {
                selected.append(group)
                continue
            }
            let recorded = inputs[group.name] ?? []
            let folder = AbsolutePath.make(group.folder)
            // A changed input, a new entry in a listed folder, or a changed folder holding an input (a folder
            // reported after lost events or a rename).
            if !recorded.isDisjoint(with: changedPaths) || !recorded.isDisjoint(with: changedParents)
                || group.files.contains(where: { changedPaths.contains(Paths.join(folder, $0)) })
                || changedPaths.contains(folder) || recorded.contains(where: { changedPaths.contains(Self.parent(of: $0)) }) {
                selected.append(group)
            }
        }
        groups = Dictionary(discovered.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(discovered.map(\.name))
        inputs = inputs.filter { names.contains($0.key) }
        guard !selected.isEmpty else { return nil }
        failed.formUnion(selected.map(\.name))
        let bundles = try bundler.build(selected, configuration: configuration)
        let written = try bundler.write(bundles, to: configuration.output)
        failed.subtract(selected.map(\.name))
        for bundle in bundles { inputs[bundle.group.name] = bundle.inputs }
        return WatchBuild(bundles: bundles, written: written, groupCount: discovered.count, changed: changedPaths.sorted(),
                          reloadedConfiguration: reloaded, duration: clock.now - started)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
