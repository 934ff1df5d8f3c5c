import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackCLI
@testable import WKPackSupport

/// The size analysis on the firefox-ios-shaped fixture tree (`Fixtures/FirefoxIOSTree`, configured with
/// `sourceMaps: none` as firefox-ios builds): for every bundle in both modes, the inputs' bytes plus the generated
/// code add up to the written file, the outputs are the bytes a build without the analysis writes, and the metafile
/// is valid esbuild JSON.
@Suite struct FirefoxIOSTreeSizeTests {
    @Test(arguments: [BundleMode.production, .development])
    func attributionAddsUpOnEveryBundle(_ mode: BundleMode) throws {
        let folder = try FirefoxIOSTreeTests.copyOfTree()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = try ProjectConfig.load(path: folder + "/wkpack.yml")
        let plainJob = ScriptsJob(config: config, overrides: ScriptsOverrides(mode: mode))
        let plain = try ScriptBundler().build(plainJob.bundleConfiguration())
        let metafilePath = folder + "/meta.json"
        let job = ScriptsJob(
            config: config, overrides: ScriptsOverrides(mode: mode),
            size: SizeOutputOptions(metafile: metafilePath, report: .text))
        var configuration = job.bundleConfiguration()
        configuration.analyzesSize = true
        let analyzed = try ScriptBundler().build(configuration)
        #expect(analyzed.count == 10)
        for (a, b) in zip(plain, analyzed) {
            #expect(a.code == b.code, "\(mode) \(a.group.name)")
            let attribution = try #require(b.size?.attribution)
            #expect(
                attribution.inputs.reduce(0) { $0 + $1.bytesInOutput } + attribution.unattributedBytes == b.code.count, "\(b.group.name)")
            #expect(!attribution.inputs.isEmpty)
        }
        // The worker is its group's only file: its entry point.
        _ = try job.outcome()
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: metafilePath))) as? [String: Any])
        let outputs = try #require(object["outputs"] as? [String: [String: Any]])
        let inputs = try #require(object["inputs"] as? [String: [String: Any]])
        #expect(outputs.count == 10 + (mode == .production ? analyzed.filter { $0.license != nil }.count : 0))
        let worker = try #require(outputs["firefox-ios/Client/Assets/translations-engine.worker.js"])
        #expect(worker["entryPoint"] as? String == "firefox-ios/Client/Assets/CC_Script/translations-engine.worker.js")
        for (path, output) in outputs where path.hasSuffix(".js") {
            let shares = try #require(output["inputs"] as? [String: [String: Int]])
            #expect(shares.keys.allSatisfy { inputs[$0] != nil }, "\(path)")
            let bytes = try #require(output["bytes"] as? Int)
            #expect(shares.values.reduce(0) { $0 + ($1["bytesInOutput"] ?? 0) } <= bytes)
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))).count, "\(path)")
        }
    }
}
