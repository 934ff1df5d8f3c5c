import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Errors surface as `path:line:col: error: message` with exact positions.
@Suite struct BundlerErrorTests {
    static func build(_ files: [String: [UInt8]], groups: [ScriptGroupDefinition] = [], output: String = "Assets") throws -> (
        String, BundlerError?
    ) {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(files, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/" + output, projectFolder: folder, groups: groups)
        do {
            _ = try ScriptBundler().build(configuration)
            return (folder, nil)
        } catch {
            return (folder, error)
        }
    }

    @Test(
        arguments: [
            ("x.js", Array("let a = 1;\nlet s = 'abc\n".utf8), 2, 9, "unterminated string literal"),
            ("x.js", Array("ok();\n/* a\n comment".utf8), 2, 1, "unterminated block comment"),
            ("x.js", Array("f(`a${b}\nc".utf8), 1, 3, "unterminated template literal"),
            ("x.js", Array("  if (x) /abc\n".utf8), 1, 10, "unterminated regular expression literal"),
            ("y.mjs", [0x61, 0x3B, 0x0A, 0x27, 0xC3, 0x28, 0x27], 2, 2, "invalid UTF-8 byte 0xC3 at byte offset 4"),
        ] as [(String, [UInt8], Int, Int, String)])
    func syntaxErrorsAreLocated(name: String, bytes: [UInt8], line: Int, column: Int, message: String) throws {
        let (folder, error) = try Self.build([
            "UserScripts/AllFrames/AtDocumentEnd/" + name: bytes, "UserScripts/AllFrames/AtDocumentEnd/a.js": Array("ok();\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.description == "\(folder)/UserScripts/AllFrames/AtDocumentEnd/\(name):\(line):\(column): error: \(message)")
    }

    @Test func missingRoot() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let configuration = BundleConfiguration(root: folder + "/Nope", output: folder + "/Assets", projectFolder: folder)
        #expect(
            throws: BundlerError(
                .missingRoot, at: SourceLocation(path: folder + "/Nope"), "user-script root folder '\(folder)/Nope' does not exist")
        ) {
            try ScriptBundler().build(configuration)
        }
        var configured = configuration
        configured.rootOrigin = SourceLocation(path: "wkpack.yml", line: 2, column: 9)
        do {
            _ = try ScriptBundler().build(configured)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("wkpack.yml:2:9: error: user-script root folder"))
        }
    }

    @Test func missingFirstFileNamesGroupAndFile() throws {
        let origin = SourceLocation(path: "wkpack.yml", line: 10, column: 13)
        let (folder, error) = try Self.build(
            ["UserScripts/AllFrames/AtDocumentStart/a.js": Array("a();\n".utf8)],
            groups: [ScriptGroupDefinition(name: "AllFramesAtDocumentStart", first: "__firefox__.js", origin: origin)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.kind == .missingFirstFile)
        #expect(
            failure.description
                == "wkpack.yml:10:13: error: group 'AllFramesAtDocumentStart' must start with '__firefox__.js', but '\(folder)/UserScripts/AllFrames/AtDocumentStart/__firefox__.js' does not exist"
        )
    }

    @Test func firstFileIsPlacedFirst() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(
            ["UserScripts/AllFrames/AtDocumentEnd/a.js": "a();\n", "UserScripts/AllFrames/AtDocumentEnd/zz.js": "z();\n"], under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder,
            groups: [ScriptGroupDefinition(name: "AllFramesAtDocumentEnd", first: "zz.js")])
        #expect(try ScriptBundler().discoverGroups(configuration).first?.files == ["zz.js", "a.js"])
    }

    @Test(arguments: ["UserScripts", "UserScripts/Assets", "UserScripts/./AllFrames/.."])
    func outputInsideRootIsRefused(output: String) throws {
        let (folder, error) = try Self.build(["UserScripts/AllFrames/AtDocumentEnd/a.js": Array("a();\n".utf8)], output: output)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.message.contains("must not be the root folder") == true)
    }

    @Test func outputNameCollisionsAreRefused() throws {
        let (folder, error) = try Self.build(
            ["UserScripts/AllFrames/AtDocumentEnd/a.js": Array("a();\n".utf8), "UserScripts/Extra/b.js": Array("b();\n".utf8)],
            groups: [ScriptGroupDefinition(name: "Extra", folder: "Extra", outputFileName: "allframesatdocumentend.js")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error?.message == "groups 'AllFramesAtDocumentEnd' and 'Extra' both write 'allframesatdocumentend.js'")
    }

    @Test(arguments: ["../x.js", "x.txt", ".js", "a b.js"])
    func invalidOutputNamesAreRefused(name: String) throws {
        let (folder, error) = try Self.build(
            ["UserScripts/Extra/b.js": Array("b();\n".utf8)],
            groups: [ScriptGroupDefinition(name: "Extra", folder: "Extra", outputFileName: name)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error?.kind == .invalidConfiguration)
    }

    @Test func namedGroupWithMissingFolder() throws {
        let (folder, error) = try Self.build(
            ["UserScripts/AllFrames/AtDocumentEnd/a.js": Array("a();\n".utf8)],
            groups: [
                ScriptGroupDefinition(
                    name: "Webcompat", folder: "AllFrames/Webcompat", origin: SourceLocation(path: "wkpack.yml", line: 4, column: 15))
            ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            error?.description
                == "wkpack.yml:4:15: error: folder '\(folder)/UserScripts/AllFrames/Webcompat' of group 'Webcompat' does not exist")
    }

    @Test func firstFailingGroupInOrderIsReported() throws {
        let (folder, error) = try Self.build([
            "UserScripts/MainFrame/AtDocumentEnd/z.js": Array("'open".utf8),
            "UserScripts/AllFrames/AtDocumentStart/a.js": Array("ok();\n/* open".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error?.description == "\(folder)/UserScripts/AllFrames/AtDocumentStart/a.js:2:1: error: unterminated block comment")
    }

    @Test func rootThatIsAFile() throws {
        let (folder, error) = try Self.build(["UserScripts": Array("not a folder".utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error?.description == "\(folder)/UserScripts:1:1: error: user-script root '\(folder)/UserScripts' is a file, not a folder")
    }
}
