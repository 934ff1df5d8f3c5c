import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Every mapped token of a minified file is at the UTF-16 column its segment gives, after tokens of any length
/// (1 to 80 bytes, short and long copies) mixing ASCII with two-, three- and four-byte characters.
@Suite struct MinifiedColumnTests {
    private static let identifierParts = ["a", "b", "Z", "_", "$", "q9", "é", "ß", "中"]
    private static let stringParts = ["x", " ", "é", "中", "𝒳", "\\\"", "0"]

    private static func text(from parts: [String], first: String, length: Int, random: inout SeededGenerator) -> String {
        var text = first
        while text.utf8.count < length { text += parts[Int.random(in: 0..<parts.count, using: &random)] }
        return text
    }

    /// The bytes of `line` from the one at UTF-16 column `column` to the end of its token (at most).
    private static func token(in line: [UInt8], utf16Column column: Int) -> [UInt8]? {
        var units = 0
        var offset = 0
        while units < column, offset < line.count {
            let byte = line[offset]
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
            offset += 1
        }
        while offset < line.count, line[offset] & 0xC0 == 0x80 { offset += 1 }
        guard units == column, offset < line.count else { return nil }
        var end = offset + 1
        switch line[offset] {
        case 0x22:  // A string, to its closing quote.
            while end < line.count, !(line[end] == 0x22 && line[end - 1] != 0x5C) { end += 1 }
            end = min(end + 1, line.count)
        case 0x3B, 0x28, 0x29, 0x2C, 0x7B, 0x7D:  // A punctuator.
            break
        default:  // A name.
            let delimiters: Set<UInt8> = [0x3B, 0x28, 0x29, 0x2C, 0x22, 0x0A, 0x20, 0x7D]
            while end < line.count, !delimiters.contains(line[end]) { end += 1 }
        }
        return Array(line[offset..<end])
    }

    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func mappedTokensAreWhereTheirColumnsSay(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var source = ""
        for _ in 0..<300 {
            let name = Self.text(from: Self.identifierParts, first: "v", length: Int.random(in: 1...80, using: &random), random: &random)
            if Bool.random(using: &random) {
                let string = Self.text(from: Self.stringParts, first: "", length: Int.random(in: 0...80, using: &random), random: &random)
                // Single quotes: the strings hold `\"` only, so no pass rewrites them (a rewritten token's text differs).
                source += "\(name)('\(string)', \(name));"
            } else {
                source += "\(name);"
            }
            source += Int.random(in: 0..<4, using: &random) == 0 ? "\n" : " "
        }
        let input = BundleInput(displayPath: "a.js", bannerPath: "a.js", mapSourcePath: "a.js", bytes: Array(source.utf8))
        let piece = try #require(try BundleAssembler.minifiedFiles([input], mapping: true).first).piece
        let generatedLines = Self.lines(piece.code)
        let originalLines = Self.lines(Array(source.utf8))
        var checked = 0
        for segment in piece.segments where segment.source >= 0 {
            let generatedLine = try #require(generatedLines.indices.contains(Int(segment.line)) ? generatedLines[Int(segment.line)] : nil)
            let originalLine = try #require(
                originalLines.indices.contains(Int(segment.originalLine)) ? originalLines[Int(segment.originalLine)] : nil)
            let generated = Self.token(in: generatedLine, utf16Column: Int(segment.column))
            let original = Self.token(in: originalLine, utf16Column: Int(segment.originalColumn))
            #expect(generated != nil)
            #expect(generated == original)
            checked += 1
        }
        #expect(checked > 300)
    }
}
