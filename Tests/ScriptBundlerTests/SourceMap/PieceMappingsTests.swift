import Testing

@testable import ScriptBundler

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

    /// A segment's values, compared.
    struct Fields: Equatable {
        let values: [Int32]
        init(_ segment: Segment) {
            values = [segment.line, segment.column, segment.source, segment.originalLine, segment.originalColumn, segment.name]
        }
    }
}
