import BlockListCompiler
import Foundation

/// The rules job of `wkpack build`: checks the configured lists, writes the configured merged lists, then checks
/// the expectation files.
public struct RulesJob: BuildJob {
    public let config: ProjectConfig
    public let rules: RulesConfig
    public let fileSystem: any ListFileSystem

    public init(config: ProjectConfig, rules: RulesConfig, fileSystem: any ListFileSystem = LocalListFileSystem()) {
        self.config = config
        self.rules = rules
        self.fileSystem = fileSystem
    }

    public var name: String { "rules" }

    /// Why the rules job failed: the lines already formatted as `path:line:col: error: message`.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public func run() throws -> [String] {
        try checkProjectBoundary()
        var lines: [String] = []
        let files = try expand(rules.check)
        if !files.isEmpty {
            let outcome = RulesCheckRunner.run(
                files: files, target: rules.target.rawValue, maxRules: rules.maxRules.map(String.init),
                maxBytes: rules.maxBytes.map(String.init), format: "text")
            try collect(outcome, into: &lines)
        }
        let output = resolve(rules.output ?? ScriptsConfig.defaultOutput)
        for merge in rules.merge {
            let outcome = RulesMergeRunner.run(
                lists: try expand(merge.lists), output: output + "/" + merge.output,
                safelist: merge.safelistFile.map(resolve), safelistDomains: merge.safelist,
                target: rules.target.rawValue, maxRules: rules.maxRules, maxBytes: rules.maxBytes, fileSystem: fileSystem)
            try collect(outcome, into: &lines)
        }
        for expectations in try expand(rules.test) {
            try collect(RulesTestRunner.run(path: expectations, quiet: true, fileSystem: fileSystem), into: &lines)
        }
        return lines
    }

    /// Adds an outcome's report lines; warnings go to standard error; a failed outcome stops the job.
    private func collect(_ outcome: ListCommandOutcome, into lines: inout [String]) throws {
        guard outcome.exitCode == 0 else {
            throw Failure(description: (outcome.standardOutput + outcome.standardError).trimmingCharacters(in: .newlines))
        }
        Console.standard.writeError(outcome.standardError)
        lines += outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Refuses a configured path (a `check` pattern's folder and every file it matches, `output`, merged lists and
    /// their outputs, safelist files, expectation files) that leads outside the project folder, lexically or
    /// through a symbolic link, unless `rules.allowOutsideProject` is set.
    func checkProjectBoundary() throws {
        guard !rules.allowOutsideProject else { return }
        let boundary = ProjectBoundary(projectFolder: config.folder)
        let hint = " (set 'allowOutsideProject: true' under 'rules' to allow it)"
        let output = resolve(rules.output ?? ScriptsConfig.defaultOutput)
        for configured in rules.paths {
            var paths: [String]
            switch configured.base {
            case .rulesOutput: paths = [output + "/" + configured.path]  // as the merge writes it
            case .configurationFolder, .root: paths = [resolve(configured.path)]
            }
            if (configured.path as NSString).lastPathComponent.contains("*") {
                // The pattern's folder, then each file it matches (any of which may be a link leading out).
                let folder = (paths[0] as NSString).deletingLastPathComponent
                paths = [folder.isEmpty ? "." : folder]
                if boundary.escape(paths[0]) == nil { paths += try expand([configured.path]) }
            }
            for path in paths {
                if let problem = boundary.escape(path) {
                    throw ConfigError(at: configured.location, configured.role + " " + problem + hint)
                }
            }
        }
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") || config.folder == "." ? path : config.folder + "/" + path
    }

    /// Resolves paths against the configuration's folder and expands a `*` in the file name (sorted by name).
    /// A pattern that matches nothing is an error, so a typo cannot silently check nothing.
    func expand(_ patterns: [String]) throws -> [String] {
        var paths: [String] = []
        for pattern in patterns {
            let path = resolve(pattern)
            let name = (path as NSString).lastPathComponent
            guard name.contains("*") else {
                paths.append(path)
                continue
            }
            let folder = (path as NSString).deletingLastPathComponent
            let parts = name.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            let matches = entries.filter { Self.matches($0, parts: parts) && !$0.hasPrefix(".") }.sorted {
                Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
            }
            guard !matches.isEmpty else {
                throw Failure(
                    description: "\(config.path ?? ProjectConfig.defaultFileName): error: '\(pattern)' in 'rules' matches no file")
            }
            paths += matches.map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
        return paths
    }

    /// Whether `name` matches the `*`-separated literal parts of a pattern.
    static func matches(_ name: String, parts: [String]) -> Bool {
        guard let first = parts.first, let last = parts.last, name.hasPrefix(first),
            name.count >= first.count + (parts.count > 1 ? last.count : 0)
        else { return false }
        var rest = Substring(name.dropFirst(first.count))
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return parts.count == 1 ? rest.isEmpty : rest.hasSuffix(last)
    }
}
