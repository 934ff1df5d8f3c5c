import Foundation
// The stages below are part of this library's interface (its configuration, errors, targets, and the syntax tree
// the fuzzers and benchmarks drive): `import ScriptBundler` brings them, as before the stages were targets.
@_exported import ScriptLowering
import ScriptMinify
@_exported import ScriptMinify
import ScriptModules
@_exported import ScriptModules
import ScriptSyntax
@_exported import ScriptSyntax
import WKPackSupport
@_exported import WKPackSupport

/// Bundles user scripts: discovers groups, builds every bundle in memory, then writes them atomically.
public struct ScriptBundler: Sendable {
    /// Where sources are read and outputs written.
    public let fileSystem: any BundlerFileSystem
    /// Serves sources kept between builds and records each group's inputs (watch mode); `nil` reads and
    /// tokenizes every file.
    let sources: (any BuildSourceProvider)?
    /// Parsed modules kept between builds (watch mode); `nil` parses each file once per build.
    let parsedFiles: ParsedFileCache?

    /// Creates a bundler over `fileSystem` (the local disk by default).
    public init(fileSystem: any BundlerFileSystem = LocalFileSystem()) {
        self.init(fileSystem: fileSystem, sources: nil, parsedFiles: nil)
    }

    init(fileSystem: any BundlerFileSystem, sources: (any BuildSourceProvider)?, parsedFiles: ParsedFileCache?) {
        self.fileSystem = fileSystem
        self.sources = sources
        self.parsedFiles = parsedFiles
    }

    /// The groups under the configured root, with their files in bundle order.
    public func discoverGroups(_ configuration: BundleConfiguration) throws(BundlerError) -> [ScriptGroup] {
        try GroupDiscovery(fileSystem: fileSystem).discover(
            root: configuration.root, rootOrigin: configuration.rootOrigin, output: configuration.output, groups: configuration.groups)
    }

    /// Builds every group in memory (groups in parallel); fails with the first error in group order,
    /// without writing anything.
    public func build(_ configuration: BundleConfiguration) throws(BundlerError) -> [GroupBundle] {
        try build(try discoverGroups(configuration), configuration: configuration)
    }

    /// Builds the given (discovered) groups in memory, in parallel; fails with the first error in group order.
    /// With `staging`, each bundle's files are written to temporary files as soon as it is built (the caller
    /// commits or discards them).
    ///
    /// The build runs on the large-stack worker pool in two stages per group: first its files are read and its
    /// module graph built (parsing inline), then the bundle is assembled and minified, spreading its pieces over
    /// idle workers (a group without modules, which holds no parsed file, is finished in its first stage). Groups
    /// with the most files go first, and every group's first stage is claimed before any second stage, unless the
    /// budget of kept parses has run short: then each group's second stage is claimed once the pool's width of
    /// graphs are being built, so that its pieces take the parses its graph kept while later graphs are built
    /// (`StageScheduler`). A one-shot build counts the groups that hold each parsed file and frees the file's parse
    /// and the minifier's results for it once every group has registered and the last of those groups is done
    /// (`ParsedFileUses`).
    public func build(
        _ groups: [ScriptGroup], configuration: BundleConfiguration, staging: StagedOutput? = nil
    ) throws(BundlerError) -> [GroupBundle] {
        let count = groups.count
        let order = groups.indices.sorted { (groups[$0].files.count, $1) > (groups[$1].files.count, $0) }
        let results =
            LargeStack.run { [self] () -> [Result<GroupBundle, BundlerError>?] in
                // Files imported by several groups are parsed once per build.
                let parsed = parsedFiles ?? ParsedFileCache(makeMemo: { PieceTemplateMemo() })
                // A watcher keeps its parses (and the minifier's results) for the next build: nothing is freed then.
                let uses = parsedFiles == nil ? ParsedFileUses(groupCount: count, cache: parsed) : nil
                let loaded = StagedResults<GroupStage>(count: count)
                @Sendable func finish(_ group: Result<LoadedGroup, BundlerError>?) -> Result<GroupBundle, BundlerError>? {
                    do throws(BundlerError) {
                        let records = (try? group?.get())?.graph?.records ?? []
                        defer { uses?.release(records) }
                        guard let group else { return nil }
                        let bundle = try finishGroup(try group.get(), configuration: configuration)
                        staging?.stage(bundle)
                        return .success(bundle)
                    } catch {
                        return .failure(error)
                    }
                }
                @Sendable func stage(_ index: Int) -> Result<GroupBundle, BundlerError>? {
                    guard index >= count else {
                        let group: Result<LoadedGroup, BundlerError>
                        do throws(BundlerError) {
                            group = .success(try loadGroup(groups[index], configuration: configuration, parsed: parsed))
                        } catch {
                            group = .failure(error)
                        }
                        let graph = (try? group.get())?.graph
                        uses?.register(graph?.records ?? [])
                        // A group without modules (or that failed) holds no parsed file: it is finished at once.
                        loaded.set(index, graph == nil ? .finished(finish(group)) : .loaded(group))
                        return nil
                    }
                    switch loaded.take(index - count) {
                    case .loaded(let group): return finish(group)
                    case .finished(let result): return result
                    case nil: return nil
                    }
                }
                let stages: [Result<GroupBundle, BundlerError>?]
                if count == 1 {
                    _ = stage(0)
                    stages = [stage(1)]
                } else {
                    let scheduler = StageScheduler(order: order, lead: WorkerPool.shared.width, budget: parsed.keptParses)
                    let bundles = IndexedResults<Result<GroupBundle, BundlerError>?>(count: count)
                    WorkerPool.shared.forEach(count: 2 * count) { _ in
                        guard let next = scheduler.next() else { return }
                        let result = stage(next)
                        if next >= count { bundles.set(next - count, result) }
                    }
                    stages = bundles.all().map { $0 ?? nil }
                }
                // The build's own cache (the token arrays and scope trees still held) is freed on a worker while the
                // caller writes the outputs.
                if parsedFiles == nil { WorkerPool.shared.submit([{ withExtendedLifetime(parsed) {} }]) }
                return stages
            } ?? []
        var bundles: [GroupBundle] = []
        for result in results {
            switch result {
            case .success(let bundle): bundles.append(bundle)
            case .failure(let error): throw error
            case nil: continue
            }
        }
        return bundles
    }

    /// A group after its first stage: loaded, or finished already (no module graph to share).
    private enum GroupStage {
        case loaded(Result<LoadedGroup, BundlerError>)
        case finished(Result<GroupBundle, BundlerError>?)
    }

    /// A group's files, read, and their module graph (`nil`: a plain concatenation), before assembly.
    private struct LoadedGroup {
        let group: ScriptGroup
        let inputs: [BundleInput]
        let graph: ModuleGraph?
        let groupReader: (any GroupSourceReader)?
        /// The time the first stage took.
        let loading: Duration
    }

    private func loadGroup(_ group: ScriptGroup, configuration: BundleConfiguration, parsed: ParsedFileCache) throws(BundlerError)
        -> LoadedGroup
    {
        let clock = ContinuousClock()
        let started = clock.now
        let absoluteOutput = AbsolutePath.make(configuration.output)
        let absoluteProject = AbsolutePath.make(configuration.projectFolder)
        // In watch mode, reads go through the provider's cache and are recorded as the group's inputs.
        let groupReader = sources?.groupReader(over: fileSystem)
        let reader: any BundlerFileSystem = groupReader.map { $0 as any BundlerFileSystem } ?? fileSystem
        var inputs: [BundleInput] = []
        for name in group.files {
            let path = Paths.join(group.folder, name)
            let bytes: [UInt8]
            do {
                bytes = try reader.readFile(at: path)
            } catch {
                throw BundlerError(.unreadableFile, at: SourceLocation(path: path), "cannot read file: \(error)")
            }
            let absolute = AbsolutePath.make(path)
            var input = BundleInput(
                displayPath: path,
                bannerPath: Paths.relative(absolute, from: absoluteProject),
                mapSourcePath: Paths.relative(absolute, from: absoluteOutput),
                bytes: bytes)
            if let groupReader {
                do {
                    input.tokenization = try groupReader.tokenization(at: AbsolutePath.make(path), bytes: bytes)
                } catch {
                    throw BundlerError(
                        .syntax(error.kind), at: SourceLocation(path: path, line: error.line, column: error.column), error.message)
                }
            }
            inputs.append(input)
        }
        var graph: ModuleGraph? = nil
        let entries = inputs.map { (path: AbsolutePath.make($0.displayPath), bytes: $0.bytes) }
        if entries.contains(where: { ModuleGraph.mightUseModules($0.bytes, path: $0.path) }) {
            graph = try ModuleGraph.build(
                entries: entries, fileSystem: reader, options: configuration.resolution, cache: parsed,
                target: configuration.target, dropsUnused: configuration.mode == .production,
                keepsParses: configuration.mode == .production && parsedFiles == nil)
        }
        return LoadedGroup(group: group, inputs: inputs, graph: graph, groupReader: groupReader, loading: clock.now - started)
    }

    private func finishGroup(_ loaded: LoadedGroup, configuration: BundleConfiguration) throws(BundlerError) -> GroupBundle {
        let clock = ContinuousClock()
        let started = clock.now
        let group = loaded.group
        let absoluteOutput = AbsolutePath.make(configuration.output)
        let absoluteProject = AbsolutePath.make(configuration.projectFolder)
        // A size analysis reads the finished bundle's source map: without one configured, the bundle is built with
        // an external map, which is then dropped with its `//# sourceMappingURL` line (the rest is the same bytes).
        let sourceMaps = configuration.analyzesSize && configuration.sourceMaps == .none ? SourceMapMode.external : configuration.sourceMaps
        let assembled: AssembledBundle
        var modules: [BundleModule]? = nil
        if let graph = loaded.graph {
            let paths = ModuleBundleAssembler.PathStyle(
                banner: { Paths.relative($0, from: absoluteProject) },
                mapSource: { Paths.relative($0, from: absoluteOutput) })
            assembled = try ModuleBundleAssembler.assemble(
                graph, outputFileName: group.outputFileName, mode: configuration.mode, sourceMaps: sourceMaps, paths: paths,
                target: configuration.target)
            if configuration.analyzesSize { modules = BundleModuleList.modules(of: graph, projectFolder: absoluteProject) }
        } else {
            assembled = try BundleAssembler.assemble(
                loaded.inputs, outputFileName: group.outputFileName, mode: configuration.mode, sourceMaps: sourceMaps,
                target: configuration.target)
            if configuration.analyzesSize {
                modules = BundleModuleList.plainScripts(
                    loaded.inputs.map { (AbsolutePath.make($0.displayPath), $0.bytes.count) }, projectFolder: absoluteProject)
            }
        }
        var code = assembled.code
        var map = assembled.map
        var size: BundleSize? = nil
        if let modules {
            size = try BundleSizeAnalysis.analyze(
                &code, map: &map, modules: modules, outputFileName: group.outputFileName,
                sourceMaps: configuration.sourceMaps, outputFolder: absoluteOutput,
                projectFolder: absoluteProject)
        }
        var bundle = GroupBundle(
            group: group, code: code, map: map, license: assembled.license,
            inputs: loaded.groupReader?.recordedInputs ?? [], duration: loaded.loading + (clock.now - started))
        bundle.size = size
        return bundle
    }

    /// Creates and locks the output folder, for a build that writes each bundle as soon as it is built
    /// (`build(_:configuration:staging:)`, then `StagedOutput.commit`).
    public func stageOutputs(to output: String) throws(BundlerError) -> StagedOutput {
        try StagedOutput(folder: output, fileSystem: fileSystem)
    }

    /// Writes the bundles (and external maps) into the output folder, creating it if needed.
    public func write(_ bundles: [GroupBundle], to output: String) throws(BundlerError) -> [WrittenFile] {
        try BundleWriter(fileSystem: fileSystem).write(bundles.flatMap(StagedOutput.files(of:)), to: output)
    }
}

/// Which stage of a one-shot build of several groups a worker runs next (issue 41 step 4m): stage `i` is group `i`'s
/// first (its files read and its module graph built), stage `count + i` its second (assembled and minified), groups
/// in `order`.
///
/// Every group's first stage comes before any second stage (a graph built later then finds the parses of the files
/// it shares with earlier groups still kept: `KeptParseBudget.keepsTakenParses`), until the budget of kept parses has
/// been short of room for a file's parse. From then on, once `lead` graphs are claimed whose groups are not, the next
/// group is assembled and minified before another graph is built: its pieces take the parses its graph kept, whose
/// bytes come back for the files of the graphs built meanwhile. On the large benchmark tree (8 groups sharing 25 of
/// their 2,006 files, whose trees would take several times the budget) the build then keeps the parse of most of its
/// files. A second stage waits for its first, which is always claimed before it.
final class StageScheduler: @unchecked Sendable {
    private let lock = NSLock()
    private let order: [Int]
    private let lead: Int
    private let budget: KeptParseBudget?
    /// The first and the second stages claimed so far (of the groups `order` starts with).
    private var graphs = 0
    private var bundles = 0

    init(order: [Int], lead: Int, budget: KeptParseBudget?) {
        self.order = order
        self.lead = max(1, lead)
        self.budget = budget
    }

    /// The next stage to run, or `nil` once every stage is claimed.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let count = order.count
        if graphs < count, graphs - bundles < lead || budget?.hasBeenShort != true {
            graphs += 1
            return order[graphs - 1]
        }
        guard bundles < count else { return nil }
        bundles += 1
        return order[bundles - 1] + count
    }
}
