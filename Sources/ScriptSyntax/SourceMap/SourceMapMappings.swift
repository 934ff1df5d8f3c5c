/// One decoded source-map segment (all values absolute, 0-based).
public struct SourceMapSegment: Sendable, Equatable {
    /// The column in the generated line.
    public var generatedColumn: Int
    /// `nil` for an unmapped (one-field) segment.
    public var source: Int?
    /// The line in the original source.
    public var originalLine: Int
    /// The column in the original source.
    public var originalColumn: Int

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(generatedColumn: Int, source: Int? = nil, originalLine: Int, originalColumn: Int) {
        self.generatedColumn = generatedColumn
        self.source = source
        self.originalLine = originalLine
        self.originalColumn = originalColumn
    }
}

/// Decodes a `mappings` string into segments per generated line.
public enum SourceMapMappings {
    /// Returns one array of segments per generated line, or `nil` if the string is malformed.
    public static func decode(_ mappings: String) -> [[SourceMapSegment]]? {
        let bytes = Array(mappings.utf8)
        var lines: [[SourceMapSegment]] = [[]]
        var index = 0
        var column = 0, source = 0, originalLine = 0, originalColumn = 0, name = 0
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x3B {
                lines.append([])
                column = 0
                index += 1
                continue
            }
            if b == 0x2C {
                index += 1
                continue
            }
            var fields: [Int] = []
            while index < bytes.count, bytes[index] != 0x2C, bytes[index] != 0x3B {
                guard let value = Base64VLQ.decode(bytes, at: &index) else { return nil }
                fields.append(value)
            }
            guard [1, 4, 5].contains(fields.count) else { return nil }
            column += fields[0]
            if fields.count == 1 {
                lines[lines.count - 1].append(SourceMapSegment(generatedColumn: column, source: nil, originalLine: 0, originalColumn: 0))
                continue
            }
            source += fields[1]
            originalLine += fields[2]
            originalColumn += fields[3]
            if fields.count == 5 { name += fields[4] }
            lines[lines.count - 1].append(
                SourceMapSegment(
                    generatedColumn: column, source: source, originalLine: originalLine, originalColumn: originalColumn))
        }
        return lines
    }
}
