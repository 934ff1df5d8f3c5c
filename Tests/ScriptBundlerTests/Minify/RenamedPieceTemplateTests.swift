import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A minified piece made again with other new names: the code takes the names, the mappings after a name on its
/// line move by the difference in length, the others stay (`TreePieceTemplateTests` builds bundles from templates).
@Suite struct RenamedPieceTemplateTests {
    typealias Segment = MinifiedPiece.Segment

    static func segment(_ line: Int32, _ column: Int32, _ originalColumn: Int32) -> Segment {
        Segment(line: line, column: column, source: 0, originalLine: line, originalColumn: originalColumn, name: -1)
    }

    /// `let ab=c;ab(c)` then, on a second line, `f(ab)`: the renames `ab` (0) and `c` (1), written at the slots.
    static func template() -> RenamedPieceTemplate {
        var piece = MinifiedPiece()
        piece.code = Array("let ab=c;ab(c)\nf(ab)".utf8)
        let segments = [
            segment(0, 0, 0), segment(0, 4, 4), segment(0, 7, 9), segment(0, 9, 12), segment(0, 12, 15),
            segment(1, 0, 0), segment(1, 2, 2),
        ]
        piece.segments = segments
        piece.lineCount = 1
        piece.lastLineColumn = 5
        // A slot after the name's own segment (the first `segmentEnd` segments): where the encoded mappings end there.
        func slot(_ offset: Int32, _ rename: Int32, _ line: Int32, _ segmentEnd: Int) -> RenamedPieceTemplate.NameSlot {
            let written = PieceMappings(Array(segments[0..<segmentEnd]))
            return .init(offset: offset, rename: rename, line: line, mappingEnd: Int32(written.bytes.count), mappingLine: written.line)
        }
        let slots = [slot(4, 0, 0, 2), slot(7, 1, 0, 3), slot(9, 0, 0, 4), slot(12, 1, 0, 5), slot(17, 0, 1, 7)]
        return RenamedPieceTemplate(piece: piece, slots: slots, names: [Array("ab".utf8), Array("c".utf8)])
    }

    @Test func putsTheNewNamesInAndMovesTheMappingsAfterThem() throws {
        let made = try #require(Self.template().substituting([Array("x".utf8), Array("yyy".utf8)]))
        #expect(String(decoding: made.code, as: UTF8.self) == "let x=yyy;x(yyy)\nf(x)")
        // Line 0: `let x=yyy;x(yyy)` (segments at let, x, yyy, x, yyy); line 1 `f(x)`: f stays, x stays at 2.
        #expect(made.segments.map(\.column) == [0, 4, 6, 10, 12, 0, 2])
        #expect(made.segments.map(\.line) == [0, 0, 0, 0, 0, 1, 1])
        #expect(made.segments.map(\.originalColumn) == [0, 4, 9, 12, 15, 0, 2])
        // The last line ends one column earlier (`x` for `ab`).
        #expect(made.lastLineColumn == 4)
        #expect(made.lineCount == 1)
    }

    @Test func sameNamesGiveThePieceItself() throws {
        let template = Self.template()
        let made = try #require(template.substituting(template.names))
        #expect(made.code == template.piece.code)
        #expect(made.segments.map(\.column) == template.piece.segments.map(\.column))
    }

    @Test func tablesThatDoNotLineUpGiveNothing() {
        #expect(Self.template().substituting([Array("x".utf8)]) == nil)
    }

    /// Only the renames whose names change are written (step 5d): the others stay as the old code has them, and
    /// the mappings move only after the names whose length changes.
    @Test func namesThatStayAreLeftInPlace() throws {
        let template = Self.template()
        let longer = try #require(template.substituting([Array("ab".utf8), Array("yyy".utf8)]))
        #expect(String(decoding: longer.code, as: UTF8.self) == "let ab=yyy;ab(yyy)\nf(ab)")
        #expect(longer.segments.map(\.column) == [0, 4, 7, 11, 14, 0, 2])
        #expect(longer.lastLineColumn == 5)
        let sameLength = try #require(template.substituting([Array("xy".utf8), Array("c".utf8)]))
        #expect(String(decoding: sameLength.code, as: UTF8.self) == "let xy=c;xy(c)\nf(xy)")
        #expect(sameLength.segments.map(\.column) == template.piece.segments.map(\.column))
        #expect(sameLength.lastLineColumn == 5)
    }
}
