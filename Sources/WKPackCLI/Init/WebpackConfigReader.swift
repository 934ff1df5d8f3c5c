import Foundation
import ScriptBundler

/// Reads what a webpack configuration of firefox-ios's shape says statically (with wkpack's own JavaScript
/// reader, never running it) into an `InitDraft`: `entry` (plain paths, `glob.sync("dir/*.{js,mjs}")` patterns and
/// globs that name their files, `glob.sync("dir/a.js")` or `glob.sync("dir/{a,b}.js")`, through `const` names,
/// arrays, spreads and `.concat`), `output.path`, `mode`, `devtool`,
/// `resolve.alias`, `resolve.fallback` (`require.resolve("pkg")` becomes the package's main file) and the
/// NormalModuleReplacementPlugin's override table file. Everything else is reported, one warning each.
struct WebpackConfigReader {
    /// The configuration file (as given), its folder (absolute) and the project folder (absolute).
    let path: String
    let webpackFolder: String
    let projectFolder: String
    /// The script root given on the command line (project-relative), if any.
    let root: String?

    private(set) var diagnostics: [InitDiagnostic] = []
    private var bindings: [String: StaticExpression] = [:]
    /// Top-level `require("./relative")` declarations: the bound names and the required path.
    private var relativeRequires: [(names: [String], specifier: String, line: Int, column: Int)] = []

    init(path: String, projectFolder: String, root: String?) {
        self.path = path
        self.webpackFolder = InitPaths.folder(of: InitPaths.absolute(path, in: FileManager.default.currentDirectoryPath))
        self.projectFolder = projectFolder
        self.root = root
    }

    /// An entry as read: its name and items, in order.
    struct Entry {
        enum Item {
            case file(String)
            case glob(String)
        }

        var name: String
        var items: [Item]
        var line: Int
        var column: Int
        /// The output file name of an entry description's `filename:` (`{ import: ..., filename: "w.js" }`).
        var output: String?
    }

    private mutating func warn(_ line: Int, _ column: Int, _ message: String) {
        diagnostics.append(InitDiagnostic(location: SourceLocation(path: path, line: line, column: column), message: message))
    }

    private mutating func warn(_ expression: StaticExpression, _ message: String) {
        warn(expression.line, expression.column, message)
    }

    /// Reads the configuration into `draft`. Throws a located error when the file cannot be read as JavaScript or
    /// exports no object.
    mutating func read(into draft: inout InitDraft) throws(InitFailure) {
        guard let data = (try? LocalFileSystem().readFile(at: path)).map({ Data($0) }) else {
            throw InitFailure("\(path): error: cannot read the webpack configuration")
        }
        let statements: [StaticStatement]
        do {
            statements = try StaticProgramReader.read(Array(data))
        } catch {
            throw InitFailure("\(path):\(error.line):\(error.column): error: \(error.message)")
        }
        var exported: StaticExpression?
        for statement in statements {
            switch statement.kind {
            case .declaration(let binding, let value, _):
                guard let value else { continue }
                switch binding {
                case .name(let name):
                    bindings[name] = value
                case .properties(let pairs):
                    if let specifier = Self.requiredSpecifier(value) {
                        if specifier.hasPrefix(".") {
                            relativeRequires.append((pairs.map(\.local), specifier, statement.line, statement.column))
                        }
                    } else {
                        warn(statement.line, statement.column, "a destructuring declaration of \(value.description) is not translated")
                    }
                case .unsupported:
                    warn(statement.line, statement.column, "a declaration with a pattern is not translated")
                }
                if case .name(let name) = binding, let specifier = Self.requiredSpecifier(value), specifier.hasPrefix(".") {
                    relativeRequires.append(([name], specifier, statement.line, statement.column))
                }
            case .assignment(let target, let value):
                if target == ["module", "exports"] {
                    exported = value
                } else {
                    warn(statement.line, statement.column, "the assignment to '\(target.joined(separator: "."))' is not translated")
                }
            case .exportDefault(let value):
                exported = value
            case .expression(let value) where value.stringValue != nil:
                continue  // a directive such as "use strict"
            case .exportNames, .expression:
                warn(statement.line, statement.column, "this statement is not translated")
            case .other(let description):
                warn(statement.line, statement.column, "\(description) is not translated (wkpack.yml has no code)")
            }
        }
        guard let exported else {
            throw InitFailure("\(path):1:1: error: no 'module.exports = {...}' or 'export default {...}' found")
        }
        let config = resolved(exported)
        guard case .object(let properties) = config.value else {
            throw InitFailure(
                "\(path):\(config.line):\(config.column): error: the configuration must be an object literal, found \(config.description)")
        }
        var entries: [Entry] = []
        var outputFolder: String?
        for property in properties {
            guard let key = property.name, !property.isShorthand || bindings[key] != nil else {
                warn(property.line, property.column, "this property is not translated")
                continue
            }
            let value = resolved(property.value)
            switch key {
            case "mode": readMode(value, into: &draft)
            case "devtool": readDevtool(value, into: &draft)
            case "entry": entries = readEntries(value)
            case "output": outputFolder = readOutput(value)
            case "module": readModule(value)
            case "resolve": readResolve(value, into: &draft)
            case "plugins": readPlugins(value, into: &draft)
            case "context":
                warn(property.line, property.column, "'context' is not translated: entry paths are read relative to \(path)'s folder")
            default:
                warn(property.line, property.column, "'\(key)' is not translated")
            }
        }
        if !properties.contains(where: { $0.name == "devtool" }), draft.mode != .development {
            // webpack's default devtool in production (its default mode) writes no source maps.
            draft.sourceMaps = SourceMapMode.none
        }
        if let outputFolder { draft.output = outputFolder }
        translate(entries, into: &draft)
    }

    /// Follows a name to the expression it is declared with (`entry: { AllFramesAtDocumentStart }`).
    private func resolved(_ expression: StaticExpression) -> StaticExpression {
        var current = expression
        var seen: Set<String> = []
        while let name = current.identifierName, seen.insert(name).inserted, let bound = bindings[name] { current = bound }
        return current
    }

    /// `require("x")` -> `x`.
    static func requiredSpecifier(_ expression: StaticExpression) -> String? {
        guard case .call(let callee, let arguments) = expression.value, callee.identifierName == "require",
            arguments.count == 1, let specifier = arguments[0].stringValue
        else { return nil }
        return specifier
    }

    // MARK: Paths

    /// A path expression (`"./x"`, `path.resolve(__dirname, "x")`, `path.join(__dirname, "x")`,
    /// `__dirname + "/x"`, `require.resolve("pkg")`) as an absolute path, or `nil`.
    private mutating func absolutePath(_ expression: StaticExpression) -> String? {
        let expression = resolved(expression)
        switch expression.value {
        case .string(let text):
            return InitPaths.absolute(text, in: webpackFolder)
        case .identifier("__dirname"):
            return webpackFolder
        case .concatenation(let left, let right):
            guard let base = absolutePath(left), let rest = resolved(right).stringValue else { return nil }
            return InitPaths.absolute(base + rest, in: webpackFolder)
        case .call(let callee, let arguments):
            let name = callee.memberPath ?? []
            if name == ["path", "resolve"] || name == ["path", "join"] {
                var result = webpackFolder
                for argument in arguments {
                    if let text = resolved(argument).stringValue {
                        result =
                            text.hasPrefix("/") && name == ["path", "resolve"]
                            ? InitPaths.absolute(text, in: "/") : InitPaths.absolute(text, in: result)
                    } else if let folder = absolutePath(argument) {
                        result = folder
                    } else {
                        return nil
                    }
                }
                return result
            }
            if name == ["require", "resolve"], arguments.count == 1, let specifier = arguments[0].stringValue {
                if specifier.hasPrefix(".") || specifier.hasPrefix("/") { return InitPaths.absolute(specifier, in: webpackFolder) }
                let package = webpackFolder + "/node_modules/" + specifier
                if let main = InitPaths.packageMain(package) { return main }
                warn(
                    expression,
                    "package '\(specifier)' is not installed in \(InitPaths.relative(webpackFolder + "/node_modules", from: projectFolder)); "
                        + "written as its folder (run npm install, then check the path)")
                return package
            }
            return nil
        default:
            return nil
        }
    }

    private func projectPath(_ absolute: String) -> String { InitPaths.relative(absolute, from: projectFolder) }

    // MARK: Sections

    private mutating func readMode(_ value: StaticExpression, into draft: inout InitDraft) {
        switch value.stringValue {
        case "production": draft.mode = .production
        case "development": draft.mode = .development
        default: warn(value, "mode \(value.description) is not translated (wkpack has 'production' and 'development')")
        }
    }

    private mutating func readDevtool(_ value: StaticExpression, into draft: inout InitDraft) {
        if value.value == .boolean(false) {
            draft.sourceMaps = SourceMapMode.none
            return
        }
        guard let name = value.stringValue else {
            warn(value, "devtool \(value.description) is not translated")
            return
        }
        if name.contains("eval") || name.hasPrefix("inline") {
            draft.sourceMaps = .inline
        } else if name.hasSuffix("source-map") {
            draft.sourceMaps = .external
            if name != "source-map" {
                warn(value, "devtool '\(name)' is written as 'sourceMaps: external' (an exact map with a sourceMappingURL comment)")
            }
        } else {
            warn(value, "devtool '\(name)' is not translated")
        }
    }

    private mutating func readOutput(_ value: StaticExpression) -> String? {
        guard case .object(let properties) = value.value else {
            warn(value, "output \(value.description) is not translated")
            return nil
        }
        var folder: String?
        for property in properties {
            switch property.name {
            case "path":
                if let absolute = absolutePath(property.value) {
                    folder = projectPath(absolute)
                } else {
                    warn(property.value, "output.path \(property.value.description) is not translated")
                }
            case "filename":
                if resolved(property.value).stringValue != "[name].js" {
                    warn(
                        property.value,
                        "output.filename other than '[name].js' is not translated (wkpack writes <group>.js, or a group's 'output:')")
                }
            default:
                warn(property.line, property.column, "output.\(property.name ?? "…") is not translated")
            }
        }
        return folder
    }

    private mutating func readModule(_ value: StaticExpression) {
        guard case .object(let properties) = value.value else {
            warn(value, "module \(value.description) is not translated")
            return
        }
        for property in properties {
            guard property.name == "rules", case .array(let rules) = resolved(property.value).value else {
                warn(property.line, property.column, "module.\(property.name ?? "…") is not translated")
                continue
            }
            for (index, rule) in rules.enumerated() {
                let rule = resolved(rule)
                // `type: "javascript/auto"` (ES and CommonJS syntax in one file) is how wkpack reads every file.
                if case .object(let fields) = rule.value, rule.property("type")?.value.stringValue == "javascript/auto",
                    fields.allSatisfy({ ["test", "include", "exclude", "type"].contains($0.name ?? "") })
                {
                    continue
                }
                warn(
                    rule,
                    "module.rules[\(index)] is not translated (wkpack has no loaders; it reads every file as ES or CommonJS, like 'javascript/auto')"
                )
            }
        }
    }

    private mutating func readResolve(_ value: StaticExpression, into draft: inout InitDraft) {
        guard case .object(let properties) = value.value else {
            warn(value, "resolve \(value.description) is not translated")
            return
        }
        for property in properties {
            guard property.name == "alias" || property.name == "fallback" else {
                warn(property.line, property.column, "resolve.\(property.name ?? "…") is not translated")
                continue
            }
            let key = property.name ?? ""
            guard case .object(let entries) = resolved(property.value).value else {
                warn(
                    property.value, "resolve.\(key) \(property.value.description) is not translated (wkpack reads an object of name: path)")
                continue
            }
            for entry in entries {
                guard let name = entry.name, !entry.isShorthand || bindings[name] != nil else {
                    warn(entry.line, entry.column, "this resolve.\(key) entry is not translated")
                    continue
                }
                var target: String??
                if resolved(entry.value).value == .boolean(false) {
                    target = .some(nil)
                } else if let absolute = absolutePath(entry.value) {
                    target = .some(projectPath(absolute))
                }
                guard let target else {
                    warn(entry.value, "resolve.\(key).\(name) \(entry.value.description) is not translated")
                    continue
                }
                let draftEntry = InitDraft.PathEntry(name: name, path: target)
                if key == "alias" { draft.aliases.append(draftEntry) } else { draft.fallbacks.append(draftEntry) }
            }
        }
    }

    private mutating func readPlugins(_ value: StaticExpression, into draft: inout InitDraft) {
        guard case .array(let plugins) = value.value else {
            warn(value, "plugins \(value.description) is not translated")
            return
        }
        for plugin in plugins {
            let plugin = resolved(plugin)
            guard case .new(let callee, let arguments) = plugin.value, callee.memberPath?.last == "NormalModuleReplacementPlugin",
                let pattern = arguments.first, case .regularExpression(let regex) = pattern.value, regex.contains("resource")
            else {
                warn(plugin, "the plugin \(plugin.description) is not translated")
                continue
            }
            // The replacement function is not read; the table it uses is the file the configuration requires.
            let candidates = relativeRequires.filter { required in
                required.names.contains { $0.contains("Override") } || required.specifier.contains("Override")
            }
            let chosen = candidates.count == 1 ? candidates : relativeRequires.count == 1 ? relativeRequires : []
            guard let table = chosen.first else {
                warn(
                    plugin,
                    "the NormalModuleReplacementPlugin is written as 'resourceURIs:' without overrides: no required override table file found"
                )
                continue
            }
            let absolute = InitPaths.absolute(table.specifier, in: webpackFolder)
            draft.overridesFile = projectPath(absolute)
            draft.resourceDirectory = projectPath(InitPaths.folder(of: absolute))
            if let data = (try? LocalFileSystem().readFile(at: absolute)).map({ Data($0) }) {
                do {
                    _ = try OverrideTableReader.read(Array(data), path: projectPath(absolute))
                } catch {
                    diagnostics.append(InitDiagnostic(location: error.location, message: error.message + " (wkpack build will report it)"))
                }
            } else {
                warn(table.line, table.column, "the override table file '\(projectPath(absolute))' does not exist")
            }
        }
    }

    // MARK: Entries

    private mutating func readEntries(_ value: StaticExpression) -> [Entry] {
        guard case .object(let properties) = value.value else {
            if let items = entryItems(value, entry: "main") {
                return [Entry(name: "main", items: items, line: value.line, column: value.column)]
            }
            return []
        }
        var entries: [Entry] = []
        for property in properties {
            guard let name = property.name else {
                warn(property.line, property.column, "this entry is not translated")
                continue
            }
            var value = resolved(property.value)
            var output: String?
            // `{ import: ..., filename: ... }` entry descriptions: `import`, and `filename` when it is a fixed name.
            if case .object(let fields) = value.value, let imported = value.property("import") {
                for field in fields where field.name != "import" {
                    if field.name == "filename", let filename = resolved(field.value).stringValue, !filename.contains("["),
                        !filename.contains("/"), !filename.isEmpty
                    {
                        output = filename
                    } else {
                        warn(field.line, field.column, "entry '\(name)': '\(field.name ?? "…")' is not translated")
                    }
                }
                value = resolved(imported.value)
            }
            if let items = entryItems(value, entry: name) {
                entries.append(Entry(name: name, items: items, line: property.line, column: property.column, output: output))
            }
        }
        return entries
    }

    /// The files and glob patterns of an entry value, or `nil` (with a warning) when some part is not readable.
    private mutating func entryItems(_ value: StaticExpression, entry: String) -> [Entry.Item]? {
        let value = resolved(value)
        switch value.value {
        case .string(let text):
            return [.file(text)]
        case .array(let elements):
            var items: [Entry.Item] = []
            for element in elements {
                let inner: StaticExpression
                if case .spread(let spread) = element.value { inner = spread } else { inner = element }
                guard let more = entryItems(inner, entry: entry) else { return nil }
                items += more
            }
            return items
        case .call(let callee, let arguments):
            let name = callee.memberPath ?? []
            if name == ["glob", "sync"] || name == ["glob", "globSync"] || name == ["globSync"] {
                // One pattern, or (glob 9 and later) an array of patterns.
                let argument = arguments.first.map(resolved)
                var patterns: [String]?
                if let pattern = argument?.stringValue {
                    patterns = [pattern]
                } else if let argument, case .array(let elements) = argument.value {
                    let strings = elements.compactMap { resolved($0).stringValue }
                    if strings.count == elements.count, !strings.isEmpty { patterns = strings }
                }
                guard let patterns else {
                    warn(value, "entry '\(entry)': the glob pattern \(arguments.first?.description ?? "(none)") is not translated")
                    return nil
                }
                return patterns.map { .glob($0) }
            }
            if case .member(let object, "concat") = callee.value {
                guard var items = entryItems(object, entry: entry) else { return nil }
                for argument in arguments {
                    guard let more = entryItems(argument, entry: entry) else { return nil }
                    items += more
                }
                return items
            }
            warn(value, "entry '\(entry)': \(value.description) is not translated")
            return nil
        default:
            warn(value, "entry '\(entry)': \(value.description) is not translated")
            return nil
        }
    }

    /// `dir/*.js`, `dir/*.mjs`, `dir/*.{js,mjs}`: the folder (absolute) and the extensions; `nil` otherwise.
    static func folderPattern(_ pattern: String, in base: String) -> (folder: String, extensions: Set<String>)? {
        let folder = InitPaths.folder(of: pattern)
        let name = (pattern as NSString).lastPathComponent
        guard !folder.contains("*"), !folder.contains("{"), !folder.contains("?"), !folder.contains("[") else { return nil }
        let extensions: Set<String>
        switch name {
        case "*.js": extensions = ["js"]
        case "*.mjs": extensions = ["mjs"]
        case "*.{js,mjs}", "*.{mjs,js}": extensions = ["js", "mjs"]
        default: return nil
        }
        return (InitPaths.absolute(folder, in: base), extensions)
    }

    /// The paths a glob pattern names without matching anything against the file system: its brace alternatives
    /// (`dir/{a,b}.js` -> `dir/a.js`, `dir/b.js`; nested and repeated braces too), or the pattern itself when it has
    /// no braces; `nil` when an alternative has a wildcard (`*`, `?`, `[...]`, an extglob, a leading `!`), an escape,
    /// or a brace that lists no alternatives (`{a}`, a range such as `{1..3}`).
    static func namedFiles(_ pattern: String) -> [String]? {
        guard let alternatives = braceAlternatives(Array(pattern)) else { return nil }
        var seen: Set<String> = []
        var files: [String] = []
        for alternative in alternatives {
            let text = String(alternative)
            if text.isEmpty || text.hasPrefix("!") || text.contains(where: { "*?[]\\".contains($0) }) { return nil }
            if ["@(", "+(", "!("].contains(where: { text.contains($0) }) { return nil }
            if text.hasSuffix("/") { return nil }
            if seen.insert(text).inserted { files.append(text) }
        }
        return files
    }

    /// Brace expansion, in the order written (callers sort); `nil` for an unbalanced brace or one without a top-level comma.
    private static func braceAlternatives(_ pattern: [Character]) -> [[Character]]? {
        guard let open = pattern.firstIndex(of: "{") else {
            return pattern.contains("}") ? nil : [pattern]
        }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<pattern.count {
            switch pattern[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
        }
        guard let close, !commas.isEmpty, !pattern[..<open].contains("}") else { return nil }
        let prefix = Array(pattern[..<open])
        guard let suffixes = braceAlternatives(Array(pattern[(close + 1)...])) else { return nil }
        var result: [[Character]] = []
        let bounds = [open] + commas + [close]
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            guard let inner = braceAlternatives(Array(pattern[(start + 1)..<end])) else { return nil }
            for middle in inner {
                for suffix in suffixes { result.append(prefix + middle + suffix) }
            }
        }
        return result
    }

    /// Webpack resolves a plain entry path as a module: the file, or with `.js`, `.mjs`, `.json`, or a folder's
    /// `index.js`. Whether one of them exists.
    static func entryModuleExists(_ absolute: String) -> Bool {
        [absolute, absolute + ".js", absolute + ".mjs", absolute + ".json", absolute + "/index.js"].contains(where: InitPaths.isFile)
    }

    /// An entry's items with each glob that names its files (no wildcard) replaced by those of its files that exist,
    /// sorted as glob 8 returns them, as `glob.sync` returns no path that does not exist; each missing file is
    /// reported. `nil` (reported) when a pattern is neither a folder pattern nor a list of named files, or when
    /// the entry is left with no file.
    private mutating func namingGlobsExpanded(_ entry: Entry) -> [Entry.Item]? {
        var items: [Entry.Item] = []
        for item in entry.items {
            switch item {
            case .file(let path):
                let absolute = InitPaths.absolute(path, in: webpackFolder)
                // A bare name ("pkg") is resolved in node_modules; only paths are checked.
                if path.hasPrefix(".") || path.hasPrefix("/"), !Self.entryModuleExists(absolute) {
                    warn(
                        entry.line, entry.column,
                        "entry '\(entry.name)': '\(projectPath(absolute))' does not exist; webpack fails on this entry, and so will wkpack build"
                    )
                }
                items.append(item)
            case .glob(let pattern):
                if Self.folderPattern(pattern, in: webpackFolder) != nil {
                    items.append(item)
                    continue
                }
                if let named = Self.namedFiles(pattern) {
                    // glob 8 (firefox-ios's) returns a pattern's matches sorted by localeCompare; later versions
                    // promise no order. Sorted the way wkpack lists a folder (ICU root order, as localeCompare).
                    for path in named.sorted(by: FileNameCollation.areInIncreasingOrder) {
                        let absolute = InitPaths.absolute(path, in: webpackFolder)
                        if InitPaths.isFile(absolute) {
                            items.append(.file(path))
                        } else {
                            warn(
                                entry.line, entry.column,
                                "entry '\(entry.name)': the pattern '\(pattern)' names '\(projectPath(absolute))', which does not exist; "
                                    + "glob.sync leaves it out")
                        }
                    }
                    continue
                }
                // Braces around folder patterns (`./{A,B}/*.js`): each alternative on its own.
                if pattern.contains("{"), let alternatives = Self.braceAlternatives(Array(pattern)).map({ $0.map { String($0) } }),
                    alternatives.allSatisfy({ Self.folderPattern($0, in: webpackFolder) != nil || Self.namedFiles($0) != nil })
                {
                    var expanded = Entry(name: entry.name, items: alternatives.map { .glob($0) }, line: entry.line, column: entry.column)
                    expanded.output = entry.output
                    guard let more = namingGlobsExpanded(expanded) else { return nil }
                    items += more
                    continue
                }
                warn(
                    entry.line, entry.column,
                    "entry '\(entry.name)': the pattern '\(pattern)' is neither a '<folder>/*.{js,mjs}' pattern nor a list of named files "
                        + "('dir/a.js', 'dir/{a,b}.js'); the entry is not translated")
                return nil
            }
        }
        guard !items.isEmpty else {
            warn(
                entry.line, entry.column, "entry '\(entry.name)' names no file that exists; webpack fails on an empty entry; not translated"
            )
            return nil
        }
        return items
    }

    /// The script files of `folder` (names), as wkpack lists a group's folder.
    static func scriptNames(in folder: String, extensions: Set<String> = ["js", "mjs"]) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            !name.hasPrefix(".") && extensions.contains((name as NSString).pathExtension) && InitPaths.isFile(folder + "/" + name)
        }.sorted(by: FileNameCollation.areInIncreasingOrder)
    }

    /// Entries -> root and groups: one glob of a folder (after at most one file of that folder, its `first:`)
    /// is a folder group; one plain file is a `files:` group; any other mix is written as the files it matches today.
    private mutating func translate(_ entries: [Entry], into draft: inout InitDraft) {
        var entries = entries
        var folders: [String] = []
        for (index, entry) in entries.enumerated() {
            guard let items = namingGlobsExpanded(entry) else {
                entries[index].items = []
                continue
            }
            entries[index].items = items
            for case .glob(let pattern) in items {
                if let (folder, _) = Self.folderPattern(pattern, in: webpackFolder) { folders.append(folder) }
            }
        }
        let rootAbsolute =
            root.map { InitPaths.absolute($0, in: projectFolder) } ?? Self.commonRoot(folders)
            ?? InitPaths.absolute(draft.root, in: projectFolder)
        draft.root = projectPath(rootAbsolute)
        let standard = Dictionary(uniqueKeysWithValues: ScriptGroupDefinition.standardGroups.map { ($0.folder, $0.name) })
        for entry in entries where !entry.items.isEmpty {
            var group = InitDraft.Group(name: entry.name)
            if let output = entry.output, output != entry.name + ".js" { group.output = output }
            if entry.name.isEmpty || entry.name.contains("/") || entry.name.hasPrefix(".")
                || entry.name.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
            {
                warn(entry.line, entry.column, "entry '\(entry.name)' cannot be written as '\(entry.name).js'; not translated")
                continue
            }
            let globs = entry.items.compactMap { item -> String? in if case .glob(let pattern) = item { return pattern } else { return nil }
            }
            let files = entry.items.compactMap { item -> String? in if case .file(let path) = item { return path } else { return nil } }
            if globs.count == 1, let (folder, extensions) = Self.folderPattern(globs[0], in: webpackFolder),
                Paths.isSameOrInside(folder, rootAbsolute), folder != rootAbsolute,
                Set(Self.scriptNames(in: folder).map { ($0 as NSString).pathExtension }).isSubset(of: extensions),
                files.count <= 1, files.allSatisfy({ InitPaths.folder(of: InitPaths.absolute($0, in: webpackFolder)) == folder }),
                case .glob = entry.items.last
            {
                let relative = InitPaths.relative(folder, from: rootAbsolute)
                if standard[relative] != entry.name { group.folder = relative }
                if let first = files.first {
                    group.first = (first as NSString).lastPathComponent
                } else if InitPaths.isFile(folder + "/__firefox__.js") {
                    group.first = "__firefox__.js"
                }
                draft.groups.append(group)
                continue
            }
            if globs.isEmpty {
                // Named files only (plain paths, globs without wildcards, brace lists): nothing to pick up later.
                var seen: Set<String> = []
                group.files = files.map { projectPath(InitPaths.absolute($0, in: webpackFolder)) }.filter { seen.insert($0).inserted }
                draft.groups.append(group)
                continue
            }
            var expanded: [String] = []
            items: for item in entry.items {
                switch item {
                case .file(let path):
                    expanded.append(projectPath(InitPaths.absolute(path, in: webpackFolder)))
                case .glob(let pattern):
                    guard let (folder, extensions) = Self.folderPattern(pattern, in: webpackFolder) else {
                        warn(
                            entry.line, entry.column,
                            "entry '\(entry.name)': the pattern '\(pattern)' is not a '<folder>/*.{js,mjs}' pattern; the entry is not translated"
                        )
                        expanded = []
                        break items
                    }
                    expanded += Self.scriptNames(in: folder, extensions: extensions).map { projectPath(folder + "/" + $0) }
                }
            }
            var seen: Set<String> = []
            expanded = expanded.filter { seen.insert($0).inserted }
            guard !expanded.isEmpty else {
                if globs.allSatisfy({ Self.folderPattern($0, in: webpackFolder) != nil }) {
                    warn(entry.line, entry.column, "entry '\(entry.name)' matches no file today; not translated")
                }
                continue
            }
            group.files = expanded
            draft.groups.append(group)
            let reason: String
            if entry.items.count == 1, let (folder, _) = Self.folderPattern(globs[0], in: webpackFolder),
                !Paths.isSameOrInside(folder, rootAbsolute) || folder == rootAbsolute
            {
                reason = "entry '\(entry.name)': its folder is not inside the root '\(draft.root)'"
            } else if entry.items.count == 1 {
                reason = "entry '\(entry.name)': its pattern does not match every script of its folder"
            } else {
                reason = "entry '\(entry.name)' combines \(entry.items.count) files and patterns"
            }
            warn(
                entry.line, entry.column,
                reason + "; written as the \(expanded.count) files it matches today (files added later are not picked up)")
        }
    }

    /// The root under which the entry folders lie: their common folder, above any `<Frame>`/`<Time>` level.
    static func commonRoot(_ folders: [String]) -> String? {
        guard let first = folders.first else { return nil }
        var common = first.split(separator: "/").map(String.init)
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/").map(String.init)
            var count = 0
            while count < common.count, count < parts.count, common[count] == parts[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        let levels: Set<String> = ["AllFrames", "MainFrame", "AtDocumentStart", "AtDocumentEnd"]
        while let last = common.last, levels.contains(last) || folders.contains("/" + common.joined(separator: "/")) {
            common.removeLast()
        }
        return "/" + common.joined(separator: "/")
    }
}

/// A failure of `wkpack init`, already formatted (`path:line:col: error: message`).
struct InitFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
