import Foundation
import Testing

@testable import WKPackCLI

/// `scripts.target` and `--target` end to end: the default refuses newer syntax it does not lower with a located
/// error and writes nothing (it lowers `??`); a newer target from the configuration or the command line accepts it.
@Suite struct BundleTargetTests {
    static let script = "window.a = 1;\nvar x = window.y ?? 2, r = /a/s;\n"

    static func project(config: String?, script: String = script) throws -> String {
        var files = ["UserScripts/MainFrame/AtDocumentEnd/a.js": script]
        if let config { files["wkpack.yml"] = config }
        return try CommandLineTests.project(files)
    }

    @Test func theDefaultTargetRefusesNewerSyntax() throws {
        let folder = try Self.project(config: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try CommandLineTests.wkpack(["build"], in: folder) else { return }
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "UserScripts/MainFrame/AtDocumentEnd/a.js:2:28: error: the regular expression flag 's' is not available in the configured target safari11 (needs safari11.1)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test(
        arguments: [
            (["bundle", "--target", "safari13.1"], nil),
            (["bundle", "--target=safari26", "--mode", "development"], "scripts:\n  target: safari13\n"),
            (["build"], "scripts:\n  target: safari14\n"),
        ] as [([String], String?)])
    func aNewerTargetAcceptsIt(arguments: [String], config: String?) throws {
        let folder = try Self.project(config: config)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try CommandLineTests.wkpack(arguments, in: folder) else { return }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Assets/MainFrameAtDocumentEnd.js"))
    }

    @Test func theConfiguredTargetIsNamedInTheError() throws {
        let folder = try Self.project(config: "scripts:\n  target: safari13\n", script: "var x = window.y ?? 2;\nvar n = 10n;\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try CommandLineTests.wkpack(["bundle", "--mode", "development"], in: folder) else { return }
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "UserScripts/MainFrame/AtDocumentEnd/a.js:2:9: error: a BigInt literal is not available in the configured target safari13 (needs safari14)\n",
            "\(output.stderr)")
    }

    @Test(arguments: ["safari10", "safari13.", "chrome90"])
    func anUnknownTargetIsAUsageError(name: String) throws {
        let folder = try Self.project(config: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try CommandLineTests.wkpack(["bundle", "--target", name], in: folder) else { return }
        #expect(output.status == 2)
        #expect(output.stderr.contains("'\(name)'"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }
}
