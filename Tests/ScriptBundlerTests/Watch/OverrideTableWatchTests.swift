import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The `resourceURIs` override table file is a build input: a change rebuilds the bundles that import
/// `resource://` URIs (and only those), and a broken table fails the build with its located error, after which
/// a good save builds again.
@Suite struct OverrideTableWatchTests {
    @Test func rebuildsTheGroupsThatUseTheTableAndSurvivesABrokenTable() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let overrides = folder + "/CC/Overrides.ios.js"
        try TestSupport.write(
            [
                "UserScripts/MainFrame/AtDocumentStart/a.js":
                    "import { v } from \"resource://gre/modules/V.sys.mjs\";\nglobalThis.value = v;\n",
                "UserScripts/AllFrames/AtDocumentStart/b.js": "globalThis.other = 1;\n",
                "CC/V.sys.mjs": "export const v = \"desktop value\";\n",
                "CC/V.ios.mjs": "export const v = \"ios value\";\n",
                "CC/Overrides.ios.js": "const ModuleOverrides = { \"V.sys.mjs\": \"V.ios.mjs\" };\nmodule.exports = { ModuleOverrides };\n",
            ], under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .development, sourceMaps: .none,
            resolution: ModuleResolutionOptions(resourceURIs: ResourceURIRule(directory: folder + "/CC", overridesFile: overrides)))
        let builder = IncrementalBundler()
        let first = try #require(try builder.build(configuration, changed: nil))
        #expect(first.bundles.count == 2)
        let mainFrame = folder + "/Assets/MainFrameAtDocumentStart.js"
        #expect(try String(contentsOfFile: mainFrame, encoding: .utf8).contains("ios value"))
        #expect(builder.externalFolders(for: configuration).contains(folder + "/CC"))

        try "module.exports = {};\n".write(toFile: overrides, atomically: true, encoding: .utf8)
        let second = try #require(try builder.build(configuration, changed: [overrides]))
        #expect(second.bundles.map(\.group.name) == ["MainFrameAtDocumentStart"])
        #expect(try String(contentsOfFile: mainFrame, encoding: .utf8).contains("desktop value"))

        try "module.exports = {\n  \"V.sys.mjs\": 42,\n};\n".write(toFile: overrides, atomically: true, encoding: .utf8)
        do {
            _ = try builder.build(configuration, changed: [overrides])
            Issue.record("expected the broken table to fail the build")
        } catch {
            #expect(error.location == SourceLocation(path: AbsolutePath.display(overrides), line: 2, column: 16), "\(error)")
            #expect(error.message == "override table: the value of 'V.sys.mjs' must be a string (a file name), found the number 42")
        }
        // The last good output stays.
        #expect(try String(contentsOfFile: mainFrame, encoding: .utf8).contains("desktop value"))

        try "export default { \"V.sys.mjs\": \"V.ios.mjs\" };\n".write(toFile: overrides, atomically: true, encoding: .utf8)
        let fourth = try #require(try builder.build(configuration, changed: [overrides]))
        #expect(fourth.bundles.map(\.group.name) == ["MainFrameAtDocumentStart"])
        #expect(try String(contentsOfFile: mainFrame, encoding: .utf8).contains("ios value"))
    }
}
