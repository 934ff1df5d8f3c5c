import WKPackSupport

/// Resolves module specifiers the way webpack does for firefox-ios: loader prefixes, `resource://` URIs,
/// aliases, relative paths with extension and `index` probing, `node_modules` packages (`exports`, then
/// `module`, then `main`) and Node built-in fallbacks.
struct ModuleResolver {
    /// Whether the request comes from `import` (ES) or `require` (CommonJS); picks `exports` conditions.
    enum RequestKind {
        case `import`
        case require
    }

    package let fileSystem: any BundlerFileSystem
    package let options: ModuleResolutionOptions

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(fileSystem: any BundlerFileSystem, options: ModuleResolutionOptions) {
        self.fileSystem = fileSystem
        self.options = options
    }

    package static let extensions = [".js", ".mjs", ".cjs", ".json"]

    /// Resolves `specifier` imported by the file at `importer` (absolute path).
    package func resolve(_ specifier: String, from importer: String, kind: RequestKind) throws(ModuleResolutionError) -> ResolvedModule {
        if let bang = specifier.utf8.lastIndex(of: UInt8(ascii: "!")) {
            let loader = String(specifier[..<bang])
            let rest = String(specifier[specifier.utf8.index(after: bang)...])
            guard loader == "script-loader" else {
                throw ModuleResolutionError(
                    message: "unknown loader '\(loader)!' in '\(specifier)' (wkpack supports only 'script-loader!')")
            }
            switch try resolve(rest, from: importer, kind: kind) {
            case .file(let path): return .scriptLoader(path)
            case .empty(let name): return .empty(name)
            case .scriptLoader(let path): return .scriptLoader(path)
            }
        }
        var looked: [String] = []
        let folder = Paths.directory(of: importer)

        if specifier.hasPrefix("resource://") {
            guard let rule = options.resourceURIs else {
                throw ModuleResolutionError(message: "cannot resolve '\(specifier)': no 'resourceURIs:' rule is configured\(configSuffix)")
            }
            var name = String(specifier.split(separator: "/").last ?? "")
            if let replacement = rule.overrides[name], Paths.fileName(of: importer) != replacement {
                name = replacement
            }
            let target = Paths.normalize(Paths.join(AbsolutePath.make(rule.directory), name))
            if let found = resolveFile(target, looked: &looked) { return .file(found) }
            throw notFound(specifier, importer: importer, looked: looked)
        }

        if let (alias, target) = matchingAlias(specifier) {
            guard let target else { return .empty(alias) }
            let rest = specifier.dropFirst(alias.count)
            let path = Paths.normalize(AbsolutePath.make(target) + rest)
            if let found = resolveFileOrDirectory(path, kind: kind, looked: &looked) { return .file(found) }
            throw notFound(specifier, importer: importer, looked: looked)
        }

        if specifier.hasPrefix("./") || specifier.hasPrefix("../") || specifier == "." || specifier == ".."
            || specifier.hasPrefix("/")
        {
            let path = Paths.normalize(Paths.join(folder, specifier))
            if let found = resolveFileOrDirectory(path, kind: kind, looked: &looked) { return .file(found) }
            throw notFound(specifier, importer: importer, looked: looked)
        }

        if !specifier.hasPrefix("node:"), let found = try resolvePackage(specifier, from: folder, kind: kind, looked: &looked) {
            return .file(found)
        }
        let builtin = NodeBuiltins.builtin(for: specifier)
        for key in [specifier, builtin].compactMap({ $0 }) {
            guard let entry = options.fallbacks[key] else { continue }
            guard let target = entry else { return .empty(key) }
            var fallbackLooked: [String] = []
            if let found = resolveFileOrDirectory(Paths.normalize(AbsolutePath.make(target)), kind: kind, looked: &fallbackLooked) {
                return .file(found)
            }
            throw ModuleResolutionError(
                message: "fallback '\(target)' for '\(key)' not found (looked at \(fallbackLooked.joined(separator: ", ")))")
        }
        if let builtin {
            throw ModuleResolutionError(
                message: "'\(specifier)' is the Node.js built-in module '\(builtin)', which browsers do not have; "
                    + "map it under 'scripts: fallback: {\(builtin): <module path or false>}'\(configSuffix)")
        }
        throw notFound(specifier, importer: importer, looked: looked)
    }

    private var configSuffix: String {
        options.configurationPath.map { " in \($0)" } ?? ""
    }

    private func notFound(_ specifier: String, importer: String, looked: [String]) -> ModuleResolutionError {
        let shown = looked.prefix(12).map(AbsolutePath.display).joined(separator: ", ")
        let more = looked.count > 12 ? ", ... (\(looked.count - 12) more)" : ""
        return ModuleResolutionError(message: "cannot find module '\(specifier)' (looked at \(shown)\(more))")
    }

    private func matchingAlias(_ specifier: String) -> (String, String?)? {
        var best: (String, String?)?
        for (name, target) in options.aliases where specifier == name || specifier.hasPrefix(name + "/") {
            if best == nil || name.count > (best?.0.count ?? 0) { best = (name, target) }
        }
        return best
    }

    // MARK: - Files

    private func isFile(_ path: String) -> Bool { fileSystem.itemKind(at: path) == .file }

    /// `path` itself, then with each extension.
    private func resolveFile(_ path: String, looked: inout [String]) -> String? {
        looked.append(path)
        if isFile(path) { return path }
        for ext in Self.extensions {
            looked.append(path + ext)
            if isFile(path + ext) { return path + ext }
        }
        return nil
    }

    private func resolveFileOrDirectory(_ path: String, kind: RequestKind, looked: inout [String]) -> String? {
        if let found = resolveFile(path, looked: &looked) { return found }
        guard fileSystem.itemKind(at: path) == .directory else { return nil }
        if let package = readPackageJSON(Paths.join(path, "package.json")),
            let main = mainEntry(package, kind: kind),
            let found = resolveFileOrDirectoryNoPackage(Paths.normalize(Paths.join(path, main)), looked: &looked)
        {
            return found
        }
        return resolveIndex(path, looked: &looked)
    }

    private func resolveFileOrDirectoryNoPackage(_ path: String, looked: inout [String]) -> String? {
        if let found = resolveFile(path, looked: &looked) { return found }
        return fileSystem.itemKind(at: path) == .directory ? resolveIndex(path, looked: &looked) : nil
    }

    private func resolveIndex(_ folder: String, looked: inout [String]) -> String? {
        for ext in Self.extensions {
            let candidate = Paths.join(folder, "index" + ext)
            looked.append(candidate)
            if isFile(candidate) { return candidate }
        }
        return nil
    }

    // MARK: - Packages

    private func readPackageJSON(_ path: String) -> PackageJSONValue? {
        guard isFile(path), let bytes = try? fileSystem.readFile(at: path) else { return nil }
        return PackageJSONValue.parse(bytes)
    }

    /// `module` (for imports), then `main`.
    private func mainEntry(_ package: PackageJSONValue, kind: RequestKind) -> String? {
        if kind == .import, let module = package["module"]?.string, !module.isEmpty { return module }
        if let main = package["main"]?.string, !main.isEmpty { return main }
        return nil
    }

    private func resolvePackage(
        _ specifier: String, from folder: String, kind: RequestKind, looked: inout [String]
    ) throws(ModuleResolutionError) -> String? {
        let parts = specifier.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let nameCount = specifier.hasPrefix("@") ? 2 : 1
        guard parts.count >= nameCount, !parts[0].isEmpty else { return nil }
        let packageName = parts[0..<nameCount].joined(separator: "/")
        let subpath = parts[nameCount...].joined(separator: "/")
        var current = folder
        while true {
            if Paths.fileName(of: current) != "node_modules" {
                let packageFolder = Paths.join(Paths.join(current, "node_modules"), packageName)
                looked.append(packageFolder)
                if fileSystem.itemKind(at: packageFolder) == .directory {
                    let found = try resolveInPackage(packageFolder, subpath: subpath, specifier: specifier, kind: kind, looked: &looked)
                    return found.map(withLinksResolved)
                }
            }
            let parent = Paths.directory(of: current)
            if parent == current { return nil }
            current = parent
        }
    }

    /// `path` with symbolic links resolved, as webpack and esbuild do by default, so a package reached through
    /// links (`a/node_modules/b -> ../../b`, `a/parent -> ..`, a linked `node_modules`) is one module, whatever
    /// path led to it.
    private func withLinksResolved(_ path: String) -> String {
        fileSystem.realPath(of: path) ?? path
    }

    private func resolveInPackage(
        _ packageFolder: String, subpath: String, specifier: String, kind: RequestKind, looked: inout [String]
    ) throws(ModuleResolutionError) -> String? {
        let package = readPackageJSON(Paths.join(packageFolder, "package.json"))
        if let exports = package?["exports"], exports != .other {
            let key = subpath.isEmpty ? "." : "./" + subpath
            let conditions = [kind == .import ? "import" : "require", "module", "browser", "default"]
            guard let target = PackageExports.resolve(exports, subpath: key, conditions: conditions) else {
                throw ModuleResolutionError(
                    message: "package '\(packageFolder)' does not export '\(key)' (package.json 'exports') for '\(specifier)'")
            }
            let path = Paths.normalize(Paths.join(packageFolder, target))
            looked.append(path)
            if isFile(path) { return path }
            throw ModuleResolutionError(message: "package.json 'exports' maps '\(key)' to '\(target)', which does not exist (\(path))")
        }
        if subpath.isEmpty {
            if let package, let main = mainEntry(package, kind: kind),
                let found = resolveFileOrDirectoryNoPackage(Paths.normalize(Paths.join(packageFolder, main)), looked: &looked)
            {
                return found
            }
            return resolveIndex(packageFolder, looked: &looked)
        }
        return resolveFileOrDirectory(Paths.normalize(Paths.join(packageFolder, subpath)), kind: kind, looked: &looked)
    }
}
