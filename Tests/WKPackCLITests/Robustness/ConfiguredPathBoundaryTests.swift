import Foundation
import Testing

@testable import WKPackCLI

/// Every path `wkpack.yml` names obeys the project boundary: leaving the project folder with `..`, an absolute
/// path or a symbolic link is refused at the value's line and column unless the section sets
/// `allowOutsideProject: true`.
@Suite struct ConfiguredPathBoundaryTests {
    /// How a path leaves the project.
    enum Escape: String, CaseIterable { case dotDot, absolute, link }

    /// One configuration key: the configuration with `PATH` for the value, where the value is, the message's
    /// role, the section, the file or folder the value names in `outside/`, and the value's base (`""` for the
    /// configuration's folder, else how many folders deeper it is resolved: the scripts root or the rules output).
    struct Key: Sendable, CustomStringConvertible {
        let name: String
        let config: String
        let line: Int, column: Int
        let role: String
        let section: String
        let target: String
        let depth: Int
        var escapes: [Escape] = Escape.allCases
        var description: String { name }
    }

    static let keys: [Key] = [
        Key(
            name: "root", config: "scripts:\n  root: PATH\n", line: 2, column: 9, role: "root", section: "scripts", target: "AllFrames",
            depth: 0),
        Key(
            name: "output", config: "scripts:\n  output: PATH\n", line: 2, column: 11, role: "output", section: "scripts", target: "Out",
            depth: 0),
        Key(
            name: "alias", config: "scripts:\n  alias:\n    Lib: PATH\n", line: 3, column: 10, role: "alias 'Lib'", section: "scripts",
            target: "x.js", depth: 0),
        Key(
            name: "fallback", config: "scripts:\n  fallback:\n    url: PATH\n", line: 3, column: 10, role: "fallback 'url'",
            section: "scripts", target: "x.js", depth: 0),
        Key(
            name: "resourceURIs.directory", config: "scripts:\n  resourceURIs:\n    directory: PATH\n", line: 3, column: 16,
            role: "resourceURIs directory", section: "scripts", target: "AllFrames", depth: 0),
        Key(
            name: "resourceURIs.overrides",
            config: "scripts:\n  resourceURIs:\n    directory: UserScripts\n    overrides:\n      A.mjs: PATH\n",
            line: 5, column: 14, role: "overrides 'A.mjs'", section: "scripts", target: "x.js", depth: 1),
        Key(
            name: "resourceURIs.overrides file", config: "scripts:\n  resourceURIs:\n    directory: UserScripts\n    overrides: PATH\n",
            line: 4, column: 16, role: "override table file", section: "scripts", target: "x.js", depth: 0),
        Key(
            name: "group folder", config: "scripts:\n  groups:\n    - name: Extra\n      folder: PATH\n", line: 4, column: 15,
            role: "group 'Extra' folder", section: "scripts", target: "AllFrames/AtDocumentStart", depth: 1),
        Key(
            name: "group files", config: "scripts:\n  groups:\n    - name: Extra\n      files: [PATH]\n", line: 4, column: 15,
            role: "group 'Extra' file", section: "scripts", target: "x.js", depth: 0),
        Key(
            name: "rules.check", config: "rules:\n  check: [PATH]\n", line: 2, column: 11, role: "rules check list", section: "rules",
            target: "a.json", depth: 0),
        Key(
            name: "rules.check pattern", config: "rules:\n  check: [PATH]\n", line: 2, column: 11, role: "rules check list",
            section: "rules", target: "*.json", depth: 0),
        Key(
            name: "rules.output", config: "rules:\n  output: PATH\n  merge:\n    - output: M.json\n      lists: [lists/a.json]\n", line: 2,
            column: 11,
            role: "rules output", section: "rules", target: "Out", depth: 0),
        Key(
            name: "rules.merge.lists", config: "rules:\n  merge:\n    - output: M.json\n      lists: [PATH]\n", line: 4, column: 15,
            role: "merged list 'M.json' input", section: "rules", target: "a.json", depth: 0),
        // Written into the rules output folder as `output/NAME` (an absolute name stays inside it).
        Key(
            name: "rules.merge.output", config: "rules:\n  merge:\n    - output: PATH\n      lists: [lists/a.json]\n", line: 3, column: 15,
            role: "merged list output", section: "rules", target: "M.json", depth: 1, escapes: [.dotDot, .link]),
        Key(
            name: "rules.merge.safelistFile",
            config: "rules:\n  merge:\n    - output: M.json\n      lists: [lists/a.json]\n      safelistFile: PATH\n",
            line: 5, column: 21, role: "merged list 'M.json' safelistFile", section: "rules", target: "safelist.txt", depth: 0),
        Key(
            name: "rules.test", config: "rules:\n  test: [PATH]\n", line: 2, column: 10, role: "rules test expectation file",
            section: "rules",
            target: "expectations.yml", depth: 0),
    ]

    static var cases: [(Key, Escape)] { keys.flatMap { key in key.escapes.map { (key, $0) } } }

    /// `<base>/project` (the configuration, scripts, a list, the link `project/link -> outside`) and `<base>/outside`.
    static func project() throws -> (folder: String, outside: String) {
        let base = try CommandLineTests.project([
            "project/UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 1;\n",
            "project/lists/a.json": "[{\"trigger\": {\"url-filter\": \"x\"}, \"action\": {\"type\": \"block\"}}]\n",
            "outside/AllFrames/AtDocumentStart/b.js": "window.b = 2;\n",
            "outside/x.js": "module.exports = 1;\n",
            "outside/a.json": "[]\n",
            "outside/safelist.txt": "example.org\n",
            "outside/expectations.yml": "lists: [a.json]\nrequests: []\n",
            "outside/Out/.keep": "",
        ])
        try FileManager.default.createSymbolicLink(atPath: base + "/project/link", withDestinationPath: base + "/outside")
        return (base + "/project", base + "/outside")
    }

    static func value(for key: Key, escape: Escape, outside: String) -> String {
        let up = String(repeating: "../", count: key.depth)
        switch escape {
        case .dotDot: return up + "../outside/" + key.target
        case .absolute: return outside + "/" + key.target
        case .link: return up + "link/" + key.target
        }
    }

    @Test(arguments: cases)
    func refusedUnlessAllowed(key: Key, escape: Escape) throws {
        let (folder, outside) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let value = Self.value(for: key, escape: escape, outside: outside)
        let config = key.config.replacingOccurrences(of: "PATH", with: value)
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        guard let output = try CommandLineTests.wkpack(["build"], in: folder) else { return }
        #expect(output.status == 1, "\(config)")
        let expected = "wkpack.yml:\(key.line):\(key.column): error: \(key.role) '"
        #expect(output.stderr.hasPrefix(expected), "expected \(expected), got \(output.stderr)")
        let reason = escape == .link ? "leads outside the project folder through a symbolic link" : "is outside the project folder"
        #expect(output.stderr.contains(reason), "\(output.stderr)")
        #expect(output.stderr.contains("set 'allowOutsideProject: true' under '\(key.section)'"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside + "/Out") == [".keep"])

        // Allowed: whatever happens next, it is not the boundary check.
        let allowed = config.replacingOccurrences(of: "\(key.section):\n", with: "\(key.section):\n  allowOutsideProject: true\n")
        try Data(allowed.utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        guard let second = try CommandLineTests.wkpack(["build"], in: folder) else { return }
        #expect(!second.stderr.contains("allowOutsideProject"), "\(allowed)\n\(second.stderr)")
    }

    @Test(arguments: keys)
    func insideTheProjectIsNotRefusedByTheBoundary(key: Key) throws {
        let (folder, _) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        // The same value pointing into the project: a folder or file named like the outside one, through no link.
        let config = key.config.replacingOccurrences(of: "PATH", with: "inside/" + key.target)
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        guard let output = try CommandLineTests.wkpack(["build"], in: folder) else { return }
        #expect(!output.stderr.contains("allowOutsideProject"), "\(config)\n\(output.stderr)")
    }

    /// A list a `check` pattern matches that is a link to a list outside the project.
    @Test func aLinkMatchedByACheckPatternIsRefused() throws {
        let (folder, outside) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/lists/b.json", withDestinationPath: outside + "/a.json")
        try Data("rules:\n  check: [lists/*.json]\n".utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        guard let output = try CommandLineTests.wkpack(["build"], in: folder) else { return }
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("wkpack.yml:2:11: error: rules check list '"), "\(output.stderr)")
        #expect(output.stderr.contains("lists/b.json' leads outside the project folder through a symbolic link"), "\(output.stderr)")
    }
}
