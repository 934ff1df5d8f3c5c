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
              return inner === true || inner;
            }
            log(f(flag), { flag, other });
            """
        let input = BundleInput(displayPath: "a.js", bannerPath: "a.js", mapSourcePath: "a.js", bytes: Array(source.utf8))
        let piece = try #require(try BundleAssembler.minifiedFiles([input], mapping: true).first).piece
        let code = String(decoding: piece.code, as: UTF8.self)
        var checked = 0
        for (needle, original) in [("!0", "true"), ("!1", "false"), ("let", "const")] {
            let generated = Self.positions(of: needle, in: code)
            let originals = Self.positions(of: original, in: source)
            #expect(generated.count == originals.count, "\(needle) in \(code)")
            for (written, expected) in zip(generated, originals) {
                let segment = try #require(
                    piece.segments.first { Int($0.line) == written.line && Int($0.column) == written.column },
                    "no segment at \(needle) \(written)")
                #expect(segment.source == 0)
                #expect(Int(segment.originalLine) == expected.line && Int(segment.originalColumn) == expected.column)
                #expect(segment.name == -1)
                checked += 1
            }
        }
        #expect(checked == 7)
    }

    @Test func marksMergeTheAnalysisListsInTokenOrder() throws {
        let source = "function f() { const a = true; if (a) { return false } }\nconst top = 1; class C { m() {} }"
        let analysis = try JavaScriptParser.analyze(source)
        let tokens = analysis.tokens
        func text(_ mark: Int64) -> String {
            let token = tokens[Int(mark >> 2)]
            return String(decoding: Array(source.utf8)[token.start..<token.end], as: UTF8.self)
        }
        let local = TokenRewrites(analysis, topLevelConsts: false).marks
        #expect(local.last == Int64.max)
        let marks = local.dropLast()
        #expect(marks.map { $0 >> 2 } == marks.map { $0 >> 2 }.sorted())
        #expect(marks.map(text) == ["const", "true", "false", "}", "}", "}", "}"])
        #expect(
            marks.map { $0 & 3 } == [TokenRewrites.letKeyword, TokenRewrites.boolean, TokenRewrites.boolean]
                + Array(repeating: TokenRewrites.statementBrace, count: 4))
        // A prepared piece's top level is a function body: its `const` becomes `let` too.
        let all = TokenRewrites(analysis, topLevelConsts: true).marks.dropLast()
        #expect(all.filter { $0 & 3 == TokenRewrites.letKeyword }.map(text) == ["const", "const"])
    }

    @Test func placedMarksFollowWhereTheTokensWereWritten() throws {
        let analysis = try JavaScriptParser.analyze("x = true; y = false; z = true")
        let marks = TokenRewrites(analysis, topLevelConsts: true).marks.dropLast()
        #expect(marks.map { $0 >> 2 } == [2, 6, 10])
        // A generated token before everything, the second literal removed by an edit.
        var written = [Int32](repeating: -1, count: analysis.tokens.count)
        for token in analysis.tokens.indices where token != 6 { written[token] = Int32(token + 1) }
        let placed = TokenRewrites(analysis, topLevelConsts: true).placed(by: written).marks
        #expect(placed == [3 << 2 | TokenRewrites.boolean, 11 << 2 | TokenRewrites.boolean, Int64.max])
    }
}
