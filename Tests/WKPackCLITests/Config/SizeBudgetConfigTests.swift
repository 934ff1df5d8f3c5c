import ScriptBundler
import Testing

@testable import WKPackCLI

/// `maxBytes` in `scripts:` (every bundle) and in group entries (that group), and their validation errors.
@Suite struct SizeBudgetConfigTests {
    @Test func readsTheSectionAndGroupBudgetsWithTheirLocations() throws {
        let text = """
            scripts:
              maxBytes: 500000
              metafile: build/meta.json
              groups:
                - name: AllFramesAtDocumentStart
                  maxBytes: 460000
                - {name: MainFrameAtDocumentEnd, maxBytes: 0}
            """
        let scripts = try #require(try ProjectConfig.parse(text, path: "wkpack.yml").scripts)
        #expect(scripts.maxBytes == SizeBudget(maxBytes: 500000, location: SourceLocation(path: "wkpack.yml", line: 2, column: 13)))
        #expect(
            scripts.groupBudgets == [
                "AllFramesAtDocumentStart": SizeBudget(maxBytes: 460000, location: SourceLocation(path: "wkpack.yml", line: 6, column: 17)),
                "MainFrameAtDocumentEnd": SizeBudget(maxBytes: 0, location: SourceLocation(path: "wkpack.yml", line: 7, column: 48)),
            ])
        #expect(scripts.metafile == "build/meta.json")
        #expect(scripts.paths.contains { $0.role == "metafile" && $0.path == "build/meta.json" })
    }

    struct Invalid: Sendable, CustomStringConvertible {
        var yaml: String
        var line: Int
        var column: Int
        var message: String
        var description: String { yaml }
    }

    @Test(arguments: [
        Invalid(yaml: "scripts:\n  maxBytes: big\n", line: 2, column: 13, message: "'maxBytes' must be a non-negative integer"),
        Invalid(yaml: "scripts:\n  maxBytes: -1\n", line: 2, column: 13, message: "'maxBytes' must be a non-negative integer"),
        Invalid(yaml: "scripts:\n  maxBytes: 1.5\n", line: 2, column: 13, message: "'maxBytes' must be a non-negative integer"),
        Invalid(yaml: "scripts:\n  maxBytes: [1]\n", line: 2, column: 13, message: "'maxBytes' must be a non-negative integer"),
        Invalid(
            yaml: "scripts:\n  groups:\n    - {name: AllFramesAtDocumentStart, maxBytes: true}\n", line: 3, column: 50,
            message: "'maxBytes' must be a non-negative integer"),
        Invalid(
            yaml: "scripts:\n  groups:\n    - {name: AllFramesAtDocumentStart, maxbytes: 1}\n", line: 3, column: 40,
            message: "unknown key 'maxbytes' in a group; did you mean 'maxBytes'?"),
        Invalid(
            yaml: "scripts:\n  maxbytes: 1\n", line: 2, column: 3, message: "unknown key 'maxbytes' in 'scripts'; did you mean 'maxBytes'?"),
        Invalid(yaml: "scripts:\n  metafile: 3\n", line: 2, column: 13, message: "'metafile' must be a non-empty string"),
    ])
    func refusesInvalidValues(_ case_: Invalid) {
        do {
            _ = try ProjectConfig.parse(case_.yaml, path: "wkpack.yml")
            Issue.record("expected an error for \(case_.yaml)")
        } catch {
            #expect(error.location == SourceLocation(path: "wkpack.yml", line: case_.line, column: case_.column), "\(error)")
            #expect(error.message == case_.message, "\(error)")
        }
    }
}
