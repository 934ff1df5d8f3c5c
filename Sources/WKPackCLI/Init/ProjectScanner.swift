import Foundation
import ScriptBundler

/// Looks at an existing tree for `wkpack init`: the groups under the script root (the standard `<Frame>/<Time>`
/// folders and other folders with scripts, `first: __firefox__.js` where that file exists), and the imports of
/// every script the groups bundle, followed through relative paths, aliases, `resource://` URIs and
/// `node_modules` packages, so that a Node built-in that is imported gets a `fallback:` entry and a bare name that
/// resolves nowhere is reported.
struct ProjectScanner {
    /// The project folder (absolute): where `wkpack.yml` is written.
    let projectFolder: String
    private(set) var diagnostics: [InitDiagnostic] = []

    init(projectFolder: String) {
        self.projectFolder = projectFolder
    }

    private func projectPath(_ absolute: String) -> String { InitPaths.relative(absolute, from: projectFolder) }

    /// A path as messages show it: relative to the current directory.
    private func shownPath(_ absolute: String) -> String { InitPaths.relative(absolute, from: FileManager.default.currentDirectoryPath) }

    // MARK: Groups

    /// The groups under `root` (absolute): folders (up to three levels deep) that directly hold `*.js`/`*.mjs`
    /// files, except folders inside another group's folder (modules those scripts import).
    func discoverGroups(root: String) -> [InitDraft.Group] {
        let standard = Dictionary(uniqueKeysWithValues: ScriptGroupDefinition.standardGroups.map { ($0.folder, $0.name) })
        var groups: [InitDraft.Group] = []
        var taken: [String] = []
        var queue = [(relative: "", depth: 0)]
        while !queue.isEmpty {
            let (relative, depth) = queue.removeFirst()
            let folder = relative.isEmpty ? root : root + "/" + relative
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted(
                by: FileNameCollation.areInIncreasingOrder)
            let inside = taken.contains { relative == $0 || relative.hasPrefix($0 + "/") }
            if !relative.isEmpty, !inside, !WebpackConfigReader.scriptNames(in: folder).isEmpty {
                var group = InitDraft.Group(name: standard[relative] ?? Self.groupName(relative))
                if standard[relative] == nil { group.folder = relative }
                if InitPaths.isFile(folder + "/__firefox__.js") { group.first = "__firefox__.js" }
                groups.append(group)
                taken.append(relative)
            }
            guard depth < 3 else { continue }
            for name in names where !name.hasPrefix(".") && name != "node_modules" {
                // Symbolic links are not followed: a group's folder is a real folder under the root.
                var status = stat()
                guard lstat(folder + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { continue }
                queue.append((relative.isEmpty ? name : relative + "/" + name, depth + 1))
            }
        }
        // Standard groups first, in their usual order, then the others in folder order.
        let order = ScriptGroupDefinition.standardGroups.map(\.name)
        return groups.filter { order.contains($0.name) && $0.folder == nil }.sorted {
            order.firstIndex(of: $0.name) ?? 0 < order.firstIndex(of: $1.name) ?? 0
        }
            + groups.filter { $0.folder != nil }.sorted { FileNameCollation.areInIncreasingOrder($0.folder ?? "", $1.folder ?? "") }
    }

    /// firefox-ios's bundle name for a folder: `AllFrames/WebcompatAtDocumentStart` -> `WebcompatAllFramesAtDocumentStart`;
    /// otherwise the folder's parts joined in upper camel case (`AddressFormManager`, `tools/x-y` -> `ToolsXY`).
    static func groupName(_ relative: String) -> String {
        let parts = relative.split(separator: "/").map(String.init)
        if parts.count == 2, ["AllFrames", "MainFrame"].contains(parts[0]) {
            for time in ["AtDocumentStart", "AtDocumentEnd"] where parts[1].hasSuffix(time) && parts[1] != time {
                return String(parts[1].dropLast(time.count)) + parts[0] + time
            }
        }
        var name = ""
        for part in parts {
            for word in part.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                name += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return name.isEmpty ? "Scripts" : name
    }

    /// The entry files (absolute) of the draft's groups, and of standard folders wkpack discovers on its own.
    func entryFiles(of draft: InitDraft, root: String) -> [String] {
        var files: [String] = []
        var listed: Set<String> = []
        for group in draft.groups {
            if let paths = group.files {
                files += paths.map { InitPaths.absolute($0, in: projectFolder) }
                continue
            }
            let relative = group.folder ?? ScriptGroupDefinition.standardGroups.first { $0.name == group.name }?.folder ?? group.name
            listed.insert(relative)
            files += WebpackConfigReader.scriptNames(in: root + "/" + relative).map { root + "/" + relative + "/" + $0 }
        }
        for standard in ScriptGroupDefinition.standardGroups where !listed.contains(standard.folder) {
            files += WebpackConfigReader.scriptNames(in: root + "/" + standard.folder).map { root + "/" + standard.folder + "/" + $0 }
        }
        return files
    }

    // MARK: Imports

    /// Follows the imports of `entries` (absolute paths); adds a `fallback:` entry for each imported Node built-in
    /// and reports each specifier that resolves nowhere (once, at its first importer).
    mutating func scanImports(from entries: [String], draft: inout InitDraft) {
        var queue = entries
        var visited = Set(entries)
        var reported: Set<String> = []
        let table = overrideTable(draft)
        var index = 0
        while index < queue.count, index < 20_000 {
            let file = queue[index]
            index += 1
            guard ["js", "mjs", "cjs"].contains((file as NSString).pathExtension),
                let data = (try? LocalFileSystem().readFile(at: file)).map({ Data($0) })
            else { continue }
            let bytes = Array(data)
            let tokens: [JavaScriptToken]
            let module: ModuleSyntax
            do {
                let tokenization = try JavaScriptTokenizer.tokenize(bytes)
                tokens = tokenization.tokens
                let analysis = try JavaScriptParser.analyze(bytes, tokenization: tokenization)
                module = analysis.module
                // The draft's target: the oldest Safari with every syntax feature the scanned files use.
                let required = RequiredTarget.of(bytes, tokens: tokens, analysis: analysis)
                if let required, required.target > (draft.target ?? ScriptTarget.minimum) {
                    draft.target = required.target
                    draft.targetReason =
                        "\(required.feature.displayName) at \(projectPath(file)):\(required.line):\(required.column) needs it"
                }
                // How far `wkpack build` could lower the file instead: the comment beside the target says it.
                if required != nil, let tree = try? SyntaxParser.parse(bytes) {
                    let floor = SyntaxLowering.oldestTarget(for: tree)
                    if floor.target > (draft.loweringTarget ?? ScriptTarget.minimum) || draft.loweringTarget == nil {
                        draft.loweringTarget = floor.target
                        draft.loweringReason = floor.feature.map {
                            "\($0.displayName) at \(projectPath(file)):\(floor.line):\(floor.column) is not lowered"
                        }
                    }
                }
            } catch {
                diagnostics.append(
                    InitDiagnostic(
                        location: SourceLocation(path: shownPath(file), line: error.line, column: error.column),
                        message: error.message + " (imports of this file not scanned)"))
                continue
            }
            var requests = module.requests.map { ($0.specifier, $0.token) }
            requests += module.requireCalls.map { ($0.specifier, $0.specifierToken) }
            requests += module.dynamicImports.compactMap { dynamic in
                dynamic.specifier.flatMap { s in dynamic.specifierToken.map { (s, $0) } }
            }
            for (specifier, token) in requests {
                let line = token < tokens.count ? tokens[token].line : 1
                let column = token < tokens.count ? tokens[token].column + 1 : 1
                let location = SourceLocation(path: shownPath(file), line: line, column: column)
                switch resolve(specifier, from: file, draft: draft, table: table) {
                case .file(let target):
                    if visited.insert(target).inserted { queue.append(target) }
                case .builtin(let name):
                    guard !draft.fallbacks.contains(where: { $0.name == name }) else { continue }
                    draft.fallbacks.append(
                        InitDraft.PathEntry(
                            name: name, path: nil,
                            comment:
                                "Node built-in imported by \(projectPath(file)):\(line):\(column); false = an empty module, or give a browser version's path"
                        ))
                case .resolved:
                    continue
                case .unresolved(let reason):
                    // One line per specifier; one for all resource:// URIs when no rule is configured.
                    let key = draft.resourceDirectory == nil && specifier.hasPrefix("resource://") ? "resource://" : specifier
                    if reported.insert(key).inserted {
                        diagnostics.append(InitDiagnostic(location: location, message: reason))
                    }
                }
            }
        }
    }

    private enum Resolution {
        case file(String)
        case builtin(String)
        /// Resolved to something that is not followed (an empty module).
        case resolved
        case unresolved(String)
    }

    /// The override table of the draft's `resourceURIs` file (empty when unreadable: `wkpack build` reports it).
    private func overrideTable(_ draft: InitDraft) -> [String: String] {
        guard let file = draft.overridesFile,
            let data = (try? LocalFileSystem().readFile(at: InitPaths.absolute(file, in: projectFolder))).map({ Data($0) })
        else { return [:] }
        return (try? OverrideTableReader.read(Array(data), path: file)) ?? [:]
    }

    private func resolve(_ raw: String, from file: String, draft: InitDraft, table: [String: String]) -> Resolution {
        var specifier = raw
        if let bang = raw.lastIndex(of: "!") { specifier = String(raw[raw.index(after: bang)...]) }
        let folder = InitPaths.folder(of: file)
        if specifier.hasPrefix("resource://") {
            guard let directory = draft.resourceDirectory else {
                return .unresolved(
                    "'\(raw)' and other resource:// URIs need a rule: add 'resourceURIs: {directory: <folder of the modules>}'")
            }
            var name = (specifier as NSString).lastPathComponent
            if let replacement = table[name], (file as NSString).lastPathComponent != replacement { name = replacement }
            let target = InitPaths.absolute(directory, in: projectFolder) + "/" + name
            return probe(target).map { .file($0) } ?? .unresolved("'\(raw)' resolves to '\(projectPath(target))', which does not exist")
        }
        for alias in draft.aliases where specifier == alias.name || specifier.hasPrefix(alias.name + "/") {
            guard let path = alias.path else { return .resolved }
            let target = InitPaths.absolute(path, in: projectFolder) + specifier.dropFirst(alias.name.count)
            return probe(target).map { .file($0) }
                ?? .unresolved("'\(raw)' resolves through the alias '\(alias.name)' to '\(projectPath(target))', which does not exist")
        }
        if specifier.hasPrefix("./") || specifier.hasPrefix("../") || specifier == "." || specifier == ".." || specifier.hasPrefix("/") {
            let target = InitPaths.absolute(specifier, in: folder)
            return probe(target).map { .file($0) } ?? .unresolved("'\(raw)' does not exist (looked for '\(projectPath(target))')")
        }
        if !specifier.hasPrefix("node:") {
            let parts = specifier.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let nameCount = specifier.hasPrefix("@") ? 2 : 1
            let package = parts.prefix(nameCount).joined(separator: "/")
            let rest = parts.dropFirst(nameCount).joined(separator: "/")
            var current = folder
            while true {
                let candidate = current + "/node_modules/" + package
                if InitPaths.isFolder(candidate) {
                    if rest.isEmpty, let main = InitPaths.packageMain(candidate) { return .file(main) }
                    if !rest.isEmpty, let found = probe(candidate + "/" + rest) { return .file(found) }
                    // A package wkpack resolves through `exports` that this scan does not follow.
                    return .resolved
                }
                guard current != "/" else { break }
                current = InitPaths.folder(of: current)
            }
        }
        let builtin = NodeBuiltins.builtin(for: specifier)
        for name in [specifier, builtin].compactMap({ $0 }) {
            guard let entry = draft.fallbacks.first(where: { $0.name == name }) else { continue }
            guard let path = entry.path else { return .resolved }
            return probe(InitPaths.absolute(path, in: projectFolder)).map { .file($0) } ?? .resolved
        }
        if let builtin { return .builtin(builtin) }
        return .unresolved("'\(raw)' resolves nowhere: no node_modules package, alias or fallback provides it")
    }

    /// The file `path` names, as wkpack probes it: the path, with `.js`, `.mjs`, `.cjs` or `.json`, or a folder's
    /// package main or `index.js`.
    private func probe(_ path: String) -> String? {
        if InitPaths.isFile(path) { return path }
        for suffix in [".js", ".mjs", ".cjs", ".json"] where InitPaths.isFile(path + suffix) { return path + suffix }
        if InitPaths.isFolder(path) { return InitPaths.packageMain(path) }
        return nil
    }
}
