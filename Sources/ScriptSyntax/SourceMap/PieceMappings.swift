/// A minified piece's mappings, encoded as the piece is written: source-map `mappings` text (base64 VLQ, `,`
/// between segments, `;` per line) for the piece on its own, every value a delta from the previous segment's in the
/// piece, the first from zero (columns from the line's start, on line 0 from where the piece starts; sources index
/// the piece's list). Names are kept apart (`namedSegments`): a bundle's map numbers them its own way (one entry per
/// distinct name), so their deltas are written there. About 5 bytes a segment instead of 24 for the numbers, and a
/// bundle's map takes the rest as it is: only the first segments, up to the first mapped one, depend on what
/// precedes the piece in the bundle (`SourceMapBuilder.addPiece`).
@usableFromInline package struct PieceMappings: Sendable, Equatable {
    /// One mapping segment of a piece. `line` counts from the piece's first line; on line 0, `column` is relative
    /// to the column where the piece is appended.
    package struct Segment: Sendable {
        package var line: Int32
        package var column: Int32
        /// Index into the piece's sources; -1 for an unmapped segment.
        package var source: Int32
        package var originalLine: Int32
        package var originalColumn: Int32
        /// Index into the piece's names; -1 when the segment names nothing.
        package var name: Int32

        /// Made from every stored property (the memberwise initializer, for the stages above).
        package init(line: Int32, column: Int32, source: Int32, originalLine: Int32, originalColumn: Int32, name: Int32) {
            self.line = line
            self.column = column
            self.source = source
            self.originalLine = originalLine
            self.originalColumn = originalColumn
            self.name = name
        }
    }

    /// The encoded segments.
    @usableFromInline package internal(set) var bytes: [UInt8] = []
    /// The number of segments.
    @usableFromInline package internal(set) var count = 0
    /// The end of the segments whose encoding depends on the mappings before the piece (the first segment and the
    /// first mapped one): the bytes from here on are the same in any bundle (but for names).
    @usableFromInline package internal(set) var prefixEnd = 0
    /// A named segment: where its name's value goes (the end of its other values in `bytes`), and the name's index
    /// in the piece's list.
    @usableFromInline package struct NamedSegment: Sendable, Equatable {
        @usableFromInline package var offset: Int32
        @usableFromInline package var name: Int32

        /// Made from every stored property (the memberwise initializer, for the stages above).
        @inlinable package init(offset: Int32, name: Int32) {
            self.offset = offset
            self.name = name
        }
    }
    /// The named segments, in order.
    @usableFromInline package internal(set) var namedSegments: [NamedSegment] = []
    /// The last segment's values (the encoder's state): its line, column, and the last mapped segment's source and
    /// original position.
    @usableFromInline package internal(set) var line: Int32 = 0
    @usableFromInline package internal(set) var column: Int32 = 0
    @usableFromInline package internal(set) var source: Int32 = 0
    @usableFromInline package internal(set) var originalLine: Int32 = 0
    @usableFromInline package internal(set) var originalColumn: Int32 = 0
    /// The largest source and name index used (-1 for none).
    @usableFromInline package internal(set) var maxSource: Int32 = -1
    @usableFromInline package internal(set) var maxName: Int32 = -1
    /// Whether the last segment is mapped.
    @usableFromInline package internal(set) var lastIsMapped = false

    package init() {}

    /// Encodes `segments` (see `Segment`).
    package init(_ segments: [Segment]) {
        var encoder = Encoder()
        for segment in segments { encoder.append(segment) }
        self = encoder.finish()
    }

    /// Whether the piece has a mapped segment (and so `source` and the original position mean something).
    var hasMapped: Bool { maxSource >= 0 }
    /// The segments, decoded (each value absolute again); empty if the bytes are not what an encoder wrote.
    package var segments: [Segment] {
        var result: [Segment] = []
        result.reserveCapacity(count)
        bytes.withUnsafeBufferPointer { bytes in
            var decoder = Decoder(bytes, named: namedSegments)
            while let segment = decoder.next() { result.append(segment) }
            if !decoder.isValid { result = [] }
        }
        return result
    }

    /// The segment that starts after byte `end` (the end of a segment, or 0), if any: the offset of its first value
    /// and its line, given `line`, the line of the segment ending at `end` (0 for none).
    package func segment(after end: Int, line: Int32) -> (offset: Int, line: Int32)? {
        var offset = end
        var line = line
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x3B: line += 1
            case 0x2C: break
            default: return (offset, line)
            }
            offset += 1
        }
        return nil
    }

    /// These mappings with the column of the segments starting at the given offsets (from `segment(after:line:)`,
    /// ascending, each once) moved by the given amounts, and the last segment's column by `lastColumnMove` (the
    /// moves of the segments on its line before it and its own, added up); `nil` if a column cannot be read there.
    package func movingColumns(_ moves: [(offset: Int, delta: Int)], lastColumnMove: Int) -> PieceMappings? {
        guard !moves.isEmpty else {
            var moved = self
            moved.column = Int32(truncatingIfNeeded: Int(column) + lastColumnMove)
            return moved
        }
        var moved = self
        var growths: [(offset: Int, growth: Int)] = []
        growths.reserveCapacity(moves.count)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + moves.count * Base64VLQ.maximumDigits)
        var copied = 0
        var prefixGrowth = 0
        var valid = true
        bytes.withUnsafeBufferPointer { bytes in
            var digits = [UInt8](repeating: 0, count: Base64VLQ.maximumDigits)
            for move in moves {
                guard move.offset >= copied, move.offset < bytes.count else {
                    valid = false
                    return
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<move.offset]))
                var end = move.offset
                var value = 0
                var shift = 0
                var complete = false
                while end < bytes.count {
                    let digit = Base64VLQ.value(of: bytes[end])
                    end += 1
                    guard digit >= 0, shift <= 30 else { break }
                    value |= (digit & 31) << shift
                    shift += 5
                    if digit & 32 == 0 {
                        complete = true
                        break
                    }
                }
                guard complete else {
                    valid = false
                    return
                }
                let decoded = value & 1 == 1 ? -(value >> 1) : value >> 1
                let length = digits.withUnsafeMutableBufferPointer { Base64VLQ.encode(decoded + move.delta, into: $0, at: 0) }
                result.append(contentsOf: digits[0..<length])
                let growth = length - (end - move.offset)
                if move.offset < prefixEnd { prefixGrowth += growth }
                growths.append((move.offset, growth))
                copied = end
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
        guard valid else { return nil }
        // A named segment's name goes after its column: it moves with the bytes of the columns written before it.
        var shift = 0
        var g = 0
        for k in moved.namedSegments.indices {
            while g < growths.count, growths[g].offset < Int(moved.namedSegments[k].offset) {
                shift += growths[g].growth
                g += 1
            }
            moved.namedSegments[k].offset += Int32(truncatingIfNeeded: shift)
        }
        moved.bytes = result
        moved.prefixEnd = prefixEnd + prefixGrowth
        moved.column = Int32(truncatingIfNeeded: Int(column) + lastColumnMove)
        return moved
    }

    /// Writes a piece's segments in order into a buffer of its own, then hands them over in an array of their size.
    @usableFromInline package struct Encoder {
        @usableFromInline var storage: UnsafeMutablePointer<UInt8>?
        @usableFromInline var capacity = 0
        @usableFromInline var written = 0
        @usableFromInline var result = PieceMappings()
        /// The named segments, written through a pointer and handed over as `result.namedSegments` by `finish()`
        /// (step 4w: an `Array` append per named segment tested the array's uniqueness by a call, about 60
        /// instructions a named segment).
        @usableFromInline var named: UnsafeMutablePointer<NamedSegment>?
        @usableFromInline var namedCount = 0
        @usableFromInline var namedCapacity = 0

        package init() {}

        /// The number of segments appended (dropped ones not counted).
        @inlinable package var count: Int { result.count }
        /// The line of the last segment appended.
        @inlinable package var line: Int32 { result.line }
        /// The number of bytes written so far.
        @inlinable package var byteCount: Int { written }

        /// Makes room for about `segments` segments.
        package mutating func reserveCapacity(segments: Int) {
            ensure(segments * 6 + 16)
        }

        /// Appends a segment (unmapped: `source` < 0; unnamed: `name` < 0) at `line`/`column` of the piece, not
        /// before the previous one. An unmapped segment right after another is dropped: a map marks unmapped code
        /// once (the composer would drop it too).
        ///
        /// Most segments of minified code are mapped, on the line of the one before, after a mapped one, with every
        /// value within 15 of the one before: `,` and four one-digit values (and a name's index noted after them),
        /// written here inline by the writer's call, without the general path's line breaks and prefix. Values within
        /// 511 take one or two digits each, also written here (step 4t: the original column moves by more than 15 at
        /// most of the other segments, which the general path wrote in about 180 instructions a segment).
        @inline(__always)
        @inlinable package mutating func append(
            line: Int32, column: Int32, source: Int32, originalLine: Int32, originalColumn: Int32, name: Int32
        ) {
            // A mapped segment was appended (`maxSource`) only when some segment was (`count`).
            if source >= 0, line == result.line, result.maxSource >= 0, written &+ 9 <= capacity, let storage {
                let values = (
                    Self.digitValue(Int(column) &- Int(result.column)), Self.digitValue(Int(source) &- Int(result.source)),
                    Self.digitValue(Int(originalLine) &- Int(result.originalLine)),
                    Self.digitValue(Int(originalColumn) &- Int(result.originalColumn))
                )
                let all = values.0 | values.1 | values.2 | values.3
                if all < 32 {
                    storage[written] = 0x2C
                    storage[written &+ 1] = Base64VLQ.digit(values.0)
                    storage[written &+ 2] = Base64VLQ.digit(values.1)
                    storage[written &+ 3] = Base64VLQ.digit(values.2)
                    storage[written &+ 4] = Base64VLQ.digit(values.3)
                    written &+= 5
                    noteMapped(column: column, source: source, originalLine: originalLine, originalColumn: originalColumn, name: name)
                    return
                }
                if all < 1024 {
                    storage[written] = 0x2C
                    var index = written &+ 1
                    index = Self.writeShort(values.0, into: storage, at: index)
                    index = Self.writeShort(values.1, into: storage, at: index)
                    index = Self.writeShort(values.2, into: storage, at: index)
                    index = Self.writeShort(values.3, into: storage, at: index)
                    written = index
                    noteMapped(column: column, source: source, originalLine: originalLine, originalColumn: originalColumn, name: name)
                    return
                }
            }
            appendAnyway(line: line, column: column, source: source, originalLine: originalLine, originalColumn: originalColumn, name: name)
        }

        /// Writes VLQ value `value` (below 1024: one or two digits) at `index` of `storage`; the index after it.
        @inline(__always)
        @inlinable static func writeShort(_ value: Int, into storage: UnsafeMutablePointer<UInt8>, at index: Int) -> Int {
            if value < 32 {
                storage[index] = Base64VLQ.digit(value)
                return index &+ 1
            }
            storage[index] = Base64VLQ.digit((value & 31) | 32)
            storage[index &+ 1] = Base64VLQ.digit(value &>> 5)
            return index &+ 2
        }

        /// The state after a mapped segment on the line of the one before, after a mapped one, written by `append`.
        @inline(__always)
        @inlinable mutating func noteMapped(column: Int32, source: Int32, originalLine: Int32, originalColumn: Int32, name: Int32) {
            result.column = column
            result.source = source
            result.originalLine = originalLine
            result.originalColumn = originalColumn
            if source > result.maxSource { result.maxSource = source }
            if name >= 0 { appendNamed(offset: written, name: name) }
            result.count &+= 1
            result.lastIsMapped = true
        }

        /// Notes a named segment whose name's value goes at `offset` of the bytes.
        @inline(__always)
        @inlinable mutating func appendNamed(offset: Int, name: Int32) {
            if namedCount == namedCapacity { growNamed() }
            if let named { (named + namedCount).initialize(to: NamedSegment(offset: Int32(truncatingIfNeeded: offset), name: name)) }
            namedCount &+= 1
            if name > result.maxName { result.maxName = name }
        }

        @inline(never)
        @usableFromInline mutating func growNamed() {
            let larger = max(64, namedCapacity * 2)
            let grown = UnsafeMutablePointer<NamedSegment>.allocate(capacity: larger)
            if let named {
                grown.initialize(from: named, count: namedCount)
                named.deallocate()
            }
            named = grown
            namedCapacity = larger
        }

        /// The VLQ value of `delta` (sign in the low bit): below 32, one base64 digit, when `delta` is within 15.
        @inline(__always)
        @inlinable static func digitValue(_ delta: Int) -> Int {
            delta < 0 ? ((0 &- delta) &<< 1) | 1 : delta &<< 1
        }

        /// `append` for any segment.
        @inline(never)
        @usableFromInline mutating func appendAnyway(
            line: Int32, column: Int32, source: Int32, originalLine: Int32, originalColumn: Int32, name: Int32
        ) {
            let isMapped = source >= 0
            if !isMapped, result.count > 0, !result.lastIsMapped { return }
            let newLines = Int(max(0, line - result.line))
            // A separator per line moved to (or a comma), a column and four values of at most 13 digits each.
            ensure(written + newLines + 1 + 5 * Base64VLQ.maximumDigits)
            guard let storage else { return }
            let buffer = UnsafeMutableBufferPointer(start: storage, count: capacity)
            var index = written
            if newLines > 0 {
                for _ in 0..<newLines {
                    buffer[index] = 0x3B
                    index += 1
                }
                result.line = line
                result.column = 0
            } else if result.count > 0 {
                buffer[index] = 0x2C
                index += 1
            }
            index = Base64VLQ.encode(Int(column) - Int(result.column), into: buffer, at: index)
            result.column = column
            var isFirst = result.count == 0
            if isMapped {
                index = Base64VLQ.encode(Int(source) - Int(result.source), into: buffer, at: index)
                index = Base64VLQ.encode(Int(originalLine) - Int(result.originalLine), into: buffer, at: index)
                index = Base64VLQ.encode(Int(originalColumn) - Int(result.originalColumn), into: buffer, at: index)
                if !result.hasMapped { isFirst = true }
                result.source = source
                result.originalLine = originalLine
                result.originalColumn = originalColumn
                result.maxSource = max(result.maxSource, source)
                if name >= 0 { appendNamed(offset: index, name: name) }
            }
            written = index
            result.count += 1
            result.lastIsMapped = isMapped
            if isFirst { result.prefixEnd = written }
        }

        /// Appends `segment`.
        package mutating func append(_ segment: Segment) {
            append(
                line: segment.line, column: segment.column, source: segment.source, originalLine: segment.originalLine,
                originalColumn: segment.originalColumn, name: segment.source >= 0 ? segment.name : -1)
        }

        /// The mappings; releases the buffer (use the encoder once).
        package mutating func finish() -> PieceMappings {
            var finished = result
            if let storage {
                finished.bytes = Array(UnsafeBufferPointer(start: storage, count: written))
                storage.deallocate()
            }
            if let named {
                finished.namedSegments = Array(UnsafeBufferPointer(start: named, count: namedCount))
                named.deallocate()
            }
            (storage, capacity, written, result) = (nil, 0, 0, PieceMappings())
            (named, namedCount, namedCapacity) = (nil, 0, 0)
            return finished
        }

        /// Makes room for `needed` bytes in all; the check runs for every segment, the growth rarely.
        @inline(__always)
        @inlinable mutating func ensure(_ needed: Int) {
            if needed > capacity { grow(needed) }
        }

        @inline(never)
        @usableFromInline mutating func grow(_ needed: Int) {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, capacity * 2, 64))
            if let storage {
                larger.update(from: storage, count: written)
                storage.deallocate()
            }
            storage = larger
            capacity = max(needed, capacity * 2, 64)
        }
    }

    /// Reads encoded segments back, in order, with absolute values.
    struct Decoder {
        private let bytes: UnsafeBufferPointer<UInt8>
        private let named: [NamedSegment]
        private var nextNamed = 0
        /// The offset of the next byte to read.
        package private(set) var offset = 0
        private var state = Segment(line: 0, column: 0, source: 0, originalLine: 0, originalColumn: 0, name: 0)
        /// False once a malformed segment was met (decoding stops there).
        package private(set) var isValid = true

        package init(_ bytes: UnsafeBufferPointer<UInt8>, named: [NamedSegment]) {
            self.bytes = bytes
            self.named = named
        }

        /// The next segment, or nil at the end (or at malformed bytes).
        package mutating func next() -> Segment? {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x3B:
                    state.line += 1
                    state.column = 0
                    offset += 1
                    continue
                case 0x2C:
                    offset += 1
                    continue
                default:
                    break
                }
                var values: (Int, Int, Int, Int) = (0, 0, 0, 0)
                var fields = 0
                while offset < bytes.count, bytes[offset] != 0x2C, bytes[offset] != 0x3B {
                    guard fields < 4, let value = decodeValue() else {
                        isValid = false
                        return nil
                    }
                    switch fields {
                    case 0: values.0 = value
                    case 1: values.1 = value
                    case 2: values.2 = value
                    default: values.3 = value
                    }
                    fields += 1
                }
                guard fields == 1 || fields == 4 else {
                    isValid = false
                    return nil
                }
                state.column = Int32(truncatingIfNeeded: Int(state.column) + values.0)
                var segment = state
                segment.name = -1
                if fields == 1 {
                    segment.source = -1
                    segment.originalLine = 0
                    segment.originalColumn = 0
                    return segment
                }
                state.source = Int32(truncatingIfNeeded: Int(state.source) + values.1)
                state.originalLine = Int32(truncatingIfNeeded: Int(state.originalLine) + values.2)
                state.originalColumn = Int32(truncatingIfNeeded: Int(state.originalColumn) + values.3)
                segment.source = state.source
                segment.originalLine = state.originalLine
                segment.originalColumn = state.originalColumn
                if nextNamed < named.count, Int(named[nextNamed].offset) == offset {
                    segment.name = named[nextNamed].name
                    nextNamed += 1
                }
                return segment
            }
            return nil
        }

        private mutating func decodeValue() -> Int? {
            var result = 0
            var shift = 0
            while offset < bytes.count {
                let digit = Base64VLQ.value(of: bytes[offset])
                offset += 1
                guard digit >= 0, shift <= 30 else { return nil }
                result |= (digit & 31) << shift
                shift += 5
                if digit & 32 == 0 {
                    let magnitude = result >> 1
                    return result & 1 == 1 ? -magnitude : magnitude
                }
            }
            return nil
        }
    }
}
