import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// An intermediate map (segments kept as numbers) must describe exactly what an encoded map does.
@Suite struct SourceMapSegmentsTests {
    private static func fill(_ builder: inout SourceMapBuilder) {
        let a = builder.addSource("a.js", content: Array("x\n".utf8))
        let b = builder.addSource("b.js", content: Array("y\n".utf8))
        builder.addUnmapped(generatedLine: 0, generatedColumn: 0)
        builder.addMapping(generatedLine: 1, generatedColumn: 0, source: a, originalLine: 0, originalColumn: 0)
        builder.addMapping(generatedLine: 1, generatedColumn: 7, source: a, originalLine: 0, originalColumn: 7)
        builder.addUnmapped(generatedLine: 1, generatedColumn: 9)
        builder.addMapping(generatedLine: 4, generatedColumn: 2, source: b, originalLine: 3, originalColumn: 1)
        builder.addMapping(generatedLine: 5, generatedColumn: 0, source: a, originalLine: 9, originalColumn: 0)
    }

    @Test func encodedIntermediateEqualsDirectlyEncodedMap() {
        var direct = SourceMapBuilder()
        Self.fill(&direct)
        var intermediate = SourceMapBuilder.intermediate()
        Self.fill(&intermediate)
        #expect(intermediate.encodedMappings.isEmpty)
        #expect(direct.decodedSegments == nil)
        #expect(intermediate.encoded().json(file: "o.js") == direct.json(file: "o.js"))
    }

    @Test(arguments: [(0, 0), (1, 0), (1, 7), (1, 9), (1, 8), (2, 0), (4, 2), (4, 3), (5, 0), (6, 0)])
    func lookupAgreesWithDecodedMappings(_ line: Int, _ column: Int) throws {
        var direct = SourceMapBuilder()
        Self.fill(&direct)
        var intermediate = SourceMapBuilder.intermediate()
        Self.fill(&intermediate)
        let decoded = MappingLookup(mappings: direct.encodedMappings)
        let segments = try #require(intermediate.decodedSegments)
        let kept = MappingLookup(segments: segments)
        var first = MappingLookup.Cursor(), second = MappingLookup.Cursor()
        let expected = decoded.original(line: line, column: column, cursor: &first)
        let actual = kept.original(line: line, column: column, cursor: &second)
        #expect(actual?.source == expected?.source)
        #expect(actual?.line == expected?.line)
        #expect(actual?.column == expected?.column)
        if line == 1 && column == 7 { #expect(actual?.column == 7) }
    }
}
