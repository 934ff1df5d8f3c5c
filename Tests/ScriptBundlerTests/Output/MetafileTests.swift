import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The metafile of `Size/Fixtures/MetafileProject` (the project the size tests build too; golden files
/// `Size/Fixtures/metafile-<mode>.json`; regenerate with
/// `WKPACK_UPDATE_GOLDENS=1 swift test --filter MetafileTests` when an output change is intended).
@Suite struct MetafileTests {
    static let fixtures =
        ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent + "/Size/Fixtures"
    static let project = fixtures + "/MetafileProject"

    static func metafile(_ mode: BundleMode) throws -> (Metafile, [GroupBundle]) {
        var configuration = BundleConfiguration(
            root: project + "/UserScripts", output: project + "/Assets", projectFolder: project, mode: mode,
            sourceMaps: .external, groups: [ScriptGroupDefinition(name: "AllFramesAtDocumentStart", first: "__firefox__.js")])
        configuration.analyzesSize = true
        let bundles = try ScriptBundler().build(configuration)
        return (Metafile(bundles: bundles, configuration: configuration), bundles)
    }

    @Test(arguments: [BundleMode.development, .production])
    func matchesItsGolden(_ mode: BundleMode) throws {
        let json = try Self.metafile(mode).0.json()
        let golden = Self.fixtures + "/metafile-\(mode).json"
        if ProcessInfo.processInfo.environment["WKPACK_UPDATE_GOLDENS"] == "1" {
            try Data(json).write(to: URL(fileURLWithPath: golden))
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: golden))
        #expect(Array(expected) == json, "metafile-\(mode).json differs:\n\(String(decoding: json, as: UTF8.self))")
        // Byte-identical on a second build.
        #expect(try Self.metafile(mode).0.json() == json)
    }

    /// The JSON parses, has esbuild's shape, and its numbers agree with the bundles.
    @Test(arguments: [BundleMode.development, .production])
    func isValidEsbuildMetafileJSON(_ mode: BundleMode) throws {
        let (metafile, bundles) = try Self.metafile(mode)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(metafile.json())) as? [String: Any])
        #expect(Set(object.keys) == ["inputs", "outputs"])
        let inputs = try #require(object["inputs"] as? [String: [String: Any]])
        #expect(
            inputs.keys.sorted() == [
                "UserScripts/AllFrames/AtDocumentStart/Logins.js", "UserScripts/AllFrames/AtDocumentStart/__firefox__.js",
                "UserScripts/MainFrame/AtDocumentEnd/ReaderMode.js", "lib/describe.js", "lib/form.mjs", "node_modules/clean-kit/index.js",
            ])
        for (path, input) in inputs {
            let bytes = try #require(input["bytes"] as? Int)
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: Self.project + "/" + path))).count, "\(path)")
            let imports = try #require(input["imports"] as? [[String: Any]])
            for item in imports {
                #expect(inputs[item["path"] as? String ?? ""] != nil)
                #expect(["import-statement", "require-call", "dynamic-import"].contains(item["kind"] as? String ?? ""))
            }
        }
        #expect(inputs["lib/form.mjs"]?["format"] as? String == "esm")
        #expect(inputs["lib/describe.js"]?["format"] as? String == "cjs")
        #expect(inputs["UserScripts/MainFrame/AtDocumentEnd/ReaderMode.js"]?["format"] == nil)
        let logins = try #require(inputs["UserScripts/AllFrames/AtDocumentStart/Logins.js"]?["imports"] as? [[String: String]])
        #expect(
            logins == [
                ["path": "lib/form.mjs", "kind": "import-statement"],
                ["path": "node_modules/clean-kit/index.js", "kind": "import-statement"],
            ])

        let outputs = try #require(object["outputs"] as? [String: [String: Any]])
        for bundle in bundles {
            let output = try #require(outputs["Assets/" + bundle.group.outputFileName])
            #expect(output["bytes"] as? Int == bundle.code.count)
            let shares = try #require(output["inputs"] as? [String: [String: Int]])
            let sum = shares.values.reduce(0) { $0 + ($1["bytesInOutput"] ?? 0) }
            let attribution = try #require(bundle.size?.attribution)
            #expect(sum + attribution.unattributedBytes == bundle.code.count)
            #expect(shares.keys.allSatisfy { inputs[$0] != nil })
            #expect(output["imports"] as? [Any] != nil && output["exports"] as? [Any] != nil)
            if let mapName = bundle.mapFileName {
                #expect(outputs["Assets/" + mapName]?["bytes"] as? Int == bundle.map?.count)
            }
        }
        #expect(
            outputs["Assets/MainFrameAtDocumentEnd.js"]?["entryPoint"] as? String == "UserScripts/MainFrame/AtDocumentEnd/ReaderMode.js")
        #expect(outputs["Assets/AllFramesAtDocumentStart.js"]?["entryPoint"] == nil)
        if mode == .production {
            // The package's legal comment moved to the license file, listed as an output.
            #expect(outputs["Assets/AllFramesAtDocumentStart.js.LICENSE.txt"] != nil)
        }
    }
}
