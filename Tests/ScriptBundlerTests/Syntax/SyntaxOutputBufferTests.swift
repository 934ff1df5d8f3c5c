import Testing

@testable import ScriptBundler

@Suite struct SyntaxOutputBufferTests {
    /// Lines and UTF-16 columns counted a byte at a time, as `advance(from:to:line:column:)` must count them.
    private static func counted(_ bytes: [UInt8], from start: Int) -> (line: Int, column: Int) {
        var (line, column) = (0, 0)
        var i = start
        while i < bytes.count {
            let length = LineTerminator.length(bytes, at: i, end: bytes.count)
            if length > 0 {
                i += length
                line += 1
                column = 0
            } else {
                column += SyntaxPrintedMapping.utf16Units(bytes[i])
                i += 1
            }
        }
        return (line, column)
    }

    /// From every offset of every prefix of a text with tabs, line terminators and non-ASCII characters (so that
    /// fewer than eight bytes, and eight or more, are left to count), the position is the one counted byte by byte.
    @Test func advanceCountsLikeBytes() {
        let text = Array("a(b,c)=>{\treturn\"é\"}\nx=1;\r\ny=\u{2028}z+😀;if(q)w\rlast_of_them;".utf8)
        var wrong: [(Int, Int)] = []
        for length in 0...text.count {
            let bytes = Array(text[..<length])
            var buffer = SyntaxOutputBuffer(capacity: 4)
            buffer.append(contentsOf: bytes)
            for start in 0...length {
                var (line, column) = (0, 0)
                buffer.advance(from: start, to: length, line: &line, column: &column)
                let expected = Self.counted(bytes, from: start)
                if line != expected.line || column != expected.column { wrong.append((length, start)) }
            }
        }
        // And up to an end before the last byte written (the printer counts a piece without its closing line break).
        var buffer = SyntaxOutputBuffer(capacity: 4)
        buffer.append(contentsOf: text)
        for end in 0...text.count {
            for start in 0...end {
                var (line, column) = (0, 0)
                buffer.advance(from: start, to: end, line: &line, column: &column)
                let expected = Self.counted(Array(text[..<end]), from: start)
                if line != expected.line || column != expected.column { wrong.append((end, start)) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
