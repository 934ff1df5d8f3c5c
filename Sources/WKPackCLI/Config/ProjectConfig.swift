import Foundation
import ScriptBundler
import Yams

/// The contents of `wkpack.yml`: one section per build job.
public struct ProjectConfig {
    /// The default configuration file name, looked up in the current directory.
    public static let defaultFileName = "wkpack.yml"

    /// The configuration file's path, or `nil` when defaults are used.
    public var path: String?
    /// Folder that relative paths in the configuration are resolved against.
    public var folder: String
    /// The `scripts:` section (`nil` when a configuration file has none).
    public var scripts: ScriptsConfig?
    /// The `rules:` section (`nil` when the configuration has none).
    public var rules: RulesConfig?

    /// The configuration used when there is no configuration file.
    public static var defaults: ProjectConfig { ProjectConfig(path: nil, folder: ".", scripts: ScriptsConfig(), rules: nil) }

    static let keys = ["scripts", "rules"]

    /// Loads `path`, or `wkpack.yml` in the current directory (defaults when that file is absent).
    public static func load(path: String?) throws(ConfigError) -> ProjectConfig {
        let file = path ?? defaultFileName
        // `access(2)`, not `FileManager.default` (its first use sets up Foundation's file manager: ~0.05 ms).
        guard access(file, F_OK) == 0 else {
            if path == nil { return defaults }
            throw ConfigError(at: SourceLocation(path: file), "configuration file does not exist")
        }
        guard let bytes = try? LocalFileSystem().readFile(at: file) else {
            throw ConfigError(at: SourceLocation(path: file), "cannot read configuration file")
        }
        // Decoded by the standard library (Foundation's `String(data:encoding:)` costs a small build ~0.1 ms of
        // first-use set-up); invalid UTF-8 comes back repaired, so it differs from the bytes read.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw ConfigError(at: SourceLocation(path: file), "configuration file is not valid UTF-8")
        }
        return try parse(text, path: file)
    }

    /// Parses configuration text; `path` is used for errors and as the base folder.
    public static func parse(_ text: String, path: String) throws(ConfigError) -> ProjectConfig {
        let reader = YAMLNodeReader(path: path)
        if let alias = YAMLAliasScan.firstAlias(in: text) {
            throw ConfigError(
                at: SourceLocation(path: path, line: alias.line, column: alias.column),
                "YAML aliases ('*name') are not supported in the configuration; repeat the value instead")
        }
        let root: Node?
        do {
            // The basic resolver compiles no regular expressions (`YAMLNodeReader` resolves plain scalars itself);
            // nodes are read, never constructed into values, so the constructor needs no maps; the encoding is
            // given rather than looked up in the environment.
            root = try Yams.compose(yaml: text, Resolver.basic, Constructor([:], [:], [:]), .utf8)
        } catch let error as YamlError {
            throw yamlError(error, path: path)
        } catch {
            throw ConfigError(at: SourceLocation(path: path), "invalid YAML: \(error)")
        }
        var config = ProjectConfig(path: path, folder: Paths.directory(of: path), scripts: nil, rules: nil)
        guard let root else { return config }
        for (key, _, value) in try reader.mapping(root, allowedKeys: keys, context: "the configuration") {
            switch key {
            case "scripts": config.scripts = try ScriptsConfig.parse(value, reader: reader)
            default: config.rules = try RulesConfig.parse(value, reader: reader)
            }
        }
        return config
    }

    private static func yamlError(_ error: YamlError, path: String) -> ConfigError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ConfigError(at: SourceLocation(path: path, line: mark.line, column: mark.column), "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return ConfigError(
                at: SourceLocation(path: path, line: context.mark.line, column: context.mark.column), "duplicate key \(keys)")
        default:
            return ConfigError(at: SourceLocation(path: path), "invalid YAML: \(error)")
        }
    }
}
