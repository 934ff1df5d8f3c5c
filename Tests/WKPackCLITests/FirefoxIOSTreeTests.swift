import Foundation
import ScriptBundler
import Testing
import WKPackTestSupport

@testable import WKPackCLI

/// The README's firefox-ios example, built on a tree with firefox-ios's paths and file shapes
/// (`Fixtures/FirefoxIOSTree`): the override table read from `CC_Script/Overrides.ios.js`, the worker in
/// `CC_Script`, the three `__firefox__.js`-first groups and the `url` fallback; the ten bundles run in node.
@Suite struct FirefoxIOSTreeTests {
    static let tests = (#filePath as NSString).deletingLastPathComponent
    static let tree = tests + "/Fixtures/FirefoxIOSTree"
    static let readme = tests + "/../../docs/modules.md"

    /// What each bundle logs when run in a fresh context (`window` = the global, `__log` collects).
    static let expectedLogs = [
        "AddressFormManager.js: address form ios over desktop in US false",
        "AllFramesAtDocumentEnd.js: __firefox__|print",
        "AllFramesAtDocumentStart.js: __firefox__|download|logins object object",
        "AutofillAllFramesAtDocumentStart.js: autofill ios over desktop in US,true,object,object,false,ref:email",
        "MainFrameAtDocumentEnd.js: find on ios",
        "MainFrameAtDocumentStart.js: metadata Example",
        "NightModeAllFramesAtDocumentStart.js: __firefox__|night mode US",
        "TranslationsEngine.js: translations function ref:p",
        "WebcompatAllFramesAtDocumentStart.js: webcompat",
        "translations-engine.worker.js: worker ios function hello world",
    ]

    /// The README's YAML block under "firefox-ios's `webpack.config.js` as `wkpack.yml`".
    static func readmeExample() throws -> String {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        let heading = try #require(text.range(of: "### firefox-ios's `webpack.config.js` as `wkpack.yml`"))
        let open = try #require(text.range(of: "```yaml\n", range: heading.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "```\n", range: open.upperBound..<text.endIndex))
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// A copy of the fixture tree in a fresh temporary folder (builds write into the tree's `Assets`).
    static func copyOfTree() throws -> String {
        let folder = NSTemporaryDirectory() + "wkpack-firefox-ios-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: tree, toPath: folder)
        return folder
    }

    /// Runs every `*.js` file of `folder` in its own node `vm` context; one `name: log|log` line each, sorted.
    /// `nil` (with a printed reason) when node is absent.
    static func runBundles(in folder: String) throws -> [String]? {
        guard let node = ["/usr/bin/node", "/usr/local/bin/node"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            print("node not found; not running the firefox-ios bundles")
            return nil
        }
        let script = """
            const vm = require('node:vm'), fs = require('node:fs'), path = require('node:path');
            const lines = [];
            for (const file of fs.readdirSync(process.argv[1]).filter((name) => name.endsWith('.js')).sort()) {
              const log = [];
              const context = { __log: log, URL, setTimeout, clearTimeout };
              context.window = context;
              context.self = context;
              vm.createContext(context);
              try { vm.runInContext(fs.readFileSync(path.join(process.argv[1], file), 'utf8'), context); } catch (e) { log.push('threw ' + e); }
              lines.push(file + ': ' + log.join('|'));
            }
            console.log(lines.join('\\n'));
            """
        return try ChildProcess.run(node, ["-e", script, folder]).stdout.split(separator: "\n").map(String.init)
    }

    @Test func readmeExampleIsTheFixtureConfiguration() throws {
        let fixture = try String(contentsOfFile: Self.tree + "/wkpack.yml", encoding: .utf8)
        #expect(try Self.readmeExample() == fixture)
    }

    @Test func readmeExampleBuildsTheTenBundlesAndTheyBehave() throws {
        let folder = try Self.copyOfTree()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.readmeExample().write(toFile: folder + "/wkpack.yml", atomically: true, encoding: .utf8)
        let config = try ProjectConfig.load(path: folder + "/wkpack.yml")
        #expect(config.scripts?.resourceURIs?.overridesFile == "firefox-ios/Client/Assets/CC_Script/Overrides.ios.js")
        let lines = try ScriptsJob(config: config).run()
        #expect(lines.last?.hasPrefix("10 bundles in ") == true, "\(lines)")
        let assets = folder + "/firefox-ios/Client/Assets"
        let outputs = try FileManager.default.contentsOfDirectory(atPath: assets).filter { $0.hasSuffix(".js") }.sorted()
        #expect(outputs == Self.expectedLogs.map { String($0.prefix(while: { $0 != ":" })) })
        guard let logs = try Self.runBundles(in: assets) else { return }
        #expect(logs == Self.expectedLogs)
    }

    /// The README's former example (two overrides copied into `wkpack.yml`) fails on the first import of a module
    /// whose override it lacks: the reason the table is read from the file.
    @Test func aPartialInlineTableFailsOnTheFirstMissingOverride() throws {
        let folder = try Self.copyOfTree()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let partial = try Self.readmeExample().replacingOccurrences(
            of: "    overrides: firefox-ios/Client/Assets/CC_Script/Overrides.ios.js   # the table webpack.config.js requires\n",
            with: "    overrides: {AppConstants.sys.mjs: Helpers.ios.mjs, FormAutofill.sys.mjs: FormAutofill.ios.sys.mjs}\n")
        try partial.write(toFile: folder + "/wkpack.yml", atomically: true, encoding: .utf8)
        let config = try ProjectConfig.load(path: folder + "/wkpack.yml")
        #expect(config.scripts?.resourceURIs?.overrides.count == 2)
        #expect(throws: BundlerError.self) { try ScriptsJob(config: config).run() }
    }

    @Test func anOverrideTableOutsideTheProjectIsRefused() throws {
        let folder = try Self.copyOfTree()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let yaml =
            "scripts:\n  root: firefox-ios/Client/Frontend/UserContent/UserScripts\n  output: out\n"
            + "  resourceURIs:\n    directory: firefox-ios/Client/Assets/CC_Script\n    overrides: ../Overrides.ios.js\n"
        let config = try ProjectConfig.parse(yaml, path: folder + "/wkpack.yml")
        do {
            _ = try ScriptsJob(config: config).run()
            Issue.record("expected the boundary check to refuse the table")
        } catch let error as ConfigError {
            #expect(error.location.line == 6 && error.location.column == 16, "\(error)")
            #expect(
                error.message.hasPrefix("override table file '\(folder)/../Overrides.ios.js' is outside the project folder"), "\(error)")
        }
        let allowed = try ProjectConfig.parse(yaml + "  allowOutsideProject: true\n", path: folder + "/wkpack.yml")
        do {
            _ = try ScriptsJob(config: allowed).run()
            Issue.record("expected the missing table to be reported")
        } catch let error as BundlerError {
            #expect(error.location.line == 6 && error.location.column == 16, "\(error)")
            #expect(error.message.hasSuffix("does not exist"), "\(error)")
        }
    }
}
