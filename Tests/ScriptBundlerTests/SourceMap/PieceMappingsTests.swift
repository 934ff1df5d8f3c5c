import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A piece's mappings encoded once (`PieceMappings`) decode to the segments written, and a bundle's map that takes
/// them (`SourceMapBuilder.addPiece`, copying all but the first segments) is the map that adding the segments one
/// by one gives, wherever the piece lands and whatever its sources and names are numbered in the bundle.
@Suite struct PieceMappingsTests {
    typealias Segment = MinifiedPiece.Segment

    @Test(arguments: [0, 1, 2, 7, 300])
    func segmentsComeBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) &+ 11)
        // Consecutive unmapped segments are dropped (a map marks unmapped code once): the writer never makes them.
        var segments: [Segment] = []
        for segment in SegmentEncodingTests.randomPiece(&generator, count: count) {
            if segment.source < 0, let last = segments.last, last.source < 0 { continue }
            segments.append(
                Segment(
                    line: segment.line, column: segment.column, source: segment.source,
                    originalLine: segment.source < 0 ? 0 : segment.originalLine,
                    originalColumn: segment.source < 0 ? 0 : segment.originalColumn,
                    name: segment.source < 0 ? -1 : segment.name))
        }
        let mappings = PieceMappings(segments)
        #expect(mappings.segments.map(Fields.init) == segments.map(Fields.init))
        #expect(mappings.count == segments.count)
        #expect(mappings.line == segments.last?.line ?? 0)
        #expect(mappings.column == segments.last?.column ?? 0)
        #expect(mappings.lastIsMapped == (segments.last.map { $0.source >= 0 } ?? false))
    }

    /// Pieces in a row, each at a column of the line the previous one ended on, with sources and names numbered
    /// consecutively (copied past the first segments) or not (encoded again), after mapped or unmapped code.
    @Test(arguments: [1, 2, 3, 9, 4_000])
    func piecesAddAsTheirSegmentsDo(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var byPiece = SourceMapBuilder(), bySegment = SourceMapBuilder()
        var byPieceMapped = false, bySegmentMapped = false
        var line = 1
        for piece in 0..<8 {
            let segments = SegmentEncodingTests.randomPiece(&generator, count: count)
            let mappings = PieceMappings(segments)
            // Consecutive (a piece's own sources and names after the others'), or shared with another piece.
            let sources = piece % 3 == 2 ? [1, 0] : [piece * 2, piece * 2 + 1]
            let names = piece % 4 == 3 ? [5, 0, piece] : [piece * 3, piece * 3 + 1, piece * 3 + 2]
            let column = [0, 17, 3][piece % 3]
            byPiece.addPiece(mappings, line: line, column: column, sources: sources, names: names, lastWasMapped: &byPieceMapped)
            SegmentEncodingTests.addOneByOne(
                segments, to: &bySegment, line: line, column: column, sources: sources, names: names,
                lastWasMapped: &bySegmentMapped)
            #expect(byPiece.encodedMappings == bySegment.encodedMappings, "after piece \(piece)")
            #expect(byPieceMapped == bySegmentMapped)
            line += Int(segments.last?.line ?? 0) + (piece % 2)
        }
    }

    /// Segments close to each other (most of a minified piece's: every value within 15 of the one before, which the
    /// encoder writes on a short path) encode to the text the source-map format gives them, written out here value by
    /// value: `,` or `;` per line, each value a VLQ delta from the previous segment's (columns from the line's start,
    /// the others from the last mapped segment), names kept apart; and the prefix ends after the first mapped segment.
    @Test(arguments: [1, 2, 50, 2_000])
    func closeSegmentsEncodeAsTheFormatSays(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) &+ 41)
        var segments: [Segment] = []
        var line: Int32 = 0, column: Int32 = 0, originalLine: Int32 = 3, originalColumn: Int32 = 20
        for _ in 0..<count {
            if Int.random(in: 0..<25, using: &generator) == 0 {
                line += 1
                column = 0
            }
            column += Int32.random(in: 0...18, using: &generator)
            originalLine = max(0, originalLine + Int32.random(in: -2...2, using: &generator))
            originalColumn = max(0, originalColumn + Int32.random(in: -17...17, using: &generator))
            let unmapped = Int.random(in: 0..<30, using: &generator) == 0
            if unmapped, let last = segments.last, last.source < 0 { continue }
            let name: Int32 = Int.random(in: 0..<20, using: &generator) == 0 ? Int32.random(in: 0...3, using: &generator) : -1
            segments.append(
                Segment(
                    line: line, column: column, source: unmapped ? -1 : Int32.random(in: 0...1, using: &generator),
                    originalLine: unmapped ? 0 : originalLine, originalColumn: unmapped ? 0 : originalColumn,
                    name: unmapped ? -1 : name))
        }
        expectEncodedAsTheFormatSays(segments)
    }

    /// Segments a little further apart (values within 511 of the one before, which the encoder writes in one or two
    /// digits on its short path since step 4t, and a few further, on the general path) encode as the format says.
    @Test(arguments: [1, 2, 50, 2_000])
    func nearSegmentsEncodeAsTheFormatSays(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) &+ 43)
        var segments: [Segment] = []
        var line: Int32 = 0, column: Int32 = 0, originalLine: Int32 = 300, originalColumn: Int32 = 600
        // Steps around the digit boundaries: 15 and 16 (one or two digits), 511 and 512 (two or three).
        let steps: [ClosedRange<Int32>] = [-17...17, -520...520, 14...17, -17...(-14), 509...513, -513...(-509)]
        for _ in 0..<count {
            if Int.random(in: 0..<40, using: &generator) == 0 {
                line += 1
                column = 0
            }
            column += Int32.random(in: steps[Int.random(in: 0..<steps.count, using: &generator)], using: &generator) & 0x3FF
            originalLine = max(
                0, originalLine + Int32.random(in: steps[Int.random(in: 0..<steps.count, using: &generator)], using: &generator))
            originalColumn = max(
                0, originalColumn + Int32.random(in: steps[Int.random(in: 0..<steps.count, using: &generator)], using: &generator))
            let unmapped = Int.random(in: 0..<30, using: &generator) == 0
            if unmapped, let last = segments.last, last.source < 0 { continue }
            let name: Int32 = Int.random(in: 0..<10, using: &generator) == 0 ? Int32.random(in: 0...600, using: &generator) : -1
            segments.append(
                Segment(
                    line: line, column: column, source: unmapped ? -1 : Int32.random(in: 0...20, using: &generator),
                    originalLine: unmapped ? 0 : originalLine, originalColumn: unmapped ? 0 : originalColumn,
                    name: unmapped ? -1 : name))
        }
        expectEncodedAsTheFormatSays(segments)
    }

    /// `segments` encoded (`PieceMappings`) are the text the source-map format gives them, written out here value by
    /// value, with their names, prefix, count and largest source as the encoder gives them.
    func expectEncodedAsTheFormatSays(_ segments: [Segment]) {
        var expected: [UInt8] = []
        var named: [PieceMappings.NamedSegment] = []
        var previous = (line: Int32(0), column: Int32(0), source: Int32(0), originalLine: Int32(0), originalColumn: Int32(0))
        var prefixEnd = 0, seenMapped = false
        for (index, segment) in segments.enumerated() {
            if segment.line > previous.line {
                expected.append(contentsOf: repeatElement(0x3B, count: Int(segment.line - previous.line)))
                previous.line = segment.line
                previous.column = 0
            } else if index > 0 {
                expected.append(0x2C)
            }
            Base64VLQ.encode(Int(segment.column - previous.column), into: &expected)
            previous.column = segment.column
            if segment.source >= 0 {
                Base64VLQ.encode(Int(segment.source - previous.source), into: &expected)
                Base64VLQ.encode(Int(segment.originalLine - previous.originalLine), into: &expected)
                Base64VLQ.encode(Int(segment.originalColumn - previous.originalColumn), into: &expected)
                (previous.source, previous.originalLine, previous.originalColumn) = (
                    segment.source, segment.originalLine, segment.originalColumn
                )
                if segment.name >= 0 { named.append(.init(offset: Int32(expected.count), name: segment.name)) }
            }
            if index == 0 || (segment.source >= 0 && !seenMapped) { prefixEnd = expected.count }
            if segment.source >= 0 { seenMapped = true }
        }
        let mappings = PieceMappings(segments)
        #expect(mappings.bytes == expected)
        #expect(mappings.namedSegments == named)
        #expect(mappings.prefixEnd == prefixEnd)
        #expect(mappings.count == segments.count)
        #expect(mappings.maxSource == segments.map(\.source).max() ?? -1)
        #expect(mappings.segments.map(Fields.init) == segments.map(Fields.init))
    }

    /// A segment's values, compared.
    struct Fields: Equatable {
        let values: [Int32]
        init(_ segment: Segment) {
            values = [segment.line, segment.column, segment.source, segment.originalLine, segment.originalColumn, segment.name]
        }
    }
}
