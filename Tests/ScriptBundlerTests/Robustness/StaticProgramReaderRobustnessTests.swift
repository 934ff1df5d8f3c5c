import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The static reader and the override table reader on every fixture script and on every prefix of some of them
/// (cut mid-token, mid-object, mid-string): each call returns or throws a located error, never traps or hangs.
@Suite struct StaticProgramReaderRobustnessTests {
    static func fixtureScripts() throws -> [String] {
        let root = TestSupport.fixtures
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".js") || relative.hasSuffix(".mjs") { paths.append(root + "/" + relative) }
        }
        return paths.sorted()
    }

    @Test func everyFixtureAndPrefixIsReadOrRejected() throws {
        let paths = try Self.fixtureScripts()
        #expect(paths.count > 20)
        var read = 0, rejected = 0
        for (index, path) in paths.enumerated() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            // Every prefix of a few files, the whole of the others.
            let cuts = index % 8 == 0 ? Array(stride(from: 0, through: bytes.count, by: max(3, bytes.count / 120))) : [bytes.count]
            for cut in cuts {
                let prefix = Array(bytes.prefix(cut))
                do {
                    _ = try StaticProgramReader.read(prefix)
                    read += 1
                } catch {
                    #expect(error.line >= 1 && error.column >= 1)
                    rejected += 1
                }
                do {
                    _ = try OverrideTableReader.read(prefix, path: "t.js")
                } catch {
                    #expect(error.location.line >= 1 && error.location.column >= 1, "\(error)")
                }
            }
        }
        #expect(read > 0 && rejected > 0)
    }
}
