import Testing

@testable import ScriptBundler

/// `StringQuotes`: a `\n` escape costs a byte more than the line break a template literal holds, so a string with
/// more of them than characters a template would escape is written as a template where one may stand.
@Suite struct StringQuotesTests {
    @Test(arguments: [
        ("x = \"a\\nb\"", "x=`a\nb`"),
        ("x = 'a\\n\\nb\"'", "x=`a\n\nb\"`"),
        // `\r` stays an escape (a template reads a raw carriage return as a line feed).
        ("x = \"a\\r\\nb\"", "x=`a\\r\nb`"),
        ("f(\"a\\nb\", `c`)", "f(`a\nb`,`c`)"),
        // No gain: as many characters to escape in a template as `\n` saved.
        ("x = \"a\\n`b\"", "x=\"a\\n`b\""),
        ("x = \"a\\n${b}\"", "x=\"a\\n${b}\""),
        // Not where a template could tag the expression before it, be a key or `case` label, or a directive.
        ("x = {\"a\\nb\": 1}", "x={\"a\\nb\":1}"),
        ("switch (x) { case \"a\\nb\": y() }", "switch(x){case\"a\\nb\":y()}"),
        ("\"a\\nb\"; x()", "\"a\\nb\";x()"),
        // Escapes that read differently in a template keep the string.
        ("x = \"\\1\\n\"", "x=\"\\1\\n\""),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    /// A template's line break is no line of the source: nothing on the line after it maps to the line after the
    /// string in the source, and every mapped word there is the word its segment names.
    @Test func theLineAfterAWrittenLineBreakMapsExactly() throws {
        let source = "x = \"one\\ntwo\" + tail;\nyes = zed;\n"
        let input = BundleInput(displayPath: "a.js", bannerPath: "a.js", mapSourcePath: "a.js", bytes: Array(source.utf8))
        let piece = try #require(try BundleAssembler.minifiedFiles([input], mapping: true).first).piece
        let code = String(decoding: piece.code, as: UTF8.self)
        try #require(code.hasPrefix("x=`one\ntwo`+tail;yes=zed"), "\(code)")
        let generatedLines = code.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        func word(_ line: [UInt8], at column: Int) -> String {
            var end = column
            while end < line.count, line[end] >= 0x61 && line[end] <= 0x7A { end += 1 }
            return String(decoding: line[column..<end], as: UTF8.self)
        }
        var wordsOnSecondLine: [String] = []
        for segment in piece.segments where segment.source >= 0 {
            let generated = word(generatedLines[Int(segment.line)], at: Int(segment.column))
            let original = word(sourceLines[Int(segment.originalLine)], at: Int(segment.originalColumn))
            #expect(generated == original, "segment at \(segment.line):\(segment.column) maps \(generated) to \(original)")
            if segment.line == 1 { wordsOnSecondLine.append(generated) }
        }
        // `tail`, `yes` and `zed` are mapped, on the template's second line.
        #expect(["tail", "yes", "zed"].allSatisfy(wordsOnSecondLine.contains), "\(wordsOnSecondLine)")
    }
}
