import ScriptSyntax
import WKPackSupport

/// Finds the groups under the root and lists their files in bundle order.
package struct GroupDiscovery {
    package let fileSystem: any BundlerFileSystem

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(fileSystem: any BundlerFileSystem) {
        self.fileSystem = fileSystem
    }

    /// The groups under `root` (located at `rootOrigin` where it was configured): the standard `<Frame>/<Time>`
    /// folders and the configured groups `definitions` (which replace a standard one of the same name).
    /// `output` (the bundles' folder) must not be `root` or inside it.
    package func discover(
        root: String, rootOrigin: SourceLocation?, output: String, groups definitions: [ScriptGroupDefinition]
    ) throws(BundlerError) -> [ScriptGroup] {
        switch fileSystem.itemKind(at: root) {
        case .directory:
            break
        case .file:
            throw BundlerError(
                .missingRoot, at: rootOrigin ?? SourceLocation(path: root),
                "user-script root '\(root)' is a file, not a folder")
        case nil:
            throw BundlerError(
                .missingRoot, at: rootOrigin ?? SourceLocation(path: root),
                "user-script root folder '\(root)' does not exist")
        }
        let absoluteRoot = AbsolutePath.make(root)
        let absoluteOutput = AbsolutePath.make(output)
        if Paths.isSameOrInside(absoluteOutput, absoluteRoot) {
            throw BundlerError(
                .invalidConfiguration, at: rootOrigin ?? SourceLocation(path: output),
                "output folder '\(output)' must not be the root folder '\(root)' or inside it")
        }

        var configured: [String: ScriptGroupDefinition] = [:]
        for definition in definitions {
            if configured[definition.name] != nil {
                throw BundlerError(
                    .invalidConfiguration, at: definition.origin ?? SourceLocation(path: root),
                    "group '\(definition.name)' is configured twice")
            }
            configured[definition.name] = definition
        }

        var selected: [(definition: ScriptGroupDefinition, folder: String)] = []
        var explicit: [String: [String]] = [:]
        let standardNames = Set(ScriptGroupDefinition.standardGroups.map(\.name))
        for standard in ScriptGroupDefinition.standardGroups {
            var definition = configured[standard.name] ?? ScriptGroupDefinition(name: standard.name)
            let folder = definition.folder ?? standard.folder
            definition.folder = folder
            let path = Paths.join(root, folder)
            if fileSystem.itemKind(at: path) == .directory {
                selected.append((definition, path))
            } else if configured[standard.name]?.folder != nil {
                throw missingFolder(definition, path: path, root: root)
            }
        }
        for definition in definitions where !standardNames.contains(definition.name) {
            if let files = definition.files {
                guard !files.isEmpty else {
                    throw BundlerError(
                        .invalidConfiguration, at: definition.origin ?? SourceLocation(path: root),
                        "group '\(definition.name)' has an empty 'files' list")
                }
                var paths: [String] = []
                for file in files {
                    let path = AbsolutePath.make(file)
                    guard fileSystem.itemKind(at: path) == .file else {
                        throw BundlerError(
                            .missingGroupFolder, at: definition.origin ?? SourceLocation(path: root),
                            "file '\(file)' of group '\(definition.name)' does not exist")
                    }
                    paths.append(path)
                }
                explicit[definition.name] = paths
                selected.append((definition, Paths.directory(of: paths[0])))
                continue
            }
            guard let folder = definition.folder else {
                throw BundlerError(
                    .invalidConfiguration, at: definition.origin ?? SourceLocation(path: root),
                    "group '\(definition.name)' is not a standard group and needs a 'folder' or 'files'")
            }
            let path = Paths.join(root, folder)
            guard fileSystem.itemKind(at: path) == .directory else {
                throw missingFolder(definition, path: path, root: root)
            }
            selected.append((definition, path))
        }

        var outputNames: [String: String] = [:]
        var groups: [ScriptGroup] = []
        for (definition, folder) in selected {
            let outputFileName = definition.outputFileName ?? definition.name + ".js"
            let origin = definition.origin ?? SourceLocation(path: folder)
            guard Self.isValidOutputName(outputFileName) else {
                throw BundlerError(
                    .invalidConfiguration, at: origin,
                    "output name '\(outputFileName)' of group '\(definition.name)' must be a plain file name ending in '.js'")
            }
            let key = outputFileName.lowercased()
            if let other = outputNames[key] {
                throw BundlerError(
                    .invalidConfiguration, at: origin,
                    "groups '\(other)' and '\(definition.name)' both write '\(outputFileName)'")
            }
            outputNames[key] = definition.name
            if let files = explicit[definition.name] {
                groups.append(ScriptGroup(name: definition.name, folder: folder, outputFileName: outputFileName, files: files))
                continue
            }
            groups.append(try listFiles(definition, folder: folder, outputFileName: outputFileName))
        }
        return groups
    }

    private func missingFolder(_ definition: ScriptGroupDefinition, path: String, root: String) -> BundlerError {
        BundlerError(
            .missingGroupFolder, at: definition.origin ?? SourceLocation(path: root),
            "folder '\(path)' of group '\(definition.name)' does not exist")
    }

    static func isValidOutputName(_ name: String) -> Bool {
        name.hasSuffix(".js") && name.count > 3 && !name.utf8.contains(UInt8(ascii: "/")) && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0 == " " || $0.value == 0x7F }
    }

    private func listFiles(_ definition: ScriptGroupDefinition, folder: String, outputFileName: String) throws(BundlerError) -> ScriptGroup
    {
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(at: folder)
        } catch {
            throw BundlerError(.unreadableFile, at: SourceLocation(path: folder), "cannot list folder: \(error)")
        }
        var files: [String] = []
        for name in names.sorted(by: FileNameCollation.areInIncreasingOrder)
        where (name.hasSuffix(".js") || name.hasSuffix(".mjs")) && !name.hasPrefix(".") {
            switch fileSystem.itemKind(at: Paths.join(folder, name)) {
            case .file: files.append(name)
            case .directory: continue
            case nil:
                // A broken or looping symbolic link, a pipe (reading it could block forever) or a device.
                throw BundlerError(
                    .unreadableFile, at: SourceLocation(path: Paths.join(folder, name)),
                    "not a regular file (a broken or looping symbolic link, a pipe or a device)")
            }
        }
        files.sort(by: FileNameCollation.areInIncreasingOrder)
        if let first = definition.first {
            guard let index = files.firstIndex(of: first) else {
                throw BundlerError(
                    .missingFirstFile, at: definition.origin ?? SourceLocation(path: folder),
                    "group '\(definition.name)' must start with '\(first)', but '\(Paths.join(folder, first))' does not exist")
            }
            files.insert(files.remove(at: index), at: 0)
        }
        return ScriptGroup(name: definition.name, folder: folder, outputFileName: outputFileName, files: files)
    }
}
