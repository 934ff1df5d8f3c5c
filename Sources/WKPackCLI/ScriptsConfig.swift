import ScriptBundler
import Yams

/// The `scripts:` section of `wkpack.yml`. Unset values take the defaults.
public struct ScriptsConfig: Sendable, Equatable {
    public static let defaultRoot = "UserScripts"
    public static let defaultOutput = "Assets"
    public static let defaultMode = BundleMode.production
    public static let defaultSourceMaps = SourceMapMode.external

    /// Root folder relative to the configuration file's folder.
    public var root: String?
    public var rootLocation: SourceLocation?
    public var output: String?
    public var outputLocation: SourceLocation?
    public var mode: BundleMode?
    public var sourceMaps: SourceMapMode?
    public var groups: [ScriptGroupDefinition] = []
    /// Whether configured paths may lead outside the project folder (`..`, absolute paths, symbolic links).
    public var allowOutsideProject = false

    public init() {}

    static let keys = ["root", "output", "mode", "sourceMaps", "groups", "allowOutsideProject"]
    static let groupKeys = ["name", "folder", "output", "first"]

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
            case "allowOutsideProject":
                config.allowOutsideProject = try reader.bool(value, key: key)
            default:
                for item in try reader.sequence(value, key: key) {
                    config.groups.append(try parseGroup(item, reader: reader))
                }
            }
        }
        return config
    }

    private static func parseGroup(_ node: Node, reader: YAMLNodeReader) throws(ConfigError) -> ScriptGroupDefinition {
        let pairs = try reader.mapping(node, allowedKeys: groupKeys, context: "a group")
        guard let nameValue = pairs.first(where: { $0.key == "name" })?.value else {
            throw ConfigError(at: reader.location(of: node), "a group needs a 'name'")
        }
        var group = ScriptGroupDefinition(name: try reader.string(nameValue, key: "name"), origin: reader.location(of: nameValue))
        for (key, _, value) in pairs {
            switch key {
            case "folder": group.folder = try reader.string(value, key: key)
            case "output": group.outputFileName = try reader.string(value, key: key)
            case "first": group.first = try reader.string(value, key: key)
            default: break
            }
        }
        return group
    }
}
