import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct SyntaxPrinterMappingsTests {
    private static func mapping(_ k: Int) -> SyntaxNodeMapping {
        SyntaxNodeMapping(
            generatedLine: Int32(k / 7), generatedColumn: Int32(k % 7), originalLine: Int32(k * 3), originalColumn: Int32(k % 11),
            node: Int32(k), name: k % 5 == 0 ? Int32(k) : SyntaxNodeMapping.none)
    }

    /// Appended past the capacity it started with (so it grows, from empty and from a few) and with every third
    /// mapping replacing the one before it, the table holds what an array given the same steps holds.
    @Test(arguments: [0, 1, 3, 40])
    func holdsWhatAnArrayHolds(capacity: Int) {
        var table = SyntaxPrinterMappings(capacity: capacity)
        var expected: [SyntaxNodeMapping] = []
        for k in 0..<1_000 {
            let mapping = Self.mapping(k)
            if k % 3 == 2, !expected.isEmpty {
                #expect(table.last == expected[expected.count - 1])
                table.replaceLast(with: mapping)
                expected[expected.count - 1] = mapping
            } else {
                table.append(mapping)
                expected.append(mapping)
            }
        }
        #expect(table.count == expected.count)
        #expect(table.array == expected)
        // A copy shares the mappings written so far.
        let copy = table
        #expect(copy.array == expected)
    }
}
