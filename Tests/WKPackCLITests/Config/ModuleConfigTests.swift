import Foundation
import ScriptBundler
import Testing
import WKPackTestSupport

@testable import WKPackCLI

/// The module settings of `scripts:` (`alias`, `fallback`, `resourceURIs`, groups from `files:`), on the
/// firefox-ios-shaped fixture of the ScriptBundler tests.
@Suite struct ModuleConfigTests {
    static let app = ((#filePath as NSString).deletingLastPathComponent as NSString)
        .appendingPathComponent("../../ScriptBundlerTests/Fixtures/Modules/App")

    @Test func parsesModuleSettings() throws {
        let text = """
            scripts:
              alias: {Assets: ../Client/Assets, Nothing: false}
              fallback: {url: shims/url.js, fs: false}
              resourceURIs: {directory: ../Client/Assets/CC_Script, overrides: {A.sys.mjs: A.ios.mjs}}
              groups:
                - {name: Worker, files: [a/w.mjs], output: w.worker.js}
            """
        let config = try ProjectConfig.parse(text, path: "proj/wkpack.yml")
        let configuration = ScriptsJob(config: config).bundleConfiguration()
        let aliases: [String: String?] = ["Assets": "proj/../Client/Assets", "Nothing": nil as String?]
        let fallbacks: [String: String?] = ["url": "proj/shims/url.js", "fs": nil as String?]
        #expect(configuration.resolution.aliases == aliases)
        #expect(configuration.resolution.fallbacks == fallbacks)
        #expect(
            configuration.resolution.resourceURIs
                == ResourceURIRule(directory: "proj/../Client/Assets/CC_Script", overrides: ["A.sys.mjs": "A.ios.mjs"]))
        #expect(configuration.groups.first?.files == ["proj/a/w.mjs"])
        #expect(configuration.groups.first?.outputFileName == "w.worker.js")
    }

    @Test(arguments: [
        ("scripts:\n  resourceURIs: {overrides: {}}\n", 2, 17, "'resourceURIs' needs a 'directory'"),
        ("scripts:\n  alias: {A: 3}\n", 2, 14, "'alias: A' must be a non-empty string"),
        ("scripts:\n  resourceURIs: {directory: x, other: 1}\n", 2, 32, "unknown key 'other' in 'resourceURIs'"),
        (
            "scripts:\n  resourceURIs: {directory: x, overrides: [a]}\n", 2, 43,
            "'overrides' must be a mapping (name: replacement) or the path"
        ),
        ("scripts:\n  resourceURIs: {directory: x, overrides: 3}\n", 2, 43, "'overrides' must be a non-empty string"),
    ])
    func reportsLocatedErrors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try ProjectConfig.parse(text, path: "wkpack.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.location.line == line && error.location.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    /// `overrides:` as a path: relative to the configuration file (like every configured path), not to `directory`.
    @Test func overridesMayNameTheFileHoldingTheTable() throws {
        let config = try ProjectConfig.parse(
            "scripts:\n  resourceURIs:\n    directory: CC\n    overrides: CC/Overrides.ios.js\n", path: "proj/wkpack.yml")
        let rule = try #require(ScriptsJob(config: config).bundleConfiguration().resolution.resourceURIs)
        #expect(rule.directory == "proj/CC")
        #expect(rule.overridesFile == "proj/CC/Overrides.ios.js")
        #expect(rule.overrides.isEmpty)
        #expect(rule.overridesFileOrigin == SourceLocation(path: "proj/wkpack.yml", line: 4, column: 16))
    }

    @Test func buildsTheFixtureIncludingTheWorkerBundle() throws {
        let config = try ProjectConfig.load(path: Self.app + "/wkpack.yml")
        let output = NSTemporaryDirectory() + "wkpack-cli-modules-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        // Development output keeps the source text (production output is minified).
        let job = ScriptsJob(config: config, overrides: ScriptsOverrides(output: output, mode: .development))
        _ = try job.run()
        let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(names.contains("translations-engine.worker.js"))
        #expect(names.contains("AllFramesAtDocumentStart.js") && names.contains("MainFrameAtDocumentStart.js"))
        let worker = try String(contentsOfFile: output + "/translations-engine.worker.js", encoding: .utf8)
        #expect(worker.contains("function translate(text)"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/node") else {
            print("node not found; not running the worker bundle")
            return
        }
        let result = try ChildProcess.run(
            "/usr/bin/node",
            [
                "-e",
                "const log = []; globalThis.__log = log; require('node:vm').runInThisContext(require('node:fs').readFileSync(process.argv[1], 'utf8')); console.log(log.join('|'))",
                output + "/translations-engine.worker.js",
            ])
        #expect(result.stdout == "worker [hello]\n", "\(result.stderr)")
    }
}
