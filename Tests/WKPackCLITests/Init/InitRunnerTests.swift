import Foundation
import ScriptBundler
import Testing

@testable import WKPackCLI

/// `wkpack init` on the firefox-ios-shaped tree: with `--from-webpack` it writes the golden configuration, which
/// loads with wkpack's loader and builds the same ten bundles, byte for byte, as the README's configuration.
@Suite struct InitRunnerTests {
    static let golden = FirefoxIOSTreeTests.tests + "/Fixtures/FirefoxIOSTree-init-from-webpack.yml"

    /// The bundles a configuration builds in `folder`: output file name -> bytes.
    static func build(_ folder: String) throws -> [String: [UInt8]] {
        let config = try ProjectConfig.load(path: folder + "/wkpack.yml")
        _ = try ScriptsJob(config: config).run()
        let assets = folder + "/firefox-ios/Client/Assets"
        var outputs: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: assets) where name.hasSuffix(".js") {
            outputs[name] = Array(try Data(contentsOf: URL(fileURLWithPath: assets + "/" + name)))
        }
        return outputs
    }

    @Test func fromWebpackWritesTheGoldenConfigurationThatBuildsTheSameBundles() throws {
        let folder = try FirefoxIOSTreeTests.copyOfTree()
        let reference = try FirefoxIOSTreeTests.copyOfTree()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: reference)
        }
        try FileManager.default.removeItem(atPath: folder + "/wkpack.yml")
        let outcome = InitRunner.run(
            configPath: folder + "/wkpack.yml", root: nil, webpackConfig: folder + "/webpack.config.js", force: false)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(
            outcome.standardError == "\(folder)/webpack.config.js:32:1: warning: a 'for' loop is not translated (wkpack.yml has no code)\n")
        #expect(
            outcome.standardOutput == "wrote \(folder)/wkpack.yml: 10 groups under firefox-ios/Client/Frontend/UserContent/UserScripts\n")
        let written = try String(contentsOfFile: folder + "/wkpack.yml", encoding: .utf8)
        #expect(written == (try String(contentsOfFile: Self.golden, encoding: .utf8)))
        let loaded = try ProjectConfig.load(path: folder + "/wkpack.yml")
        #expect(loaded.scripts?.resourceURIs?.overridesFile == "firefox-ios/Client/Assets/CC_Script/Overrides.ios.js")
        #expect(
            loaded.scripts?.groups.filter { $0.first == "__firefox__.js" }.map(\.name)
                == ["AllFramesAtDocumentStart", "AllFramesAtDocumentEnd", "NightModeAllFramesAtDocumentStart"])

        let fromInit = try Self.build(folder)
        let fromReadme = try Self.build(reference)
        #expect(fromInit.count == 10)
        #expect(fromInit.keys.sorted() == fromReadme.keys.sorted())
        for (name, bytes) in fromReadme {
            #expect(fromInit[name] == bytes, "\(name) differs")
        }
        guard let logs = try FirefoxIOSTreeTests.runBundles(in: folder + "/firefox-ios/Client/Assets") else { return }
        #expect(logs == FirefoxIOSTreeTests.expectedLogs)

        // Deterministic: a second run (with --force) writes the same bytes.
        let again = InitRunner.run(configPath: folder + "/wkpack.yml", root: nil, webpackConfig: folder + "/webpack.config.js", force: true)
        #expect(again.exitCode == 0)
        #expect(try String(contentsOfFile: folder + "/wkpack.yml", encoding: .utf8) == written)
    }

    @Test func withoutWebpackFindsTheGroupsAndTheBuiltinsTheImportsNeed() throws {
        let folder = try FirefoxIOSTreeTests.copyOfTree()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = folder + "/firefox-ios/Client/Frontend/UserContent/UserScripts"
        let outcome = InitRunner.run(configPath: folder + "/init.yml", root: root, webpackConfig: nil, force: false)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let text = try String(contentsOfFile: folder + "/init.yml", encoding: .utf8)
        #expect(
            text.contains(
                """
                  fallback:
                    url: false   # Node built-in imported by node_modules/page-metadata-parser/url-utils.js:7:23; false = an empty module, or give a browser version's path
                  groups:
                    - {name: AllFramesAtDocumentStart, first: __firefox__.js}
                    - {name: AllFramesAtDocumentEnd, first: __firefox__.js}
                    - {name: MainFrameAtDocumentStart}
                    - {name: MainFrameAtDocumentEnd}
                    - {name: AddressFormManager, folder: AddressFormManager}
                    - {name: AutofillAllFramesAtDocumentStart, folder: AllFrames/AutofillAtDocumentStart}
                    - {name: NightModeAllFramesAtDocumentStart, folder: AllFrames/NightModeAtDocumentStart, first: __firefox__.js}
                    - {name: WebcompatAllFramesAtDocumentStart, folder: AllFrames/WebcompatAtDocumentStart}
                    - {name: TranslationsEngine, folder: TranslationsEngine}

                """), "\(text)")
        let warnings = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(
            warnings.first?.hasSuffix(
                "AllFrames/AtDocumentStart/LoginsHelper.js:1:29: warning: 'resource://gre/modules/LoginHelper.sys.mjs' and other "
                    + "resource:// URIs need a rule: add 'resourceURIs: {directory: <folder of the modules>}'") == true, "\(warnings)")
        #expect(
            warnings.last?.hasSuffix(
                "AllFrames/NightModeAtDocumentStart/NightModeHelper.js:2:24: warning: 'Assets/CC_Script/Helpers.ios.mjs' resolves "
                    + "nowhere: no node_modules package, alias or fallback provides it") == true, "\(warnings)")
        _ = try ProjectConfig.load(path: folder + "/init.yml")
    }

    @Test func neverReplacesAnExistingFileWithoutForce() throws {
        let folder = try FirefoxIOSTreeTests.copyOfTree()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/wkpack.yml"
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let refused = InitRunner.run(configPath: path, root: nil, webpackConfig: folder + "/webpack.config.js", force: false)
        #expect(refused.exitCode == 1)
        #expect(refused.standardError == "\(path): error: the file exists; wkpack init does not replace it (pass --force to replace it)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        let forced = InitRunner.run(configPath: path, root: nil, webpackConfig: folder + "/webpack.config.js", force: true)
        #expect(forced.exitCode == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == (try String(contentsOfFile: Self.golden, encoding: .utf8)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test func writesNothingOnFailure() throws {
        let folder = NSTemporaryDirectory() + "wkpack-init-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missingRoot = InitRunner.run(configPath: folder + "/wkpack.yml", root: folder + "/Nope", webpackConfig: nil, force: false)
        #expect(missingRoot.exitCode == 1)
        #expect(missingRoot.standardError.hasSuffix(": error: the script root folder does not exist (give it with --root)\n"))
        try "module.exports = function (env) { return {} };\n".write(
            toFile: folder + "/webpack.config.js", atomically: true, encoding: .utf8)
        let function = InitRunner.run(
            configPath: folder + "/wkpack.yml", root: nil, webpackConfig: folder + "/webpack.config.js", force: false)
        #expect(function.exitCode == 1)
        #expect(
            function.standardError
                == "\(folder)/webpack.config.js:1:18: error: the configuration must be an object literal, found a function\n")
        try "module.exports = {\n  entry: 'a.js'\n".write(toFile: folder + "/webpack.config.js", atomically: true, encoding: .utf8)
        let broken = InitRunner.run(
            configPath: folder + "/wkpack.yml", root: nil, webpackConfig: folder + "/webpack.config.js", force: false)
        #expect(broken.exitCode == 1)
        #expect(
            broken.standardError.hasPrefix("\(folder)/webpack.config.js:") && broken.standardError.contains(": error: "),
            "\(broken.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/wkpack.yml"))
    }
}

/// `wkpack init` writes the oldest target the sources need without lowering, and says in a comment how far
/// lowering could take them (the oldest target `wkpack build` lowers every file for) and what stops it there.
@Suite struct InitLoweringCommentTests {
    static func target(line files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, text) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        let outcome = InitRunner.run(configPath: folder + "/wkpack.yml", root: folder + "/UserScripts", webpackConfig: nil, force: false)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let text = try String(contentsOfFile: folder + "/wkpack.yml", encoding: .utf8)
        return text.split(separator: "\n").first { $0.hasPrefix("  target:") }.map(String.init) ?? ""
    }

    @Test func everythingLowerableGoesDownToTheMinimum() throws {
        let line = try Self.target(line: [
            "UserScripts/MainFrame/AtDocumentEnd/a.js": "import { b } from \"./b.js\";\nwindow.x = b?.c;\n",
            "UserScripts/MainFrame/AtDocumentEnd/b.js": "export const b = { c: 1 };\nexport let d = b ?? 2;\n",
        ])
        #expect(
            line
                == "  target: safari13.1   # oldest Safari with the syntax the sources use: optional chaining ('?.') at UserScripts/MainFrame/AtDocumentEnd/a.js:2:13 needs it; with lowering, builds go down to safari11"
        )
    }

    @Test func whatIsNotLoweredIsNamed() throws {
        let line = try Self.target(line: [
            "UserScripts/MainFrame/AtDocumentEnd/a.js": "import \"./b.js\";\nvar x = 1;\n",
            "UserScripts/MainFrame/AtDocumentEnd/b.js": "var re = /a.b/s;\nvar y = window.z?.w;\nexport {};\n",
        ])
        #expect(
            line
                == "  target: safari13.1   # oldest Safari with the syntax the sources use: optional chaining ('?.') at UserScripts/MainFrame/AtDocumentEnd/b.js:2:17 needs it; with lowering, builds go down to safari11.1 (the regular expression flag 's' at UserScripts/MainFrame/AtDocumentEnd/b.js:1:10 is not lowered)"
        )
    }

    @Test func noCommentWhenLoweringDoesNotHelp() throws {
        let line = try Self.target(line: [
            "UserScripts/MainFrame/AtDocumentEnd/a.js": "import \"./b.js\";\nconst n = 1n;\n",
            "UserScripts/MainFrame/AtDocumentEnd/b.js": "export const v = window.a?.b;\n",
        ])
        #expect(
            line
                == "  target: safari14   # oldest Safari with the syntax the sources use: a BigInt literal at UserScripts/MainFrame/AtDocumentEnd/a.js:2:11 needs it"
        )
    }
}
