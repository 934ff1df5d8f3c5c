import ScriptBundler
import Yams

/// The `scripts:` section of `wkpack.yml`. Unset values take the defaults.
public struct ScriptsConfig: Sendable, Equatable {
    public static let defaultRoot = "UserScripts"
    public static let defaultOutput = "Assets"
    public static let defaultMode = BundleMode.production
    public static let defaultSourceMaps = SourceMapMode.external

    /// The map style when none is configured: inline for development (an injected script has no URL to
    /// resolve a map file against), external for production.
    public static func defaultSourceMaps(for mode: BundleMode) -> SourceMapMode {
        mode == .development ? .inline : defaultSourceMaps
    }

    /// Root folder relative to the configuration file's folder.
    public var root: String?
    public var rootLocation: SourceLocation?
    public var output: String?
    public var outputLocation: SourceLocation?
    public var mode: BundleMode?
    public var sourceMaps: SourceMapMode?
    public var groups: [ScriptGroupDefinition] = []
    /// `alias:` name -> folder or file (relative to the configuration file), `nil` for `false`.
    public var aliases: [String: String?] = [:]
    /// `fallback:` bare name (e.g. a Node built-in) -> module path, `nil` for `false` (empty module).
    public var fallbacks: [String: String?] = [:]
    /// `resourceURIs:` rule (directory relative to the configuration file; `overrides:` is a mapping, or the path of a
    /// CommonJS/ES file holding the table, relative to the configuration file too, in `overridesFile`).
    public var resourceURIs: ResourceURIRule?
    /// Whether configured paths may lead outside the project folder (`..`, absolute paths, symbolic links).
    public var allowOutsideProject = false
    /// `target:`, the oldest Safari the bundles must run on (`nil`: `ScriptTarget.default`).
    public var target: ScriptTarget?
    /// The other paths the section names (alias targets, fallback modules, the resource directory and its
    /// overrides, group folders and files), each with its location, for the project-boundary check.
    public var paths: [ConfiguredPath] = []
    /// `metafile:`, where `wkpack build` writes esbuild's metafile (relative to the configuration file).
    public var metafile: String?
    /// `maxBytes:` of the section: the budget of every bundle whose group sets none.
    public var maxBytes: SizeBudget?
    /// `maxBytes:` of group entries, by group name.
    public var groupBudgets: [String: SizeBudget] = [:]

    public init() {}

    static let keys = [
        "root", "output", "mode", "sourceMaps", "target", "groups", "alias", "fallback", "resourceURIs", "allowOutsideProject",
        "metafile", "maxBytes",
    ]
    static let groupKeys = ["name", "folder", "files", "output", "first", "maxBytes"]

    /// Reads the section from its YAML node.
    static func parse(_ node: Node, reader: YAMLNodeReader) throws(ConfigError) -> ScriptsConfig {
        var config = ScriptsConfig()
        for (key, _, value) in try reader.mapping(node, allowedKeys: keys, context: "'scripts'") {
            switch key {
            case "root":
                config.root = try reader.string(value, key: key)
                config.rootLocation = reader.location(of: value)
            case "output":
                config.output = try reader.string(value, key: key)
                config.outputLocation = reader.location(of: value)
            case "mode":
                config.mode = try reader.choice(value, key: key, as: BundleMode.self)
            case "sourceMaps":
                config.sourceMaps = try reader.choice(value, key: key, as: SourceMapMode.self)
            case "target":
                let name = try reader.string(value, key: key)
                guard let target = ScriptTarget(name: name) else {
                    throw ConfigError(at: reader.location(of: value), ScriptTarget.unknownNameMessage(name))
                }
                config.target = target
            case "alias":
                config.aliases = try parsePathMap(value, key: key, reader: reader, paths: &config.paths)
            case "fallback":
                config.fallbacks = try parsePathMap(value, key: key, reader: reader, paths: &config.paths)
            case "resourceURIs":
                config.resourceURIs = try parseResourceURIs(value, reader: reader, paths: &config.paths)
            case "allowOutsideProject":
                config.allowOutsideProject = try reader.bool(value, key: key)
            case "metafile":
                let path = try reader.string(value, key: key)
                config.metafile = path
                config.paths.append(ConfiguredPath(role: "metafile", path: path, location: reader.location(of: value)))
            case "maxBytes":
                config.maxBytes = SizeBudget(maxBytes: try reader.count(value, key: key), location: reader.location(of: value))
            default:
                for item in try reader.sequence(value, key: key) {
                    config.groups.append(try parseGroup(item, reader: reader, paths: &config.paths, budgets: &config.groupBudgets))
                }
            }
        }
        return config
    }

    private static func parseGroup(
        _ node: Node, reader: YAMLNodeReader, paths: inout [ConfiguredPath], budgets: inout [String: SizeBudget]
    ) throws(ConfigError) -> ScriptGroupDefinition {
        let pairs = try reader.mapping(node, allowedKeys: groupKeys, context: "a group")
        guard let nameValue = pairs.first(where: { $0.key == "name" })?.value else {
            throw ConfigError(at: reader.location(of: node), "a group needs a 'name'")
        }
        var group = ScriptGroupDefinition(name: try reader.string(nameValue, key: "name"), origin: reader.location(of: nameValue))
        for (key, _, value) in pairs {
            switch key {
            case "folder":
                let folder = try reader.string(value, key: key)
                group.folder = folder
                // Relative to the root: joined to it when the boundary is checked.
                paths.append(
                    ConfiguredPath(role: "group '\(group.name)' folder", path: folder, location: reader.location(of: value), base: .root))
            case "files":
                group.files = try reader.sequence(value, key: key).map { (item) throws(ConfigError) -> String in
                    let file = try reader.string(item, key: key)
                    paths.append(ConfiguredPath(role: "group '\(group.name)' file", path: file, location: reader.location(of: item)))
                    return file
                }
            case "output": group.outputFileName = try reader.string(value, key: key)
            case "first": group.first = try reader.string(value, key: key)
            case "maxBytes":
                // A group configured twice is reported by discovery, at its name.
                budgets[group.name] = SizeBudget(maxBytes: try reader.count(value, key: key), location: reader.location(of: value))
            default: break
            }
        }
        return group
    }

    /// `name: path` or `name: false`; each path is added to `paths` (as `key 'name'`).
    private static func parsePathMap(
        _ node: Node, key: String, reader: YAMLNodeReader, paths: inout [ConfiguredPath]
    ) throws(ConfigError) -> [String: String?] {
        guard !reader.isNull(node) else { return [:] }
        guard let mapping = node.mapping else { throw ConfigError(at: reader.location(of: node), "'\(key)' must be a mapping") }
        var result: [String: String?] = [:]
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string, !name.isEmpty else {
                throw ConfigError(at: reader.location(of: keyNode), "keys of '\(key)' must be plain strings")
            }
            guard result[name] == nil else { throw ConfigError(at: reader.location(of: keyNode), "duplicate key '\(name)' in '\(key)'") }
            if reader.tagName(of: value) == .bool, value.bool == false {
                result[name] = .some(nil)
            } else {
                let path = try reader.string(value, key: "\(key): \(name)")
                result[name] = .some(path)
                paths.append(ConfiguredPath(role: "\(key) '\(name)'", path: path, location: reader.location(of: value)))
            }
        }
        return result
    }

    private static func parseResourceURIs(
        _ node: Node, reader: YAMLNodeReader, paths: inout [ConfiguredPath]
    ) throws(ConfigError) -> ResourceURIRule {
        var directory: String?
        var overrides: [String: String] = [:]
        var overridePaths: [ConfiguredPath] = []
        var overridesFile: String?
        var overridesFileOrigin: SourceLocation?
        for (key, _, value) in try reader.mapping(node, allowedKeys: ["directory", "overrides"], context: "'resourceURIs'") {
            if key == "directory" {
                let path = try reader.string(value, key: key)
                directory = path
                paths.append(ConfiguredPath(role: "resourceURIs directory", path: path, location: reader.location(of: value)))
            } else if value.scalar != nil, !reader.isNull(value) {
                // A path to a CommonJS/ES file holding the table (relative to the configuration file).
                let path = try reader.string(value, key: key)
                overridesFile = path
                overridesFileOrigin = reader.location(of: value)
                paths.append(ConfiguredPath(role: "override table file", path: path, location: reader.location(of: value)))
            } else if value.sequence != nil {
                throw ConfigError(
                    at: reader.location(of: value),
                    "'overrides' must be a mapping (name: replacement) or the path of the file holding the table")
            } else {
                for (name, target) in try parsePathMap(value, key: "overrides", reader: reader, paths: &overridePaths) {
                    guard let target else { throw ConfigError(at: reader.location(of: value), "override '\(name)' needs a file name") }
                    overrides[name] = target
                }
            }
        }
        guard let directory else { throw ConfigError(at: reader.location(of: node), "'resourceURIs' needs a 'directory'") }
        // An override names a file in the directory (an absolute path stands alone, as the resolver joins it).
        for var override in overridePaths {
            override.path = override.path.hasPrefix("/") ? override.path : directory + "/" + override.path
            paths.append(override)
        }
        return ResourceURIRule(
            directory: directory, overrides: overrides, overridesFile: overridesFile, overridesFileOrigin: overridesFileOrigin)
    }
}
