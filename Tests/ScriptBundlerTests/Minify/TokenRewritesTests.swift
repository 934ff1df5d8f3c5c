import Testing
@testable import ScriptBundler

/// Tokens written shorter (`!0`, `!1`, `let`) map to the token they replace, with no name, and a prepared piece
/// finds its rewrites through its source tokens.
@Suite struct TokenRewritesTests {
    /// 0-based line and column (ASCII text) of each occurrence of `needle` in `text`.
    static func positions(of needle: String, in text: String) -> [(line: Int, column: Int)] {
        var result: [(line: Int, column: Int)] = []
        for (line, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(content.utf8), pattern = Array(needle.utf8)
            guard bytes.count >= pattern.count else { continue }
            for column in 0...(bytes.count - pattern.count) where Array(bytes[column..<(column + pattern.count)]) == pattern {
                result.append((line, column))
            }
        }
        return result
    }

    @Test func rewrittenTokensMapToTheTokensTheyReplace() throws {
        let source = """
        const flag = true, other = false;
        function f(a) {
          const inner = a ? false : true;
          return inner === true;
        }
        log(f(flag), other);
        """
        let input = BundleInput(displayPath: "a.js", bannerPath: "a.js", mapSourcePath: "a.js", bytes: Array(source.utf8))
        let piece = try #require(try BundleAssembler.minifiedFiles([input], mapping: true).first)
        let code = String(decoding: piece.code, as: UTF8.self)
        var checked = 0
        for (needle, original) in [("!0", "true"), ("!1", "false"), ("let", "const")] {
            let generated = Self.positions(of: needle, in: code)
            let originals = Self.positions(of: original, in: source)
            #expect(generated.count == originals.count, "\(needle) in \(code)")
            for (written, expected) in zip(generated, originals) {
                let segment = try #require(piece.segments.first { Int($0.line) == written.line && Int($0.column) == written.column },
                                           "no segment at \(needle) \(written)")
                #expect(segment.source == 0)
                #expect(Int(segment.originalLine) == expected.line && Int(segment.originalColumn) == expected.column)
                #expect(segment.name == -1)
                checked += 1
            }
        }
        #expect(checked == 7)
    }

    @Test func pieceIndexesFollowTheSourceTokens() {
        // Source tokens 0...5 written as piece tokens 1...6 with a generated token at 0 and source token 3 removed.
        let sourceTokens: [Int32] = [-1, 0, 1, 2, 4, -1, 5]
        #expect(TokenRewrites.pieceIndexes(of: [1, 3, 5], in: sourceTokens) == [2, 6])
        #expect(TokenRewrites.pieceIndexes(of: [], in: sourceTokens) == [])
        #expect(TokenRewrites.pieceIndexes(of: [0, 4], in: sourceTokens) == [1, 4])
    }
}
