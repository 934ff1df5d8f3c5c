import Foundation
import Testing
import WKPackTestSupport
@testable import WKPackCLI

/// One-shot builds leave the freeing of their memory to a process that outlives them (`DetachedTeardown` in the
/// executable): what a caller sees (status, standard output and error read to their end, files) is what the same
/// build shows when it frees its memory itself (`WKPACK_INLINE_TEARDOWN`).
@Suite struct DetachedTeardownTests {
    static func run(_ arguments: [String], in folder: String, detached: Bool) throws -> CommandLineTests.Output? {
        guard let executable = CommandLineTests.executable else {
            print("the wkpack executable was not found next to the test bundle; skipping")
            return nil
        }
        var environment = ProcessInfo.processInfo.environment
        environment["WKPACK_INLINE_TEARDOWN"] = detached ? nil : "1"
        let result = try ChildProcess.run(executable, arguments, environment: environment, currentDirectory: folder)
        return CommandLineTests.Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Every file under `folder` with its bytes.
    static func files(in folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return result }
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }

    @Test(arguments: [["bundle"], ["build"], ["bundle", "--mode", "production", "--report"]])
    func aSuccessfulBuildLooksTheSame(arguments: [String]) throws {
        var outputs: [CommandLineTests.Output] = []
        var trees: [[String: Data]] = []
        for detached in [true, false] {
            let folder = try CommandLineTests.project(CommandLineTests.scripts)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard let output = try Self.run(arguments, in: folder, detached: detached) else { return }
            outputs.append(output)
            trees.append(try Self.files(in: folder))
        }
        #expect(outputs[0].status == 0, "\(outputs[0].stderr)")
        #expect(outputs[0].status == outputs[1].status)
        #expect(outputs[0].stderr == outputs[1].stderr)
        // The lines are equal but for the times they report.
        let timeless = outputs.map { $0.stdout.replacingOccurrences(of: #"[0-9.]+ ms"#, with: "_", options: .regularExpression) }
        #expect(!timeless[0].isEmpty)
        #expect(timeless[0] == timeless[1])
        #expect(trees[0].keys.contains("Assets/AllFramesAtDocumentStart.js"))
        #expect(trees[0] == trees[1])
    }

    @Test func aFailingBuildReportsItsStatusAndError() throws {
        var files = CommandLineTests.scripts
        files["UserScripts/AllFrames/AtDocumentStart/broken.js"] = "window.x = (;\n"
        for detached in [true, false] {
            let folder = try CommandLineTests.project(files)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard let output = try Self.run(["bundle"], in: folder, detached: detached) else { return }
            #expect(output.status == 1)
            #expect(output.stderr.contains("broken.js:1:"), "\(output.stderr)")
            #expect(output.stderr.contains("error:"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/Assets/AllFramesAtDocumentStart.js"))
        }
    }

    @Test func aMissingConfigurationExitsWithOne() throws {
        let folder = try CommandLineTests.project(CommandLineTests.scripts)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try Self.run(["build", "--config", "missing.yml"], in: folder, detached: true) else { return }
        #expect(output.status == 1)
        #expect(output.stderr.contains("missing.yml"), "\(output.stderr)")
    }

    @Test(arguments: [(["bundle"], true), (["build"], true), (["bundle", "--watch"], false), (["watch"], false),
                      (["rules", "check"], false), (["init"], false), ([], false)] as [([String], Bool)])
    func onlyOneShotBuildsDetachTheirTeardown(arguments: [String], expected: Bool) {
        #expect(WKPackCommand.isOneShotBuild(arguments) == expected)
    }
}
