/// Rebuilds only the groups whose inputs changed, keeping file contents and tokens between builds.
///
/// A group is rebuilt when its list of files changed, one of its files changed, its previous build failed,
/// or the configuration changed. A change anywhere else under the root that may be code (`.js`, `.mjs`,
/// `.cjs`, `.json`, or a folder), such as a shared module outside the group folders, rebuilds every group.
/// Not thread-safe: call from one thread (or serial queue) at a time.
public final class IncrementalBundler: @unchecked Sendable {
    public let cache = SourceCache()
    private let bundler: ScriptBundler
    private var configuration: BundleConfiguration?
    private var groups: [String: ScriptGroup] = [:]
    private var failed: Set<String> = []

    public init(fileSystem: any BundlerFileSystem = LocalFileSystem()) {
        bundler = ScriptBundler(fileSystem: fileSystem, cache: cache)
    }

    /// Builds what `changed` affects (everything when `changed` is `nil` or the configuration differs from the
    /// last one) and writes it. Returns `nil` when no group is affected.
    public func build(_ configuration: BundleConfiguration, changed: Set<String>?) throws(BundlerError) -> WatchBuild? {
        let clock = ContinuousClock()
        let started = clock.now
        let reloaded = self.configuration != nil && configuration != self.configuration
        var full = changed == nil || configuration != self.configuration
        if let changed { cache.invalidate(changed) }
        self.configuration = configuration
        let discovered: [ScriptGroup]
        do {
            discovered = try bundler.discoverGroups(configuration)
        } catch {
            groups = [:]
            throw error
        }

        if !full, let changed {
            let folders = Set(discovered.map(\.folder) + groups.values.map(\.folder))
            for path in changed where !folders.contains(Self.parent(of: path)) && !folders.contains(path) && Self.mayBeCode(path) {
                full = true
            }
        }
        var selected: [ScriptGroup] = []
        for group in discovered {
            if full || failed.contains(group.name) || groups[group.name] != group {
                selected.append(group)
            } else if let changed, group.files.contains(where: { changed.contains(Paths.join(group.folder, $0)) }) {
                selected.append(group)
            }
        }
        groups = Dictionary(discovered.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        guard !selected.isEmpty else { return nil }
        failed.formUnion(selected.map(\.name))
        let bundles = try bundler.build(selected, configuration: configuration)
        let written = try bundler.write(bundles, to: configuration.output)
        failed.subtract(selected.map(\.name))
        return WatchBuild(bundles: bundles, written: written, groupCount: discovered.count,
                          reloadedConfiguration: reloaded, duration: clock.now - started)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static func mayBeCode(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if !name.contains(".") { return true }
        return [".js", ".mjs", ".cjs", ".json"].contains { name.hasSuffix($0) }
    }
}
