import Foundation
import WKPackSupport

/// Bundles user scripts: discovers groups, builds every bundle in memory, then writes them atomically.
public struct ScriptBundler: Sendable {
    public let fileSystem: any BundlerFileSystem
    /// Serves sources kept between builds and records each group's inputs (watch mode); `nil` reads and
    /// tokenizes every file.
    let sources: (any BuildSourceProvider)?
    /// Parsed modules kept between builds (watch mode); `nil` parses each file once per build.
    let parsedFiles: ParsedFileCache?

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
        try GroupDiscovery(fileSystem: fileSystem).discover(configuration)
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
    /// The build runs on the large-stack worker pool: groups with the most files start first, each group parses
    /// and minifies inline and spreads its files over idle workers.
    public func build(
        _ groups: [ScriptGroup], configuration: BundleConfiguration, staging: StagedOutput? = nil
    ) throws(BundlerError) -> [GroupBundle] {
        let order = groups.indices.sorted { (groups[$0].files.count, $1) > (groups[$1].files.count, $0) }
        let results = LargeStack.run { [self] () -> [Result<GroupBundle, BundlerError>?] in
            // Files imported by several groups are parsed once per build.
            let parsed = parsedFiles ?? ParsedFileCache()
            let results = IndexedResults<Result<GroupBundle, BundlerError>>.map(count: groups.count, order: order) { index in
                do throws(BundlerError) {
                    let bundle = try buildGroup(groups[index], configuration: configuration, parsed: parsed)
                    staging?.stage(bundle)
                    return .success(bundle)
                } catch {
                    return .failure(error)
                }
            }
            // The build's own cache (every token array and scope tree) is freed on a worker while the caller
            // writes the outputs.
            if parsedFiles == nil { WorkerPool.shared.submit([{ withExtendedLifetime(parsed) {} }]) }
            return results
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

    private func buildGroup(_ group: ScriptGroup, configuration: BundleConfiguration, parsed: ParsedFileCache) throws(BundlerError) -> GroupBundle {
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
                    throw BundlerError(.syntax(error.kind), at: SourceLocation(path: path, line: error.line, column: error.column), error.message)
                }
            }
            inputs.append(input)
        }
        // A size analysis reads the finished bundle's source map: without one configured, the bundle is built with
        // an external map, which is then dropped with its `//# sourceMappingURL` line (the rest is the same bytes).
        let sourceMaps = configuration.analyzesSize && configuration.sourceMaps == .none ? SourceMapMode.external : configuration.sourceMaps
        let assembled: AssembledBundle
        var modules: [BundleModule]? = nil
        let entries = inputs.map { (path: AbsolutePath.make($0.displayPath), bytes: $0.bytes) }
        if entries.contains(where: { ModuleGraph.mightUseModules($0.bytes, path: $0.path) }),
           let graph = try ModuleGraph.build(entries: entries, fileSystem: reader, options: configuration.resolution, cache: parsed,
                                             target: configuration.target) {
            let paths = ModuleBundleAssembler.PathStyle(
                banner: { Paths.relative($0, from: absoluteProject) },
                mapSource: { Paths.relative($0, from: absoluteOutput) })
            assembled = try ModuleBundleAssembler.assemble(
                graph, outputFileName: group.outputFileName, mode: configuration.mode, sourceMaps: sourceMaps, paths: paths,
                target: configuration.target)
            if configuration.analyzesSize { modules = BundleModuleList.modules(of: graph, projectFolder: absoluteProject) }
        } else {
            assembled = try BundleAssembler.assemble(
                inputs, outputFileName: group.outputFileName, mode: configuration.mode, sourceMaps: sourceMaps,
                target: configuration.target)
            if configuration.analyzesSize {
                modules = BundleModuleList.plainScripts(entries.map { ($0.path, $0.bytes.count) }, projectFolder: absoluteProject)
            }
        }
        var code = assembled.code
        var map = assembled.map
        var size: BundleSize? = nil
        if let modules {
            size = try BundleSizeAnalysis.analyze(&code, map: &map, modules: modules, outputFileName: group.outputFileName,
                                                  sourceMaps: configuration.sourceMaps, outputFolder: absoluteOutput,
                                                  projectFolder: absoluteProject)
        }
        var bundle = GroupBundle(group: group, code: code, map: map, license: assembled.license,
                                 inputs: groupReader?.recordedInputs ?? [], duration: clock.now - started)
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
