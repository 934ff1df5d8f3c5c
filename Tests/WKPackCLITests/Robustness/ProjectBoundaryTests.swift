import Foundation
import Testing

@testable import WKPackCLI

/// Paths that leave the project (`..`, absolute paths, symbolic links), an output folder inside the scripts,
/// and colliding output names: `wkpack build` refuses them with a located error and writes nothing.
@Suite struct ProjectBoundaryTests {
    /// A project in `<temp>/<id>/project` with a sibling `<temp>/<id>/outside` folder holding a script group.
    static func project(config: String) throws -> (folder: String, outside: String) {
        let base = try CommandLineTests.project([
            "project/wkpack.yml": config,
            "project/UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 1;\n",
            "outside/AllFrames/AtDocumentStart/b.js": "window.b = 2;\n",
        ])
        return (base + "/project", base + "/outside")
    }

    func build(_ folder: String) throws -> CommandLineTests.Output? {
        try CommandLineTests.wkpack(["build"], in: folder)
    }

    func expectRefused(_ folder: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        guard let output = try build(folder) else { return }
        #expect(output.status == 1, sourceLocation: sourceLocation)
        #expect(output.stderr.hasPrefix(expected), "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stderr.contains("set 'allowOutsideProject: true'"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: folder + "/../Assets"), sourceLocation: sourceLocation)
    }

    @Test func rootEscapingWithDotDotIsRefusedUnlessAllowed() throws {
        let (folder, _) = try Self.project(config: "scripts:\n  root: ../outside\n")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try expectRefused(folder, "wkpack.yml:2:9: error: root '../outside' is outside the project folder")
        try Data("scripts:\n  root: ../outside\n  allowOutsideProject: true\n".utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        guard let allowed = try build(folder) else { return }
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Assets/AllFramesAtDocumentStart.js"))
    }

    @Test func outputEscapingIsRefused() throws {
        let (folder, _) = try Self.project(config: "scripts:\n  output: ../Assets\n")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try expectRefused(folder, "wkpack.yml:2:11: error: output '../Assets' is outside the project folder")
        try Data("scripts:\n  output: /tmp/wkpack-should-not-exist\n".utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        try expectRefused(folder, "wkpack.yml:2:11: error: output '/tmp/wkpack-should-not-exist' is outside the project folder")
    }

    @Test func symbolicLinksOutOfTheProjectAreRefused() throws {
        let (folder, outside) = try Self.project(config: "scripts:\n  root: Linked\n")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/Linked", withDestinationPath: outside)
        try expectRefused(folder, "wkpack.yml:2:9: error: root 'Linked' leads outside the project folder through a symbolic link")

        // The output folder through a link.
        try Data("scripts:\n  output: Out/Assets\n".utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/Out", withDestinationPath: outside)
        try expectRefused(folder, "wkpack.yml:2:11: error: output 'Out/Assets' leads outside the project folder through a symbolic link")
        #expect(!FileManager.default.fileExists(atPath: outside + "/Assets"))

        // One script file through a link.
        try Data("scripts:\n  mode: production\n".utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/UserScripts/AllFrames/AtDocumentStart/b.js", withDestinationPath: outside + "/AllFrames/AtDocumentStart/b.js"
        )
        try expectRefused(
            folder,
            "UserScripts/AllFrames/AtDocumentStart/b.js:1:1: error: script 'UserScripts/AllFrames/AtDocumentStart/b.js' leads outside")
    }

    @Test func filesOfAConfiguredGroupOutsideTheProjectAreRefused() throws {
        let inside = "scripts:\n  groups:\n    - name: Extra\n      files: [UserScripts/AllFrames/AtDocumentStart/a.js]\n"
        let (folder, outside) = try Self.project(config: inside)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        guard let allowed = try build(folder) else { return }
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Assets/Extra.js"))
        try FileManager.default.removeItem(atPath: folder + "/Assets")

        let escaping = "scripts:\n  groups:\n    - name: Extra\n      files: [../outside/AllFrames/AtDocumentStart/b.js]\n"
        try Data(escaping.utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        guard let refused = try build(folder) else { return }
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("wkpack.yml:4:15: error: group 'Extra' file '"), "\(refused.stderr)")
        #expect(refused.stderr.contains("outside the project folder"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))

        // A listed file that is a link to a script outside the project.
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/linked.js", withDestinationPath: outside + "/AllFrames/AtDocumentStart/b.js")
        let linked = "scripts:\n  groups:\n    - name: Extra\n      files: [linked.js]\n"
        try Data(linked.utf8).write(to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        guard let refusedLink = try build(folder) else { return }
        #expect(refusedLink.status == 1)
        #expect(
            refusedLink.stderr.hasPrefix("wkpack.yml:4:15: error: group 'Extra' file 'linked.js' leads outside"), "\(refusedLink.stderr)")
        #expect(refusedLink.stderr.contains("leads outside the project folder through a symbolic link"), "\(refusedLink.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test func linksInsideTheProjectAreFine() throws {
        let (folder, _) = try Self.project(config: "scripts:\n  root: Linked\n")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/Linked", withDestinationPath: folder + "/UserScripts")
        guard let output = try build(folder) else { return }
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test func outputInsideTheScriptsIsRefused() throws {
        let (folder, _) = try Self.project(config: "scripts:\n  output: UserScripts/Assets\n")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        guard let output = try build(folder) else { return }
        #expect(output.status == 1)
        #expect(
            output.stderr.contains("error: output folder 'UserScripts/Assets' must not be the root folder 'UserScripts' or inside it"),
            "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/UserScripts/Assets"))
    }

    @Test func outputInsideTheScriptsThroughALinkIsRefused() throws {
        let (folder, _) = try Self.project(config: "scripts:\n  output: Out\n")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/Out", withDestinationPath: folder + "/UserScripts/AllFrames")
        guard let output = try build(folder) else { return }
        #expect(output.status == 1)
        #expect(output.stderr.contains("wkpack.yml:2:11: error: output folder 'Out' must not be the root folder"), "\(output.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/UserScripts/AllFrames")
        #expect(names == ["AtDocumentStart"])
    }

    @Test(arguments: [
        "    - name: AllFramesAtDocumentStart\n      output: Same.js\n    - name: Extra\n      folder: AllFrames/AtDocumentStart\n      output: Same.js\n",
        "    - name: AllFramesAtDocumentStart\n      output: same.js\n    - name: Extra\n      folder: AllFrames/AtDocumentStart\n      output: SAME.js\n",
        "    - name: Extra\n      folder: AllFrames/AtDocumentStart\n      output: AllFramesAtDocumentStart.js\n",
    ])
    func collidingOutputNamesAreRefused(groups: String) throws {
        let (folder, _) = try Self.project(config: "scripts:\n  groups:\n" + groups)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        guard let output = try build(folder) else { return }
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("wkpack.yml:"), "\(output.stderr)")
        #expect(output.stderr.contains("both write"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }
}
