import ScriptSyntax

/// The generated positions of a Source Map v3 `mappings` string and the source each segment names: what a size
/// attribution reads from a finished bundle's map (original positions and names are skipped).
struct MappingSegments: Equatable {
    /// One segment: where it starts in the generated code (0-based line, UTF-16 column) and its source index,
    /// -1 for a segment that maps to no source.
    struct Segment: Equatable {
        var line: Int
        var column: Int
        var source: Int
    }

    /// In generated order (by line, then column).
    private(set) var segments: [Segment] = []

    /// Decodes `mappings`; `nil` when it is malformed (a bad VLQ digit, a segment of 2 or 3 fields, a negative
    /// column or source index).
    init?(mappings: [UInt8]) {
        var line = 0
        var column = 0
        var source = 0
        var index = 0
        let count = mappings.count
        while index < count {
            let byte = mappings[index]
            if byte == UInt8(ascii: ";") {
                line += 1
                column = 0
                index += 1
                continue
            }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            var fields: [Int] = []
            while index < count, mappings[index] != UInt8(ascii: ","), mappings[index] != UInt8(ascii: ";") {
                guard let value = Base64VLQ.decode(mappings, at: &index) else { return nil }
                fields.append(value)
            }
            guard fields.count == 1 || fields.count == 4 || fields.count == 5 else { return nil }
            column += fields[0]
            guard column >= 0 else { return nil }
            if fields.count == 1 {
                segments.append(Segment(line: line, column: column, source: -1))
            } else {
                source += fields[1]
                guard source >= 0 else { return nil }
                segments.append(Segment(line: line, column: column, source: source))
            }
        }
        // Generated order; a map may list a line's segments out of order.
        if !zip(segments, segments.dropFirst()).allSatisfy({ ($0.line, $0.column) <= ($1.line, $1.column) }) {
            segments = segments.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }.map(\.element)
        }
    }
}
