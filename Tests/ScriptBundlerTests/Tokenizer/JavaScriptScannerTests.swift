import Testing

@testable import ScriptBundler

@Suite struct JavaScriptScannerTests {
    private static func isIdentifierPart(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24
    }

    /// Every byte value in every position of a word, next to bytes of either kind, is marked exactly when it is
    /// not an ASCII identifier part.
    @Test func nonIdentifierPartBytesMarksEachByte() {
        var wrong: [(UInt8, Int, UInt8)] = []
        for filler: UInt8 in [0x61, 0x2E, 0xFF, 0x7F, 0x00] {
            for position in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    let marks = JavaScriptScanner.nonIdentifierPartBytes(word)
                    for k in 0..<8 {
                        let marked = (marks >> UInt64(8 * k)) & 0xFF
                        let expected: UInt64 = Self.isIdentifierPart(bytes[k]) ? 0 : 0x80
                        if marked != expected { wrong.append((filler, position, UInt8(value))) }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Names longer than a word, ending at every byte offset of a word, and near the end of the source.
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
