import Testing

@testable import ScriptBundler

@Suite struct JavaScriptScannerTests {
    /// Names of every length up to 20, ending at the end of the source, before punctuation, a non-ASCII letter or an
    /// escape.
    @Test func longNamesEndWhereTheyEnd() throws {
        for length in 1...20 {
            let name = String(repeating: "aZ_$9", count: 4).prefix(length)
            for source in ["x\(name).y", "x\(name)", "x\(name)é", "x\(name)\\u0041", "x\(name)-1"] {
                let tokens = try JavaScriptTokenizer.tokenize(Array(source.utf8), includeComments: false).tokens
                let first = try #require(tokens.first)
                let expectedEnd = source.hasSuffix("é") || source.hasSuffix("\\u0041") ? source.utf8.count : 1 + length
                #expect(first.start == 0 && first.end == expectedEnd, "\(source)")
            }
        }
    }
}
