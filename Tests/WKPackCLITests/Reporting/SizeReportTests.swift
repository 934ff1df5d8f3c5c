import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackCLI
@testable import WKPackSupport

/// The report's formatting, on a bundle with a known attribution (golden text and JSON).
@Suite struct SizeReportTests {
    static func bundle(modules: Int) -> GroupBundle {
        let shares = (0..<modules).map { ByteAttribution.Share(path: "lib/m\($0).js", bytesInOutput: 40_000 - $0 * 1000) }
        let inputs = shares.reduce(0) { $0 + $1.bytesInOutput }
        let attribution = ByteAttribution(outputBytes: inputs + 1234 + 45, inputs: shares, generatedBytes: 1234, urlCommentBytes: 45)
        let group = ScriptGroup(
            name: "AllFramesAtDocumentStart", folder: "UserScripts/AllFrames/AtDocumentStart",
            outputFileName: "AllFramesAtDocumentStart.js", files: ["a.js"])
        var bundle = GroupBundle(
            group: group, code: [UInt8](repeating: 0x20, count: attribution.outputBytes), map: nil, license: nil,
            inputs: [], duration: .zero)
        bundle.size = BundleSize(
            modules: shares.map { BundleModule(path: $0.path, byteCount: $0.bytesInOutput, format: .esm, imports: [], isEntry: false) },
            attribution: attribution)
        return bundle
    }

    @Test func textListsTheTopTenThenTheRest() {
        #expect(
            SizeReport.textLines([Self.bundle(modules: 12)]) == [
                "AllFramesAtDocumentStart.js  415,279 B, 12 modules",
                "  40,000 B    9.6%  lib/m0.js",
                "  39,000 B    9.4%  lib/m1.js",
                "  38,000 B    9.2%  lib/m2.js",
                "  37,000 B    8.9%  lib/m3.js",
                "  36,000 B    8.7%  lib/m4.js",
                "  35,000 B    8.4%  lib/m5.js",
                "  34,000 B    8.2%  lib/m6.js",
                "  33,000 B    7.9%  lib/m7.js",
                "  32,000 B    7.7%  lib/m8.js",
                "  31,000 B    7.5%  lib/m9.js",
                "  59,000 B   14.2%  2 more modules",
                "   1,234 B    0.3%  generated code (wrappers, module runtime, banners)",
                "      45 B    0.0%  //# sourceURL / sourceMappingURL comments",
            ])
    }

    @Test func jsonListsEveryModule() throws {
        let json = SizeReport.json([Self.bundle(modules: 2)])
        #expect(
            json == """
                {
                  "bundles": [
                    {
                      "name": "AllFramesAtDocumentStart",
                      "output": "AllFramesAtDocumentStart.js",
                      "bytes": 80279,
                      "generatedBytes": 1234,
                      "urlCommentBytes": 45,
                      "modules": [
                        {"path": "lib/m0.js", "bytesInOutput": 40000, "percent": 49.8},
                        {"path": "lib/m1.js", "bytesInOutput": 39000, "percent": 48.6}
                      ]
                    }
                  ]
                }
                """)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        #expect(SizeReport.json([]) == "{\n  \"bundles\": []\n}")
    }

    @Test func groupsDigits() {
        #expect(SizeReport.grouped(0) == "0")
        #expect(SizeReport.grouped(999) == "999")
        #expect(SizeReport.grouped(1000) == "1,000")
        #expect(SizeReport.grouped(2_650_011) == "2,650,011")
    }
}
