import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct OutputByteAttributorTests {
    static func map(sources: [String], mappings: String) -> [UInt8] {
        let list = sources.map { "\"\($0)\"" }.joined(separator: ",")
        return Array("{\"version\":3,\"sources\":[\(list)],\"names\":[],\"mappings\":\"\(mappings)\"}".utf8)
    }

    @Test func segmentsOwnTheBytesUpToTheNextSegment() throws {
        let code = Array("ab;cd\n//# sourceMappingURL=o.js.map\n".utf8)
        let attribution = try #require(
            OutputByteAttributor.attribute(
                code: code, mapJSON: Self.map(sources: ["../src/a.js", "../src/b.js"], mappings: "A,CAAA,ECAA"),
                mapFolder: "/p/out", projectFolder: "/p"))
        // `a` is unmapped; `b;` belong to a.js, `cd` and the line break to b.js.
        #expect(attribution.inputs == [.init(path: "src/b.js", bytesInOutput: 3), .init(path: "src/a.js", bytesInOutput: 2)])
        #expect(attribution.generatedBytes == 1)
        #expect(attribution.urlCommentBytes == 30)
        #expect(attribution.outputBytes == code.count)
    }

    @Test func countsColumnsInUTF16AndBytesInUTF8() throws {
        // `x='😀';` is 9 bytes but 7 UTF-16 columns: `y` starts at column 7.
        let code = Array("x='😀';y\n".utf8)
        let attribution = try #require(
            OutputByteAttributor.attribute(
                code: code, mapJSON: Self.map(sources: ["a.js", "b.js"], mappings: "AAAA,OCAA"), mapFolder: "/p", projectFolder: "/p"))
        #expect(attribution.inputs == [.init(path: "a.js", bytesInOutput: 9), .init(path: "b.js", bytesInOutput: 2)])
        #expect(attribution.generatedBytes == 0 && attribution.urlCommentBytes == 0)
    }

    @Test func aMappedSegmentOwnsTheFollowingLinesUntilTheNextSegment() throws {
        // Line 0: a.js from column 0; line 1 (a comment line) has no segment; line 2: unmapped wrapper.
        let code = Array("f()\n// note\n})();\n".utf8)
        let attribution = try #require(
            OutputByteAttributor.attribute(
                code: code, mapJSON: Self.map(sources: ["a.js"], mappings: "AAAA;;A"), mapFolder: "/p", projectFolder: "/p"))
        #expect(attribution.inputs == [.init(path: "a.js", bytesInOutput: 12)])
        #expect(attribution.generatedBytes == 6)
    }

    @Test func linesAfterGeneratedCodeBelongToTheNextSegment() throws {
        // A wrapper line (unmapped), a comment line at the top of the file, then the file's first token.
        let code = Array("(function () {\n// about a.js\nf();\n}).call(this);\n".utf8)
        let attribution = try #require(
            OutputByteAttributor.attribute(
                code: code, mapJSON: Self.map(sources: ["a.js"], mappings: "A;;AAAA;A"), mapFolder: "/p", projectFolder: "/p"))
        #expect(attribution.inputs == [.init(path: "a.js", bytesInOutput: 19)])
        #expect(attribution.generatedBytes == 15 + 15)
    }

    @Test func segmentlessCodeLinesAfterGeneratedCodeStayGenerated() throws {
        // A license pointer, a runtime line with no segment (as production writes it), then a module's code.
        let code = Array("/*! see LICENSE */\nvar r=1;\nf();\n".utf8)
        let attribution = try #require(
            OutputByteAttributor.attribute(
                code: code, mapJSON: Self.map(sources: ["a.js"], mappings: ";;AAAA"), mapFolder: "/p", projectFolder: "/p"))
        #expect(attribution.inputs == [.init(path: "a.js", bytesInOutput: 5)])
        #expect(attribution.generatedBytes == 19 + 9)
    }

    @Test func separatesEveryTrailingURLComment() {
        let code = Array("x\n//# sourceURL=A.js\n//# sourceMappingURL=data:application/json;base64,e30=\n".utf8)
        #expect(OutputByteAttributor.urlCommentsStart(code) == 2)
        #expect(OutputByteAttributor.urlCommentsStart(Array("x\n// sourceURL\n".utf8)) == 15)
        #expect(OutputByteAttributor.urlCommentsStart([]) == 0)
    }

    @Test(arguments: ["{", "[]", "{\"sources\":[\"a.js\"]}", "{\"sources\":[\"a.js\"],\"mappings\":\"AA\"}"])
    func anUnreadableMapGivesNoAttribution(_ json: String) {
        #expect(
            OutputByteAttributor.attribute(code: Array("x\n".utf8), mapJSON: Array(json.utf8), mapFolder: "/", projectFolder: "/") == nil)
    }
}
