import WKPackSupport

/// One mapping `SyntaxPrinter` recorded while printing: where a node's printed text starts in the output and
/// where the node starts in its source. Lines are 0-based and columns count UTF-16 code units, as Source Map v3
/// does; line terminators are ECMAScript's (LF, CR, CR LF, U+2028, U+2029) on both sides.
public struct SyntaxPrintedMapping: Sendable, Equatable {
    /// 0-based line in the printed output.
    public var generatedLine: Int
    /// 0-based column in the printed output, in UTF-16 code units.
    public var generatedColumn: Int
    /// Byte offset of the node's start in the source.
    public var originalOffset: Int
    /// 0-based line of `originalOffset` in the source.
    public var originalLine: Int
    /// 0-based column of `originalOffset` in the source, in UTF-16 code units.
    public var originalColumn: Int
    /// The identifier's source text when the printed identifier differs from it (a built or renamed name);
    /// `nil` otherwise.
    public var name: String?

    /// Creates a mapping.
    public init(
        generatedLine: Int, generatedColumn: Int, originalOffset: Int, originalLine: Int, originalColumn: Int,
        name: String? = nil
    ) {
        self.generatedLine = generatedLine
        self.generatedColumn = generatedColumn
        self.originalOffset = originalOffset
        self.originalLine = originalLine
        self.originalColumn = originalColumn
        self.name = name
    }

    /// Adds `mappings` (in generated order, as the printer returns them) to `builder` as mappings into its
    /// source `source` (an index from `SourceMapBuilder.addSource`), with their names.
    public static func add(_ mappings: [SyntaxPrintedMapping], source: Int, to builder: inout SourceMapBuilder) {
        builder.reserveCapacity(segments: mappings.count)
        for mapping in mappings {
            if let name = mapping.name {
                builder.addMapping(
                    generatedLine: mapping.generatedLine, generatedColumn: mapping.generatedColumn, source: source,
                    originalLine: mapping.originalLine, originalColumn: mapping.originalColumn, name: builder.addName(name))
            } else {
                builder.addMapping(
                    generatedLine: mapping.generatedLine, generatedColumn: mapping.generatedColumn, source: source,
                    originalLine: mapping.originalLine, originalColumn: mapping.originalColumn)
            }
        }
    }

    /// The number of UTF-16 code units of UTF-8 byte `byte` (0 for a continuation byte, 2 for the lead of a
    /// four-byte sequence).
    @inline(__always)
    static func utf16Units(_ byte: UInt8) -> Int {
        if byte < 0x80 { return 1 }
        if byte < 0xC0 { return 0 }
        return byte >= 0xF0 ? 2 : 1
    }

    /// The number of UTF-16 code units of `bytes[start..<end]` (whole UTF-8 sequences; no line terminator in it).
    static func utf16Units(of bytes: [UInt8], from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        return bytes.withUnsafeBufferPointer { buffer in
            var units = 0
            var i = start
            // ASCII, the common case: eight bytes at a time, one unit each.
            while i + 8 <= end {
                guard let base = buffer.baseAddress else { break }
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                guard word & 0x8080_8080_8080_8080 == 0 else { break }
                units += 8
                i += 8
            }
            while i < end {
                units += utf16Units(buffer[i])
                i += 1
            }
            return units
        }
    }

    /// Calls `body` with the offset after each line terminator in `bytes[start..<end]`, in order. Only LF, CR and
    /// the first byte of U+2028 and U+2029 start one: words of eight bytes without those are skipped whole.
    @inline(__always)
    package static func forEachLineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, _ body: (Int) -> Void) {
        var i = start
        while i < end {
            if i + 8 <= end, endsNoLine(bytes, at: i) {
                i += 8
                continue
            }
            let b = bytes[i]
            guard b == 0x0A || b == 0x0D || b == 0xE2 else {
                i += 1
                continue
            }
            let length = LineTerminator.length(bytes, at: i, end: end)
            if length > 0 {
                i += length
                body(i)
            } else {
                i += 1
            }
        }
    }

    /// Whether none of the eight bytes at `i` (`i + 8 <= bytes.count`) can start a line terminator (LF, CR, or the
    /// first byte of U+2028 and U+2029).
    @inline(__always)
    static func endsNoLine(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            return ~(((word & low) &+ low) | word | low)
        }
        return zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D) | zeroBytes(word ^ 0xE2E2_E2E2_E2E2_E2E2)
            == 0
    }
}

/// Line and UTF-16 column of byte offsets in a source, from a table of line starts made once.
struct SyntaxLineTable {
    package let source: [UInt8]
    /// The byte offset where each line starts (the first is 0).
    package private(set) var lineStarts: [Int] = [0]

    package init(_ source: [UInt8]) {
        self.source = source
        var starts: [Int] = [0]
        source.withUnsafeBufferPointer { bytes in
            SyntaxPrintedMapping.forEachLineEnd(in: bytes, from: 0, to: bytes.count) { starts.append($0) }
        }
        lineStarts = starts
    }

    /// The last position asked for: a later offset on the same line counts its column on from there, so a long
    /// line is not counted from its start for every mapping on it.
    private var last: (offset: Int, line: Int, column: Int) = (0, 0, 0)

    /// The 0-based line and UTF-16 column of byte `offset`.
    package mutating func position(of offset: Int) -> (line: Int, column: Int) {
        let end = min(offset, source.count)
        var line: Int
        var column = 0
        var i: Int
        // A later offset is mostly on the line of the last one or a few lines on (the printer maps nodes in about source
        // order): those lines are stepped over, not searched for.
        var next = last.line
        if end >= last.offset {
            let limit = min(last.line + 8, lineStarts.count - 1)
            while next < limit, lineStarts[next + 1] <= end { next += 1 }
        }
        if end >= last.offset, next + 1 >= lineStarts.count || end < lineStarts[next + 1] {
            if next == last.line {
                (line, column, i) = (last.line, last.column, last.offset)
            } else {
                (line, i) = (next, lineStarts[next])
            }
        } else if end < last.offset, end >= lineStarts[last.line], last.offset - end < end - lineStarts[last.line] {
            // A little before the last position on its line (a parent mapped after its first child): counted back
            // from there, not on from the line's start (UTF-16 units add up over byte ranges).
            last = (end, last.line, last.column - SyntaxPrintedMapping.utf16Units(of: source, from: end, to: last.offset))
            return (last.line, last.column)
        } else {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            (line, i) = (low, lineStarts[low])
        }
        if end - i < 32 {
            // Mostly a few bytes after the last position asked for.
            column += source.withUnsafeBufferPointer { bytes in
                var units = 0
                while i < end {
                    units += SyntaxPrintedMapping.utf16Units(bytes[i])
                    i += 1
                }
                return units
            }
        } else {
            column += SyntaxPrintedMapping.utf16Units(of: source, from: i, to: end)
        }
        last = (end, line, column)
        return (line, column)
    }
}
