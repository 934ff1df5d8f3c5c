import Foundation
import Testing

@testable import WKPackCLI

@Suite struct RulesGenerateDisconnectCommandTests {
    static let blacklist =
        #"{"categories":{"Advertising":[{"A":{"http://a":["a.example","bad|x.example"]}}],"Social":[{"S":{"http://s":["s.example"]}}]}}"#
    static let entities = #"{"entities":{"A":{"properties":["a.example"]}}}"#

    @Test func writesOneFilePerListAndPrintsALineEach() {
        let files = InMemoryListFileSystem(["b.json": Self.blacklist, "e.json": Self.entities, "f.json": #"["fp.example"]"#])
        let outcome = RulesGenerateRunner.run(
            blacklist: "b.json", entityList: "e.json", fingerprinting: "f.json", categoryLists: [],
            output: "out", fileSystem: files)
        #expect(outcome.exitCode == 0)
        #expect(
            outcome.standardOutput == """
                disconnect-block-advertising.json: 1 rules, 150 bytes
                disconnect-block-social.json: 1 rules, 119 bytes
                disconnect-block-cookies-advertising.json: 1 rules, 158 bytes
                disconnect-block-cookies-social.json: 1 rules, 127 bytes
                disconnect-block-fingerprinting.json: 1 rules, 120 bytes

                """)
        #expect(
            outcome.standardError.contains(
                "b.json:1:61: warning: company \"A\" in \"Advertising\": the domain \"bad|x.example\" contains '|'"))
        #expect(outcome.standardError.contains("b.json:1:1: warning: the blacklist has no \"Cryptomining\" category"))
        #expect(
            files.text("out/disconnect-block-social.json") == #"""
                [
                {"action":{"type":"block"},"trigger":{"url-filter":"^https?://([^/]+\\.)?s\\.example","load-type":["third-party"]}}
                ]
                """#)
    }

    @Test func badInputWritesNothingAndFails() {
        let files = InMemoryListFileSystem(["b.json": #"{"categories":{"Social":{}}}"#, "e.json": Self.entities])
        let outcome = RulesGenerateRunner.run(
            blacklist: "b.json", entityList: "e.json", fingerprinting: nil, categoryLists: [],
            output: "out", fileSystem: files)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError == "b.json:1:25: error: category \"Social\" must be an array of company objects, found an object\n")
        #expect(files.files.keys.sorted() == ["b.json", "e.json"])
    }

    @Test func missingFileAndBadCategoryAreReported() {
        let files = InMemoryListFileSystem(["e.json": Self.entities])
        #expect(
            RulesGenerateRunner.run(
                blacklist: "nope.json", entityList: "e.json", fingerprinting: nil, categoryLists: [],
                output: "out", fileSystem: files
            ).standardError == "nope.json: error: no such file\n")
        let outcome = RulesGenerateRunner.run(
            blacklist: nil, entityList: "e.json", fingerprinting: nil, categoryLists: ["Nope=x.json"],
            output: "out", fileSystem: files)
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.hasPrefix("error: --category-list needs CATEGORY=FILE"))
    }

    @Test func writesIntoARealFolderWithoutTouchingOtherFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(Self.blacklist.utf8).write(to: input.appendingPathComponent("b.json"))
        try Data(Self.entities.utf8).write(to: input.appendingPathComponent("e.json"))
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: output.appendingPathComponent("notes.txt"))
        try Data("old".utf8).write(to: output.appendingPathComponent("disconnect-block-social.json"))

        let outcome = RulesGenerateRunner.run(
            blacklist: input.appendingPathComponent("b.json").path, entityList: input.appendingPathComponent("e.json").path,
            fingerprinting: nil, categoryLists: [], output: output.path)
        #expect(outcome.exitCode == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(
            names == [
                "disconnect-block-advertising.json", "disconnect-block-cookies-advertising.json", "disconnect-block-cookies-social.json",
                "disconnect-block-social.json", "notes.txt",
            ])
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent("notes.txt").path) == Data("keep me".utf8))
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent("disconnect-block-social.json").path)?.count == 119)
    }
}
