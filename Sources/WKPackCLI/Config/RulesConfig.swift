import BlockListCompiler
import ScriptBundler
import Yams

/// The `rules:` section of `wkpack.yml`: the content-blocking list jobs of `wkpack build`.
///
/// ```yaml
/// rules:
///   target: safari26          # Safari / WebKit version the lists must compile on
///   maxRules: 150000          # budgets applied to every checked and merged list
///   maxBytes: 4000000
///   check:                    # lists validated as they are ('*' allowed in the file name)
///     - ContentBlockingLists/*.json
///   output: Assets            # folder of the merged lists
///   merge:
///     - output: ContentBlockers.json
///       lists: [ContentBlockingLists/block-trackers.json, ContentBlockingLists/hide-annoyances.json]
///       safelist: [example.org]       # domains appended as one ignore-previous-rules rule
///       safelistFile: safelist.txt    # or a file of domains
///   test:                     # expectation files (`wkpack rules test`), run last
///     - ContentBlockingLists/expectations.yml
///   allowOutsideProject: false  # these paths may not leave the configuration's folder unless true
/// ```
public struct RulesConfig: Sendable, Equatable {
    /// One merged list.
    public struct Merge: Sendable, Equatable {
        public var output: String
        public var lists: [String]
        public var safelist: [String] = []
        public var safelistFile: String?
    }

    public var target: WebKitTarget = .newest
    public var maxRules: Int?
    public var maxBytes: Int?
    public var check: [String] = []
    public var output: String?
    public var merge: [Merge] = []
    public var test: [String] = []
    /// Whether the section's paths may lead outside the project folder (`..`, absolute paths, symbolic links);
    /// set per section, as `scripts.allowOutsideProject` is.
    public var allowOutsideProject = false
    /// Every path the section names (`check` patterns, `output`, merged `lists`, `safelistFile`, `test` files),
    /// each with its location, for the project-boundary check.
    public var paths: [ConfiguredPath] = []

    static let keys = ["target", "maxRules", "maxBytes", "check", "output", "merge", "test", "allowOutsideProject"]
    static let mergeKeys = ["output", "lists", "safelist", "safelistFile"]

    /// Reads the section from its YAML node.
    static func parse(_ node: Node, reader: YAMLNodeReader) throws(ConfigError) -> RulesConfig {
        var config = RulesConfig()
        for (key, _, value) in try reader.mapping(node, allowedKeys: keys, context: "'rules'") {
            switch key {
            case "target": config.target = try reader.choice(value, key: key, as: WebKitTarget.self)
            case "maxRules": config.maxRules = try reader.count(value, key: key)
            case "maxBytes": config.maxBytes = try reader.count(value, key: key)
            case "check": config.check = try parsePaths(value, key: key, role: "rules check list", reader: reader, paths: &config.paths)
            case "output":
                let output = try reader.string(value, key: key)
                config.output = output
                config.paths.append(ConfiguredPath(role: "rules output", path: output, location: reader.location(of: value)))
            case "test":
                config.test = try parsePaths(value, key: key, role: "rules test expectation file", reader: reader, paths: &config.paths)
            case "allowOutsideProject": config.allowOutsideProject = try reader.bool(value, key: key)
            default:
                for item in try reader.sequence(value, key: key) {
                    config.merge.append(try parseMerge(item, reader: reader, paths: &config.paths))
                }
            }
        }
        return config
    }

    /// A list of paths, each added to `paths`.
    private static func parsePaths(
        _ node: Node, key: String, role: String, reader: YAMLNodeReader, paths: inout [ConfiguredPath]
    ) throws(ConfigError) -> [String] {
        try reader.sequence(node, key: key).map { (item) throws(ConfigError) in
            let path = try reader.string(item, key: key)
            paths.append(ConfiguredPath(role: role, path: path, location: reader.location(of: item)))
            return path
        }
    }

    private static func parseMerge(_ node: Node, reader: YAMLNodeReader, paths: inout [ConfiguredPath]) throws(ConfigError) -> Merge {
        let pairs = try reader.mapping(node, allowedKeys: mergeKeys, context: "a merged list")
        guard let outputNode = pairs.first(where: { $0.key == "output" })?.value else {
            throw ConfigError(at: reader.location(of: node), "a merged list needs an 'output' file name")
        }
        guard let listsNode = pairs.first(where: { $0.key == "lists" })?.value else {
            throw ConfigError(at: reader.location(of: node), "a merged list needs 'lists' to merge")
        }
        var merge = Merge(output: try reader.string(outputNode, key: "output"), lists: [])
        paths.append(
            ConfiguredPath(role: "merged list output", path: merge.output, location: reader.location(of: outputNode), base: .rulesOutput))
        merge.lists = try parsePaths(listsNode, key: "lists", role: "merged list '\(merge.output)' input", reader: reader, paths: &paths)
        if merge.lists.isEmpty { throw ConfigError(at: reader.location(of: listsNode), "'lists' must name at least one list") }
        for (key, _, value) in pairs {
            switch key {
            case "safelist":
                merge.safelist = try reader.sequence(value, key: key).map { (item) throws(ConfigError) in try reader.string(item, key: key)
                }
            case "safelistFile":
                let file = try reader.string(value, key: key)
                merge.safelistFile = file
                paths.append(
                    ConfiguredPath(role: "merged list '\(merge.output)' safelistFile", path: file, location: reader.location(of: value)))
            default: break
            }
        }
        return merge
    }
}
