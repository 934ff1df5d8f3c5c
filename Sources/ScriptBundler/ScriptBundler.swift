/// Bundles user scripts: discovers groups, builds every bundle in memory, then writes them atomically.
public struct ScriptBundler: Sendable {
    public let fileSystem: any BundlerFileSystem

    public init(fileSystem: any BundlerFileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// The groups under the configured root, with their files in bundle order.
    public func discoverGroups(_ configuration: BundleConfiguration) throws(BundlerError) -> [ScriptGroup] {
        try GroupDiscovery(fileSystem: fileSystem).discover(configuration)
    }

    /// Builds every group in memory; fails on the first error without writing anything.
    public func build(_ configuration: BundleConfiguration) throws(BundlerError) -> [GroupBundle] {
        let groups = try discoverGroups(configuration)
        let absoluteOutput = AbsolutePath.make(configuration.output)
        let absoluteProject = AbsolutePath.make(configuration.projectFolder)
        let clock = ContinuousClock()
        var bundles: [GroupBundle] = []
        for group in groups {
            let started = clock.now
            var inputs: [BundleInput] = []
            for name in group.files {
                let path = Paths.join(group.folder, name)
                let bytes: [UInt8]
                do {
                    bytes = try fileSystem.readFile(at: path)
                } catch {
                    throw BundlerError(.unreadableFile, at: SourceLocation(path: path), "cannot read file: \(error)")
                }
                let absolute = AbsolutePath.make(path)
                inputs.append(BundleInput(
                    displayPath: path,
                    bannerPath: Paths.relative(absolute, from: absoluteProject),
                    mapSourcePath: Paths.relative(absolute, from: absoluteOutput),
                    bytes: bytes))
            }
            let (code, map) = try BundleAssembler.assemble(
                inputs, outputFileName: group.outputFileName, mode: configuration.mode, sourceMaps: configuration.sourceMaps)
            bundles.append(GroupBundle(group: group, code: code, map: map, duration: clock.now - started))
        }
        return bundles
    }

    /// Writes the bundles (and external maps) into the output folder, creating it if needed.
    public func write(_ bundles: [GroupBundle], to output: String) throws(BundlerError) -> [WrittenFile] {
        var files: [(name: String, bytes: [UInt8])] = []
        for bundle in bundles {
            files.append((bundle.group.outputFileName, bundle.code))
            if let map = bundle.map, let mapName = bundle.mapFileName { files.append((mapName, map)) }
        }
        return try BundleWriter(fileSystem: fileSystem).write(files, to: output)
    }
}
