import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `SourceMapBuilder.addSegments` encodes a minified piece's segments in one pass (in stretches): the mappings
/// must be those that adding each segment on its own gives.
@Suite struct SegmentEncodingTests {
    static func randomPiece(_ generator: inout SeededGenerator, count: Int) -> [MinifiedPiece.Segment] {
        var segments: [MinifiedPiece.Segment] = []
        var line: Int32 = 0
        var column: Int32 = 0
        for _ in 0..<count {
            if Int.random(in: 0..<10, using: &generator) == 0 {
                line += Int32.random(in: 1...3, using: &generator)
                column = 0
            }
            column += Int32.random(in: 0...40, using: &generator)
            let unmapped = Int.random(in: 0..<6, using: &generator) == 0
            segments.append(
                MinifiedPiece.Segment(
                    line: line, column: column, source: unmapped ? -1 : Int32.random(in: 0...1, using: &generator),
                    originalLine: Int32.random(in: 0...5000, using: &generator),
                    originalColumn: Int32.random(in: 0...300, using: &generator),
                    name: Int.random(in: 0..<4, using: &generator) == 0 ? Int32.random(in: 0...2, using: &generator) : -1))
        }
        return segments
    }

    /// Adds each segment on its own (what the composer did before `addSegments`).
    static func addOneByOne(
        _ segments: [MinifiedPiece.Segment], to map: inout SourceMapBuilder, line: Int, column: Int, sources: [Int], names: [Int],
        lastWasMapped: inout Bool
    ) {
        for segment in segments {
            let generatedLine = line + Int(segment.line)
            let generatedColumn = segment.line == 0 ? column + Int(segment.column) : Int(segment.column)
            let source = Int(segment.source)
            guard source >= 0, source < sources.count else {
                if lastWasMapped { map.addUnmapped(generatedLine: generatedLine, generatedColumn: generatedColumn) }
                lastWasMapped = false
                continue
            }
            let name = Int(segment.name)
            if name >= 0, name < names.count {
                map.addMapping(
                    generatedLine: generatedLine, generatedColumn: generatedColumn, source: sources[source],
                    originalLine: Int(segment.originalLine), originalColumn: Int(segment.originalColumn), name: names[name])
            } else {
                map.addMapping(
                    generatedLine: generatedLine, generatedColumn: generatedColumn, source: sources[source],
                    originalLine: Int(segment.originalLine), originalColumn: Int(segment.originalColumn))
            }
            lastWasMapped = true
        }
    }

    @Test(arguments: [1, 7, 5_000, 12_000])
    func piecesEncodeAsSegmentBySegment(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var together = SourceMapBuilder(), alone = SourceMapBuilder()
        var togetherMapped = true, aloneMapped = true
        var line = 1
        for piece in 0..<3 {
            let segments = Self.randomPiece(&generator, count: count)
            let sources = [piece * 2, piece * 2 + 1], names = [5, 0, piece]
            together.addSegments(segments, line: line, column: 17, sources: sources, names: names, lastWasMapped: &togetherMapped)
            Self.addOneByOne(segments, to: &alone, line: line, column: 17, sources: sources, names: names, lastWasMapped: &aloneMapped)
            line += Int(segments.last?.line ?? 0) + 1
        }
        #expect(together.encodedMappings == alone.encodedMappings)
        #expect(togetherMapped == aloneMapped)
    }
}
