import Foundation
import Testing
import WKPackTestSupport

@testable import WKPackCLI

/// Runs the built `wkpack` executable (next to the test bundle) in temporary projects.
@Suite struct CommandLineTests {
    static let executable: String? = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("wkpack").path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func wkpack(_ arguments: [String], in folder: String) throws -> Output? {
        guard let executable else {
            print("the wkpack executable was not found next to the test bundle; skipping")
            return nil
        }
        let result = try ChildProcess.run(executable, arguments, currentDirectory: folder)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    static func project(_ files: [String: String]) throws -> String {
        let folder = NSTemporaryDirectory() + "wkpack-cli-" + UUID().uuidString
        for (relative, text) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return folder
    }

    static let scripts = [
        "UserScripts/AllFrames/AtDocumentStart/__firefox__.js": "window.__firefox__ = {};\n",
        "UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 1;\n",
        "UserScripts/MainFrame/AtDocumentEnd/b.js": "window.b = 2;\n",
    ]

    @Test func bundleWithDefaults() throws {
        let folder = try Self.project(Self.scripts)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try Self.wkpack(["bundle"], in: folder) else { return }
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("AllFramesAtDocumentStart.js  ") == true)
        #expect(lines.last?.hasPrefix("2 bundles in Assets: ") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/Assets").sorted()
        #expect(
            names == [
                "AllFramesAtDocumentStart.js", "AllFramesAtDocumentStart.js.map", "MainFrameAtDocumentEnd.js",
                "MainFrameAtDocumentEnd.js.map",
            ])
    }

    @Test func buildReadsTheConfigAndFlagsOverrideIt() throws {
        var files = Self.scripts
        files["wkpack.yml"] =
            "scripts:\n  output: Built\n  sourceMaps: none\n  groups:\n    - name: AllFramesAtDocumentStart\n      first: __firefox__.js\n"
        let folder = try Self.project(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let build = try Self.wkpack(["build"], in: folder) else { return }
        #expect(build.status == 0, "\(build.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/Built").sorted() == [
                "AllFramesAtDocumentStart.js", "MainFrameAtDocumentEnd.js",
            ])
        guard let bundle = try Self.wkpack(["bundle", "--out", "Dev", "--mode", "development", "--source-maps", "external"], in: folder)
        else { return }
        #expect(bundle.status == 0, "\(bundle.stderr)")
        let code = try String(contentsOfFile: folder + "/Dev/AllFramesAtDocumentStart.js", encoding: .utf8)
        #expect(code.hasPrefix("// UserScripts/AllFrames/AtDocumentStart/__firefox__.js\n"))
        #expect(FileManager.default.fileExists(atPath: folder + "/Dev/AllFramesAtDocumentStart.js.map"))
    }

    @Test func usageErrorsExitWithTwo() throws {
        let folder = try Self.project(Self.scripts)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["bundle", "--mode", "fast"], ["bundle", "--source-maps", "maybe"], ["bundle", "--nope"], ["frobnicate"]] {
            guard let output = try Self.wkpack(arguments, in: folder) else { return }
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(!output.stderr.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test func buildErrorsAreLocatedAndExitWithOne() throws {
        var files = Self.scripts
        files["UserScripts/MainFrame/AtDocumentEnd/c.js"] = "ok();\nconst s = \"unterminated;\n"
        let folder = try Self.project(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try Self.wkpack(["bundle"], in: folder) else { return }
        #expect(output.status == 1)
        #expect(output.stderr == "UserScripts/MainFrame/AtDocumentEnd/c.js:2:11: error: unterminated string literal\n")
        #expect(output.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test func configErrorsAreLocated() throws {
        var files = Self.scripts
        files["wkpack.yml"] = "scripts:\n  mode: production\n  outptu: X\n"
        let folder = try Self.project(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try Self.wkpack(["build"], in: folder) else { return }
        #expect(output.status == 1)
        #expect(output.stderr == "wkpack.yml:3:3: error: unknown key 'outptu' in 'scripts'; did you mean 'output'?\n")
    }

    @Test func missingRootAndMissingFirstPointAtTheConfig() throws {
        let folder = try Self.project([
            "wkpack.yml": "scripts:\n  root: Nope\n",
            "Scripts/AllFrames/AtDocumentStart/a.js": "a();\n",
            "other.yml": "scripts:\n  root: Scripts\n  groups:\n    - name: AllFramesAtDocumentStart\n      first: __firefox__.js\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let missingRoot = try Self.wkpack(["build"], in: folder) else { return }
        #expect(missingRoot.status == 1)
        #expect(missingRoot.stderr == "wkpack.yml:2:9: error: user-script root folder 'Nope' does not exist\n")
        guard let missingFirst = try Self.wkpack(["bundle", "--config", "other.yml"], in: folder) else { return }
        #expect(missingFirst.status == 1)
        #expect(
            missingFirst.stderr
                == "other.yml:4:13: error: group 'AllFramesAtDocumentStart' must start with '__firefox__.js', but 'Scripts/AllFrames/AtDocumentStart/__firefox__.js' does not exist\n"
        )
    }
}

extension CommandLineTests {
    @Test func moduleErrorsAreLocatedRelativeToTheProject() throws {
        var files = Self.scripts
        files["UserScripts/MainFrame/AtDocumentEnd/c.js"] = "ok();\nimport { x } from \"./missing.js\";\n"
        let folder = try Self.project(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try Self.wkpack(["bundle"], in: folder) else { return }
        #expect(output.status == 1)
        #expect(
            output.stderr.hasPrefix(
                "UserScripts/MainFrame/AtDocumentEnd/c.js:2:19: error: cannot find module './missing.js' (looked at UserScripts/MainFrame/AtDocumentEnd/missing.js, "
            ))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }
}
