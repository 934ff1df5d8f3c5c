import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

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

    /// Appends of every length up to 40 bytes (one byte at a time, half words and words that overlap, `memcpy`) at
    /// every offset keep the bytes as they are, and leave the bytes after them alone.
    @Test func appendsOfEveryLengthCopyExactly() {
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for offset in 0..<12 {
            for length in 0...40 {
                var buffer = SyntaxOutputBuffer(capacity: 4)
                let prefix = [UInt8](repeating: 0xAA, count: offset)
                buffer.append(contentsOf: prefix)
                buffer.append(source, from: 3, to: 3 + length)
                buffer.append(0xBB)
                #expect(buffer.bytes == prefix + source[3..<(3 + length)] + [0xBB], "offset \(offset), length \(length)")
            }
        }
    }

    /// The bit masks of `SyntaxPrinter.isWordByte` say what the range tests said, for every byte.
    @Test func wordBytesAreTheRangeTests() {
        for value in 0...255 {
            let b = UInt8(value)
            let expected =
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b == 0x5C
                || b >= 0x80
            #expect(SyntaxPrinter.isWordByte(b) == expected, "byte \(value)")
        }
    }

    /// `needsSpace(before:)` after every byte, before every byte, is what the word test and the joining pairs say.
    @Test func spaceIsNeededExactlyWhereBytesJoin() {
        let pairs: Set<[UInt8]> = [[0x2B, 0x2B], [0x2D, 0x2D], [0x2F, 0x2F], [0x2F, 0x2A], [0x3C, 0x21], [0x2D, 0x3E]]
        var wrong: [(Int, Int)] = []
        for last in 0...255 {
            var buffer = SyntaxOutputBuffer(capacity: 4)
            buffer.append(UInt8(last))
            for first in 0...255 {
                let (l, f) = (UInt8(last), UInt8(first))
                let expected = (SyntaxPrinter.isWordByte(l) && SyntaxPrinter.isWordByte(f)) || pairs.contains([l, f])
                if buffer.needsSpace(before: f) != expected { wrong.append((last, first)) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(!SyntaxOutputBuffer(capacity: 4).needsSpace(before: 0x61))
    }
}
