import Foundation
import Testing
import WKPackTestSupport

@testable import WKPackCLI

/// Runs every command of the `sh` blocks of README.md and docs/ with the built `wkpack` on the PATH, so the
/// documentation cannot drift from the tool.
///
/// Each page's blocks run in order in fresh copies of their fixture, named by an HTML comment right before the block
/// (`<!-- doc-test: firefox-ios -->`; without one, `project`):
/// - `project`: the repository's own inputs (`wkpack.yml`, `UserScripts/`, `ContentBlockingLists/`) plus the files of
///   `Tests/WKPackCLITests/Fixtures/Documentation` (filter lists, Disconnect data, a requests file, a safelist);
/// - `firefox-ios`: the firefox-ios-shaped tree of `Fixtures/FirefoxIOSTree`, without its `wkpack.yml`.
/// `status N` in the comment is the exit status the block's last command must end with (0 otherwise, and for every
/// other command). `<!-- doc-test: write PATH -->` before a block of another language writes the block into the
/// page's `project` copy first, so an example file a page shows is the one its commands use.
/// The commands that are not run are in `notRun`, each with its reason.
@Suite struct DocumentedCommandTests {
    /// Commands shown in the documentation that this test does not run, and why.
    static let notRun: [String: String] = [
        "swift run wkpack build": ".ci/run runs it on the project itself; here it would build the package again",
        "swift test": "the test run itself",
        "swift build --build-tests": "builds this test suite",
        "swift test --skip-build --filter RulesCheckCommandTests": "runs part of this test suite",
        "scripts/docs/build": ".ci/run runs it before swift test (minutes); DocumentationSiteTests loads what it builds",
        "wkpack watch --mode development": "runs until Ctrl-C; WatchCommandTests start it, edit files and read its output",
        "swift package --allow-writing-to-package-directory wkpack build":
            "builds wkpack from source as a plugin (minutes, and needs a package of its own); scripts/test-swiftpm-plugins.sh runs it",
    ]

    static let fixtures = DocumentationPages.root + "/Tests/WKPackCLITests/Fixtures"

    /// How a block is run, from its `doc-test` comment.
    struct Marker: Equatable {
        var fixture = "project"
        var status: Int32 = 0
        var write: String?

        init?(_ text: String?) {
            guard let text else { return }
            let words = text.split(separator: " ").map(String.init)
            var index = 0
            while index < words.count {
                switch words[index] {
                case "project", "firefox-ios": fixture = words[index]
                case "status":
                    guard index + 1 < words.count, let value = Int32(words[index + 1]) else { return nil }
                    status = value
                    index += 1
                case "write":
                    guard index + 1 < words.count else { return nil }
                    write = words[index + 1]
                    index += 1
                default: return nil
                }
                index += 1
            }
        }
    }

    /// A fresh copy of a fixture.
    static func makeFixture(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "wkpack-docs-\(name)-" + UUID().uuidString
        let manager = FileManager.default
        switch name {
        case "firefox-ios":
            try manager.copyItem(atPath: fixtures + "/FirefoxIOSTree", toPath: folder)
            try manager.removeItem(atPath: folder + "/wkpack.yml")
        default:
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for item in ["wkpack.yml", "UserScripts", "ContentBlockingLists"] {
                try manager.copyItem(atPath: DocumentationPages.root + "/" + item, toPath: folder + "/" + item)
            }
            let extra = fixtures + "/Documentation"
            for item in try manager.contentsOfDirectory(atPath: extra) {
                try manager.copyItem(atPath: extra + "/" + item, toPath: folder + "/" + item)
            }
        }
        return folder
    }

    @Test(
        .enabled(if: CommandLineTests.executable != nil, "the wkpack executable is not built next to the tests"),
        arguments: DocumentationPages.paths)
    func commandsRun(page: String) throws {
        guard let executable = CommandLineTests.executable else { return }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = (executable as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        var folders: [String: String] = [:]
        defer { for folder in folders.values { try? FileManager.default.removeItem(atPath: folder) } }
        func folder(_ fixture: String) throws -> String {
            if let existing = folders[fixture] { return existing }
            let made = try Self.makeFixture(fixture)
            folders[fixture] = made
            return made
        }
        for block in try DocumentationPages.blocks(of: page) {
            guard let marker = Marker(block.marker) else {
                Issue.record("\(block): unknown doc-test comment '\(block.marker ?? "")'")
                continue
            }
            if let path = marker.write {
                let target = try folder(marker.fixture) + "/" + path
                try Data((block.lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: target))
                continue
            }
            guard block.language == "sh" else { continue }
            let commands = block.commands.filter { Self.notRun[$0] == nil }
            for (index, command) in commands.enumerated() {
                let expected = index == commands.count - 1 ? marker.status : 0
                let result = try ChildProcess.run(
                    "/bin/sh", ["-c", command], environment: environment,
                    currentDirectory: try folder(marker.fixture))
                #expect(
                    result.status == expected,
                    "\(block): `\(command)` exited with \(result.status), not \(expected)\n\(result.stdout.suffix(2_000))\(result.stderr.suffix(2_000))"
                )
            }
        }
    }

    @Test func everySkippedCommandIsStillDocumented() throws {
        var shown: Set<String> = []
        for page in DocumentationPages.paths {
            for block in try DocumentationPages.blocks(of: page) where block.language == "sh" {
                shown.formUnion(block.commands)
            }
        }
        #expect(shown.count > 20, "too few documented commands found: \(shown.count)")
        for command in Self.notRun.keys.sorted() {
            #expect(shown.contains(command), "`\(command)` is in notRun but no page shows it any more")
        }
    }

    @Test(arguments: DocumentationPages.paths)
    func markersAreUnderstood(page: String) throws {
        for block in try DocumentationPages.blocks(of: page) {
            let marker = Marker(block.marker)
            #expect(marker != nil, "\(block): unknown doc-test comment '\(block.marker ?? "")'")
            if marker?.write != nil {
                #expect(block.language != "sh", "\(block): a write comment before an sh block")
            }
        }
    }

    @Test(arguments: DocumentationPages.paths)
    func relativeLinksResolve(page: String) throws {
        let folder = (page as NSString).deletingLastPathComponent
        for (line, target) in try DocumentationPages.links(of: page) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            let path = DocumentationPages.root + "/" + file
            #expect(FileManager.default.fileExists(atPath: path), "\(page):\(line): the link target '\(target)' does not exist")
            if parts.count == 2, file.hasSuffix(".md"), FileManager.default.fileExists(atPath: path) {
                #expect(
                    try DocumentationPages.anchors(of: file).contains(parts[1]),
                    "\(page):\(line): '\(file)' has no heading for the anchor '#\(parts[1])'")
            }
        }
    }

    /// Every `wkpack.yml` the pages show (a YAML block starting with `scripts:` or `rules:`) is one wkpack reads:
    /// no unknown key, no value of the wrong type.
    @Test(arguments: DocumentationPages.paths)
    func configurationExamplesParse(page: String) throws {
        for block in try DocumentationPages.blocks(of: page) where block.language == "yaml" {
            let first = block.lines.first { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") && !$0.isEmpty }
            guard let first, first.hasPrefix("scripts:") || first.hasPrefix("rules:") else { continue }
            do {
                _ = try ProjectConfig.parse(block.lines.joined(separator: "\n") + "\n", path: "wkpack.yml")
            } catch {
                Issue.record("\(block): the configuration does not load: \(error)")
            }
        }
    }

    /// The README is a front page, and CI runs its first two commands.
    @Test func readmeIsAFrontPage() throws {
        let text = try String(contentsOfFile: DocumentationPages.root + "/README.md", encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.count <= 151, "README.md has \(lines.count) lines; keep it a front page (150 at most)")
        let first = try #require(try DocumentationPages.blocks(of: "README.md").first)
        #expect(first.line == 3 && first.language == "sh")
        #expect(first.commands == ["swift run wkpack build", "swift test"])
    }
}
