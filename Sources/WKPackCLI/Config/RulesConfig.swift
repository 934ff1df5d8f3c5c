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

    static let keys = ["target", "maxRules", "maxBytes", "check", "output", "merge", "test"]
    static let mergeKeys = ["output", "lists", "safelist", "safelistFile"]

    /// Reads the section from its YAML node.
    static func parse(_ node: Node, reader: YAMLNodeReader) throws(ConfigError) -> RulesConfig {
        var config = RulesConfig()
        for (key, _, value) in try reader.mapping(node, allowedKeys: keys, context: "'rules'") {
            switch key {
            case "target": config.target = try reader.choice(value, key: key, as: WebKitTarget.self)
            case "maxRules": config.maxRules = try reader.count(value, key: key)
            case "maxBytes": config.maxBytes = try reader.count(value, key: key)
            case "check": config.check = try reader.sequence(value, key: key).map { (item) throws(ConfigError) in try reader.string(item, key: key) }
            case "output": config.output = try reader.string(value, key: key)
            case "test": config.test = try reader.sequence(value, key: key).map { (item) throws(ConfigError) in try reader.string(item, key: key) }
            default:
                for item in try reader.sequence(value, key: key) {
                    config.merge.append(try parseMerge(item, reader: reader))
                }
            }
        }
        return config
    }

    private static func parseMerge(_ node: Node, reader: YAMLNodeReader) throws(ConfigError) -> Merge {
        let pairs = try reader.mapping(node, allowedKeys: mergeKeys, context: "a merged list")
        guard let outputNode = pairs.first(where: { $0.key == "output" })?.value else {
            throw ConfigError(at: reader.location(of: node), "a merged list needs an 'output' file name")
        }
        guard let listsNode = pairs.first(where: { $0.key == "lists" })?.value else {
            throw ConfigError(at: reader.location(of: node), "a merged list needs 'lists' to merge")
        }
        var merge = Merge(output: try reader.string(outputNode, key: "output"), lists: [])
        merge.lists = try reader.sequence(listsNode, key: "lists").map { (item) throws(ConfigError) in try reader.string(item, key: "lists") }
        if merge.lists.isEmpty { throw ConfigError(at: reader.location(of: listsNode), "'lists' must name at least one list") }
        for (key, _, value) in pairs {
            switch key {
            case "safelist": merge.safelist = try reader.sequence(value, key: key).map { (item) throws(ConfigError) in try reader.string(item, key: key) }
            case "safelistFile": merge.safelistFile = try reader.string(value, key: key)
            default: break
            }
        }
        return merge
    }
}
