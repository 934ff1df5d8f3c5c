import WKPackSupport

/// Builds a Source Map v3 (ECMA-426) document incrementally, in generated-position order.
public struct SourceMapBuilder: Sendable {
    private var mappings = MappingsBuffer()
    private var sources: [String] = []
    private var contents: [[UInt8]] = []
    /// The map's `names`, as their bytes (step 5m: no `[String]` beside the table).
    private var nameIndices = NameIndexTable()
    private var previousName = 0
    private var currentLine = 0
    private var lineHasSegment = false
    private var previousColumn = 0
    private var previousSource = 0
    private var previousOriginalLine = 0
    private var previousOriginalColumn = 0
    /// Whether this is an intermediate map: segments are kept as numbers (`segments`) instead of being encoded.
    private var isIntermediate = false
    private var segments = SourceMapSegments()

    /// Creates an empty map.
    public init() {}

    /// A builder for an intermediate map that only the minifier reads (`decodedSegments`): it keeps its
    /// segments as numbers and cannot produce JSON mappings.
    package static func intermediate() -> SourceMapBuilder {
        var builder = SourceMapBuilder()
        builder.isIntermediate = true
        return builder
    }

    /// Reserves room for about `segments` mapping segments.
    public mutating func reserveCapacity(segments count: Int) {
        if isIntermediate {
            segments.reserveCapacity(count)
        } else {
            mappings.reserveCapacity(count * 5)
        }
    }

    /// Reserves room for about `bytes` bytes of encoded mappings.
    package mutating func reserveCapacity(mappingBytes bytes: Int) {
        if !isIntermediate { mappings.reserveCapacity(bytes) }
    }

    /// A registered source: its path in `sources` and its `sourcesContent`.
    package struct Source: Sendable {
        package var path: String
        package var content: [UInt8]
        /// For a lowered file, where positions in the code the bundler copied (its printed lowered text) come from
        /// in `content`; `nil` when the code copied is `content` itself. The minifier translates through it.
        package var origins: SourceOrigins? = nil

        /// Made from every stored property (the memberwise initializer, for the stages above).
        package init(path: String, content: [UInt8], origins: SourceOrigins? = nil) {
            self.path = path
            self.content = content
            self.origins = origins
        }
    }

    /// The registered sources, in index order.
    package var sourceList: [Source] {
        zip(sources, contents).map { Source(path: $0, content: $1) }
    }

    /// The number of registered sources.
    var sourceCount: Int { sources.count }

    /// Registers a source file; returns its index for `addMapping`.
    public mutating func addSource(_ path: String, content: [UInt8]) -> Int {
        sources.append(path)
        contents.append(content)
        return sources.count - 1
    }

    private mutating func moveTo(line: Int) {
        while currentLine < line {
            if isIntermediate {
                segments.startLine()
            } else {
                mappings.append(0x3B)  // ;
            }
            currentLine += 1
            lineHasSegment = false
            previousColumn = 0
        }
    }

    /// The index of `name` in the map's `names`, adding it if new.
    public mutating func addName(_ name: String) -> Int {
        nameIndices.index(of: name)
    }

    /// Appends to `indices` the index of each of `names` in the map's `names` (`addName` of each, in order).
    package mutating func addNames(_ names: [String], to indices: inout [Int]) {
        // Written in place after one growth (an append per name checked the array's uniqueness).
        let start = indices.count
        indices.append(contentsOf: repeatElement(0, count: names.count))
        indices.withUnsafeMutableBufferPointer { indices in
            for index in names.indices { indices[start + index] = nameIndices.index(of: names[index]) }
        }
    }

    /// A builder with the same sources and contents, and no mappings or names (for a rewritten output).
    func withSourcesOnly() -> SourceMapBuilder {
        var builder = SourceMapBuilder()
        builder.sources = sources
        builder.contents = contents
        return builder
    }

    /// This map with its segments encoded (itself unless it is intermediate).
    package func encoded() -> SourceMapBuilder {
        guard let segments = decodedSegments else { return self }
        var builder = withSourcesOnly()
        for line in 0..<(segments.lineStarts.count - 1) {
            for index in segments.lineStarts[line]..<segments.lineStarts[line + 1] {
                let column = Int(segments.columns[index])
                if segments.sources[index] < 0 {
                    builder.addUnmapped(generatedLine: line, generatedColumn: column)
                } else {
                    builder.addMapping(
                        generatedLine: line, generatedColumn: column, source: Int(segments.sources[index]),
                        originalLine: Int(segments.lines[index]), originalColumn: Int(segments.originalColumns[index]))
                }
            }
        }
        return builder
    }

    /// The encoded `mappings` so far (empty for an intermediate builder).
    package var encodedMappings: [UInt8] { mappings.bytes }

    /// The segments of an intermediate builder; `nil` for one that encodes.
    package var decodedSegments: SourceMapSegments? { isIntermediate ? segments.finished() : nil }

    /// Maps a generated position (0-based line and UTF-16 column) to a position in `source`, naming the
    /// original identifier (an index from `addName`) when it was renamed.
    /// Calls must come in increasing generated order.
    public mutating func addMapping(
        generatedLine: Int, generatedColumn: Int, source: Int, originalLine: Int, originalColumn: Int, name: Int
    ) {
        addMapping(
            generatedLine: generatedLine, generatedColumn: generatedColumn, source: source,
            originalLine: originalLine, originalColumn: originalColumn)
        if isIntermediate { return }
        let delta = name - previousName
        mappings.write(maximum: Base64VLQ.maximumDigits) { Base64VLQ.encode(delta, into: $0, at: $1) }
        previousName = name
    }

    /// Maps a generated position (0-based line and UTF-16 column) to a position in `source`.
    /// Calls must come in increasing generated order.
    public mutating func addMapping(generatedLine: Int, generatedColumn: Int, source: Int, originalLine: Int, originalColumn: Int) {
        moveTo(line: generatedLine)
        if isIntermediate {
            segments.append(column: generatedColumn, source: source, line: originalLine, originalColumn: originalColumn)
            return
        }
        let fields = (
            generatedColumn - previousColumn, source - previousSource,
            originalLine - previousOriginalLine, originalColumn - previousOriginalColumn
        )
        let comma = lineHasSegment
        mappings.write(maximum: 4 * Base64VLQ.maximumDigits + 1) { buffer, start in
            var index = start
            if comma {
                buffer[index] = 0x2C
                index += 1
            }
            index = Base64VLQ.encode(fields.0, into: buffer, at: index)
            index = Base64VLQ.encode(fields.1, into: buffer, at: index)
            index = Base64VLQ.encode(fields.2, into: buffer, at: index)
            return Base64VLQ.encode(fields.3, into: buffer, at: index)
        }
        previousColumn = generatedColumn
        previousSource = source
        previousOriginalLine = originalLine
        previousOriginalColumn = originalColumn
        lineHasSegment = true
    }

    /// Writes mapped segments into an encoding builder's `mappings` without a call and a capacity check each (see
    /// `encodeMappings`): the same text as `addMapping` for each segment. Valid only inside the call that gives it.
    @usableFromInline package struct MappingEncoder {
        @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
        @usableFromInline var index: Int
        @usableFromInline var currentLine: Int
        @usableFromInline var lineHasSegment: Bool
        @usableFromInline var previousColumn: Int
        @usableFromInline var previousSource: Int
        @usableFromInline var previousOriginalLine: Int
        @usableFromInline var previousOriginalColumn: Int

        /// The most bytes one segment takes: a comma and four values.
        @inlinable package static var maximumSegmentBytes: Int { 4 * Base64VLQ.maximumDigits + 1 }

        /// Whether `segments` more segments, the last of them on generated line `line`, fit the room left.
        @inlinable @inline(__always)
        package func hasRoom(segments: Int, upToLine line: Int) -> Bool {
            index &+ max(0, line &- currentLine) &+ segments &* Self.maximumSegmentBytes <= buffer.count
        }

        /// `addMapping(generatedLine:generatedColumn:source:originalLine:originalColumn:)`; `hasRoom` must have said
        /// there is room for it.
        @inlinable @inline(__always)
        package mutating func add(generatedLine: Int, generatedColumn: Int, source: Int, originalLine: Int, originalColumn: Int) {
            var index = self.index
            if currentLine < generatedLine {
                // A `;` per line moved to: most moves are one line, a store, not a call of `memset` (which the
                // optimizer made of a loop).
                let lines = generatedLine &- currentLine
                if lines == 1 {
                    buffer[index] = 0x3B
                } else if let base = buffer.baseAddress {
                    (base + index).update(repeating: 0x3B, count: lines)
                }
                index &+= lines
                currentLine = generatedLine
                lineHasSegment = false
                previousColumn = 0
            }
            if lineHasSegment {
                buffer[index] = 0x2C
                index &+= 1
            }
            let values = (
                Base64VLQ.signed(generatedColumn &- previousColumn), Base64VLQ.signed(source &- previousSource),
                Base64VLQ.signed(originalLine &- previousOriginalLine), Base64VLQ.signed(originalColumn &- previousOriginalColumn)
            )
            if UInt(bitPattern: values.0 | values.1 | values.2 | values.3) < 32 {
                // Most segments of copied code: four one-digit values, tested at once.
                buffer[index] = Base64VLQ.digit(values.0)
                buffer[index &+ 1] = Base64VLQ.digit(values.1)
                buffer[index &+ 2] = Base64VLQ.digit(values.2)
                buffer[index &+ 3] = Base64VLQ.digit(values.3)
                index &+= 4
            } else {
                index = Base64VLQ.encode(generatedColumn &- previousColumn, into: buffer, at: index)
                index = Base64VLQ.encode(source &- previousSource, into: buffer, at: index)
                index = Base64VLQ.encode(originalLine &- previousOriginalLine, into: buffer, at: index)
                index = Base64VLQ.encode(originalColumn &- previousOriginalColumn, into: buffer, at: index)
            }
            self.index = index
            previousColumn = generatedColumn
            previousSource = source
            previousOriginalLine = originalLine
            previousOriginalColumn = originalColumn
            lineHasSegment = true
        }
    }

    /// Whether this builder encodes its mappings as it goes (it is not intermediate), so `encodeMappings` can be used.
    package var encodesMappings: Bool { !isIntermediate }

    /// Lets `body` add segments through an encoder with room for at least `room` bytes (it adds while
    /// `MappingEncoder.hasRoom` says they fit, then returns). Only for a builder that `encodesMappings`.
    @inline(__always)
    package mutating func encodeMappings(room: Int, _ body: (inout MappingEncoder) -> Void) {
        guard !isIntermediate else { return }
        var state = (currentLine, lineHasSegment, previousColumn, previousSource, previousOriginalLine, previousOriginalColumn)
        mappings.write(maximum: room) { buffer, start in
            var encoder = MappingEncoder(
                buffer: buffer, index: start, currentLine: state.0, lineHasSegment: state.1, previousColumn: state.2,
                previousSource: state.3, previousOriginalLine: state.4, previousOriginalColumn: state.5)
            body(&encoder)
            state = (
                encoder.currentLine, encoder.lineHasSegment, encoder.previousColumn, encoder.previousSource,
                encoder.previousOriginalLine, encoder.previousOriginalColumn
            )
            return encoder.index
        }
        (currentLine, lineHasSegment, previousColumn, previousSource, previousOriginalLine, previousOriginalColumn) = state
    }

    /// Adds a minified piece's encoded mappings (see `PieceMappings`), the piece starting at generated
    /// `line`/`column`; its sources and names are `sources` and `names` here. Same result as `addSegments` with the
    /// decoded segments. Where the piece's sources are consecutive here (its own, as usual), only the segments up to
    /// `prefixEnd` are encoded again, and the names' values: the rest is copied.
    package mutating func addPiece(
        _ piece: PieceMappings, line: Int, column: Int, sources: [Int], names: [Int], lastWasMapped: inout Bool
    ) {
        guard piece.count > 0 else { return }
        var consecutive = true
        for (offset, index) in sources.enumerated() where index != (sources.first ?? 0) + offset { consecutive = false }
        guard !isIntermediate, consecutive, Int(piece.maxSource) < sources.count, Int(piece.maxName) < names.count else {
            addSegments(piece.segments, line: line, column: column, sources: sources, names: names, lastWasMapped: &lastWasMapped)
            return
        }
        var prefix: [PieceMappings.Segment] = []
        var ok = true
        piece.bytes.withUnsafeBufferPointer { bytes in
            var decoder = PieceMappings.Decoder(bytes, named: piece.namedSegments)
            while decoder.offset < piece.prefixEnd, let segment = decoder.next() { prefix.append(segment) }
            ok = decoder.isValid && decoder.offset == piece.prefixEnd
        }
        guard ok else {
            addSegments(piece.segments, line: line, column: column, sources: sources, names: names, lastWasMapped: &lastWasMapped)
            return
        }
        addSegments(prefix, line: line, column: column, sources: sources, names: names, lastWasMapped: &lastWasMapped)
        guard piece.prefixEnd < piece.bytes.count else { return }
        // From here on every value is a delta from a segment added above, in the same terms here (lines and columns
        // moved alike, sources by the same offset): the bytes read the same, with each name's value put in.
        var name = previousName
        // One write for the rest of the piece: its bytes and a value of at most `maximumDigits` per named segment.
        let maximum = piece.bytes.count - piece.prefixEnd + piece.namedSegments.count * Base64VLQ.maximumDigits
        piece.bytes.withUnsafeBufferPointer { bytes in
            names.withUnsafeBufferPointer { names in
                piece.namedSegments.withUnsafeBufferPointer { namedSegments in
                    mappings.write(maximum: maximum) { buffer, start in
                        guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return start }
                        var index = start
                        var copied = piece.prefixEnd
                        // The bytes between two named segments (a few segments) are copied in place, and the
                        // arithmetic wraps (step 5h: a call of `memmove` and overflow tests per named segment).
                        for named in namedSegments where Int(named.offset) > piece.prefixEnd {
                            let offset = Int(named.offset)
                            guard offset <= bytes.count, offset >= copied else { break }
                            let global = names[Int(named.name)]
                            Self.copy(from: source + copied, to: target + index, count: offset &- copied)
                            index &+= offset &- copied
                            index = Base64VLQ.encode(global &- name, into: buffer, at: index)
                            name = global
                            copied = offset
                        }
                        (target + index).update(from: source + copied, count: bytes.count - copied)
                        return index + bytes.count - copied
                    }
                }
            }
        }
        previousName = name
        currentLine = line + Int(piece.line)
        lineHasSegment = true
        previousColumn = piece.line == 0 ? column + Int(piece.column) : Int(piece.column)
        if piece.hasMapped {
            previousSource = (sources.first ?? 0) + Int(piece.source)
            previousOriginalLine = Int(piece.originalLine)
            previousOriginalColumn = Int(piece.originalColumn)
        }
        lastWasMapped = piece.lastIsMapped
    }

    /// Copies `count` bytes from `source` to `target` (which do not overlap): up to 16 as two words (or half words)
    /// that overlap where the count is not their sum, more by `memmove`.
    @inline(__always)
    private static func copy(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        if count > 16 {
            target.update(from: source, count: count)
        } else if count >= 8 {
            let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
            let tail = UnsafeRawPointer(source + (count &- 8)).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
            UnsafeMutableRawPointer(target + (count &- 8)).storeBytes(of: tail, as: UInt64.self)
        } else if count >= 4 {
            let head = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
            let tail = UnsafeRawPointer(source + (count &- 4)).loadUnaligned(as: UInt32.self)
            UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt32.self)
            UnsafeMutableRawPointer(target + (count &- 4)).storeBytes(of: tail, as: UInt32.self)
        } else {
            var k = 0
            while k < count {
                target[k] = source[k]
                k &+= 1
            }
        }
    }

    /// Adds the segments of a minified piece that starts at generated `line`/`column` (see `PieceMappings`),
    /// encoding them in one pass: a segment's source and name index `sources` and `names` (a segment whose source
    /// is not there is unmapped, marked only after mapped code: `lastWasMapped`). Same result as adding each with
    /// `addMapping`/`addUnmapped`.
    mutating func addSegments(
        _ segments: [PieceMappings.Segment], line: Int, column: Int, sources: [Int], names: [Int], lastWasMapped: inout Bool
    ) {
        guard !segments.isEmpty else { return }
        guard !isIntermediate else {
            for segment in segments {
                let generatedLine = line + Int(segment.line)
                let generatedColumn = segment.line == 0 ? column + Int(segment.column) : Int(segment.column)
                let source = Int(segment.source)
                guard source >= 0, source < sources.count else {
                    if lastWasMapped { addUnmapped(generatedLine: generatedLine, generatedColumn: generatedColumn) }
                    lastWasMapped = false
                    continue
                }
                let name = Int(segment.name)
                if name >= 0, name < names.count {
                    addMapping(
                        generatedLine: generatedLine, generatedColumn: generatedColumn, source: sources[source],
                        originalLine: Int(segment.originalLine), originalColumn: Int(segment.originalColumn), name: names[name])
                } else {
                    addMapping(
                        generatedLine: generatedLine, generatedColumn: generatedColumn, source: sources[source],
                        originalLine: Int(segment.originalLine), originalColumn: Int(segment.originalColumn))
                }
                lastWasMapped = true
            }
            return
        }
        var state = (
            currentLine: currentLine, lineHasSegment: lineHasSegment, previousColumn: previousColumn,
            previousSource: previousSource, previousOriginalLine: previousOriginalLine,
            previousOriginalColumn: previousOriginalColumn, previousName: previousName, mapped: lastWasMapped
        )
        segments.withUnsafeBufferPointer { all in
            sources.withUnsafeBufferPointer { sources in
                names.withUnsafeBufferPointer { names in
                    // A stretch of segments at a time, each written with room for its most: a comma and five values
                    // of at most 8 digits (their deltas fit in 35 bits) per segment, a `;` per line moved to.
                    var chunkStart = 0
                    while chunkStart < all.count {
                        let segments = UnsafeBufferPointer(rebasing: all[chunkStart..<min(all.count, chunkStart + 4096)])
                        chunkStart += segments.count
                        let lastLine = line + Int(segments[segments.count - 1].line)
                        let maximum = segments.count * 41 + max(0, lastLine - state.currentLine) + 1
                        mappings.write(maximum: maximum) { buffer, start in
                            // The state in locals while encoding (the closure's captures live in memory).
                            var (
                                currentLine, lineHasSegment, previousColumn, previousSource, previousOriginalLine,
                                previousOriginalColumn, previousName, mapped
                            ) = state
                            var index = start
                            for segment in segments {
                                let generatedLine = line + Int(segment.line)
                                let generatedColumn = segment.line == 0 ? column + Int(segment.column) : Int(segment.column)
                                let source = Int(segment.source)
                                let isMapped = source >= 0 && source < sources.count
                                if !isMapped, !mapped { continue }
                                while currentLine < generatedLine {
                                    buffer[index] = 0x3B
                                    index += 1
                                    currentLine += 1
                                    lineHasSegment = false
                                    previousColumn = 0
                                }
                                if lineHasSegment {
                                    buffer[index] = 0x2C
                                    index += 1
                                }
                                index = Base64VLQ.encode(generatedColumn - previousColumn, into: buffer, at: index)
                                previousColumn = generatedColumn
                                lineHasSegment = true
                                mapped = isMapped
                                guard isMapped else { continue }
                                let globalSource = sources[source]
                                let originalLine = Int(segment.originalLine), originalColumn = Int(segment.originalColumn)
                                index = Base64VLQ.encode(globalSource - previousSource, into: buffer, at: index)
                                index = Base64VLQ.encode(originalLine - previousOriginalLine, into: buffer, at: index)
                                index = Base64VLQ.encode(originalColumn - previousOriginalColumn, into: buffer, at: index)
                                previousSource = globalSource
                                previousOriginalLine = originalLine
                                previousOriginalColumn = originalColumn
                                let name = Int(segment.name)
                                if name >= 0, name < names.count {
                                    index = Base64VLQ.encode(names[name] - previousName, into: buffer, at: index)
                                    previousName = names[name]
                                }
                            }
                            state = (
                                currentLine, lineHasSegment, previousColumn, previousSource, previousOriginalLine,
                                previousOriginalColumn, previousName, mapped
                            )
                            return index
                        }
                    }
                }
            }
        }
        (currentLine, lineHasSegment, previousColumn) = (state.currentLine, state.lineHasSegment, state.previousColumn)
        (previousSource, previousOriginalLine) = (state.previousSource, state.previousOriginalLine)
        (previousOriginalColumn, previousName) = (state.previousOriginalColumn, state.previousName)
        lastWasMapped = state.mapped
    }

    /// Marks generated code starting at this position as unmapped (a one-field segment).
    public mutating func addUnmapped(generatedLine: Int, generatedColumn: Int) {
        moveTo(line: generatedLine)
        if isIntermediate {
            segments.append(column: generatedColumn, source: -1, line: 0, originalColumn: 0)
            return
        }
        let comma = lineHasSegment
        let delta = generatedColumn - previousColumn
        mappings.write(maximum: Base64VLQ.maximumDigits + 1) { buffer, start in
            var index = start
            if comma {
                buffer[index] = 0x2C
                index += 1
            }
            return Base64VLQ.encode(delta, into: buffer, at: index)
        }
        previousColumn = generatedColumn
        lineHasSegment = true
    }

    /// The JSON document: `version`, `file`, `sources`, `sourcesContent`, `names` and `mappings`, joined into one
    /// array (a copy of `jsonParts`, sized exactly). The build writes `jsonParts` instead.
    public func json(file: String) -> [UInt8] {
        jsonParts(file: file).joined
    }

    /// The JSON document as parts written in order (issue 41 step 4z): the head up to `sourcesContent`, each
    /// content's literal of at least `sharedLiteralCount` bytes as the array `SourceContentLiterals` holds (shared,
    /// not copied), the shorter literals and separators between them, and the names with the `mappings` text
    /// (the builder's own bytes, shared) and the tail.
    public func jsonParts(file: String) -> OutputBytes {
        var parts: [ArraySlice<UInt8>] = []
        parts.reserveCapacity(2 * contents.count + 4)
        // Escaping grows a short string at most six times (`\u00XX`), plus the quotes and a comma.
        var capacity = 64 + 6 * file.utf8.count
        for source in sources { capacity += 6 * source.utf8.count + 3 }
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        out.append(contentsOf: #"{"version":3,"file":"#.utf8)
        Self.appendLiteral(file, to: &out)
        out.append(contentsOf: #","sources":["#.utf8)
        for (index, source) in sources.enumerated() {
            if index > 0 { out.append(0x2C) }
            Self.appendLiteral(source, to: &out)
        }
        out.append(contentsOf: #"],"sourcesContent":["#.utf8)
        for (index, content) in contents.enumerated() {
            if index > 0 { out.append(0x2C) }
            let literal = SourceContentLiterals.shared.literal(for: content)
            if literal.count >= Self.sharedLiteralCount {
                parts.append(out[...])
                parts.append(literal[...])
                out = []
                // The separators and short literals up to the next shared one.
                out.reserveCapacity(256)
            } else {
                out.append(contentsOf: literal)
            }
        }
        out.append(contentsOf: #"],"names":["#.utf8)
        // From the table's bytes (step 5m: each name's `String` was retained and released here).
        var first = true
        nameIndices.forEachName { name in
            if !first { out.append(0x2C) }
            first = false
            JSONStringEscaping.append(name, to: &out)
        }
        out.append(contentsOf: #"],"mappings":""#.utf8)
        parts.append(out[...])
        parts.append(mappings.written)
        parts.append(Self.tail[...])
        return OutputBytes(parts: parts)
    }

    /// A `sourcesContent` literal this long or longer is a part of its own in `jsonParts`; a shorter one is copied.
    static let sharedLiteralCount = 1024

    private static let tail: [UInt8] = Array("\"}\n".utf8)

    private static func appendLiteral(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { JSONStringEscaping.append($0, to: &out) }
    }
}
