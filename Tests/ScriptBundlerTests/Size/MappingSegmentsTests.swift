import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct MappingSegmentsTests {
    @Test func decodesGeneratedPositionsAndSources() throws {
        // Line 0: unmapped at 0, source 0 at 1, source 1 at 3; line 1: source 1 at 2 (a five-field segment).
        let decoded = try #require(MappingSegments(mappings: Array("A,CAAA,ECAA;EAAAA".utf8)))
        #expect(
            decoded.segments == [
                .init(line: 0, column: 0, source: -1), .init(line: 0, column: 1, source: 0), .init(line: 0, column: 3, source: 1),
                .init(line: 1, column: 2, source: 1),
            ])
    }

    @Test func sortsALinesSegmentsByColumn() throws {
        // Column 4 (source 0), then column 1 (delta -3, source 1).
        let decoded = try #require(MappingSegments(mappings: Array("IAAA,HCAA".utf8)))
        #expect(decoded.segments.map(\.column) == [1, 4])
        #expect(decoded.segments.map(\.source) == [1, 0])
    }

    @Test(arguments: ["AA", "AAA", "A!AA", "DAAA", "ADAA", "g"])
    func refusesMalformedMappings(_ mappings: String) {
        #expect(MappingSegments(mappings: Array(mappings.utf8)) == nil)
    }
}
