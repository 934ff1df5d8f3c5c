/// Finds YAML aliases (`*name`) in configuration text before it is composed.
///
/// wkpack refuses aliases: an alias may repeat a node that itself repeats nodes ("billion laughs"), so a
/// few hundred bytes can expand to billions of nodes, and Yams hashes alias keys while composing. The scan is
/// lexical: it skips comments, quoted scalars and block scalars, and reports a `*` that begins a node.
enum YAMLAliasScan {
    /// The 1-based line and column of the first alias, or `nil` if there is none.
    static func firstAlias(in text: String) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        var index = 0
        var line = 1
        var lineStart = 0
        var quote: UInt8? = nil
        // The byte before the current one that is not a space or tab, on this line (nil at line start).
        var previous: UInt8? = nil
        var blockScalarIndent: Int? = nil
        var lineIndent = 0

        while index < bytes.count {
            let byte = bytes[index]
            if index == lineStart {
                var indent = 0
                while index + indent < bytes.count, bytes[index + indent] == 0x20 { indent += 1 }
                let next = index + indent < bytes.count ? bytes[index + indent] : 0x0A
                let blank = next == 0x0A || next == 0x0D
                if let scalarIndent = blockScalarIndent {
                    if blank || indent > scalarIndent {
                        skipLine(bytes, &index, &line, &lineStart)
                        continue
                    }
                    blockScalarIndent = nil
                }
                lineIndent = indent
                if quote == nil { previous = nil }
            }
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                index += 1
                line += 1
                lineStart = index
                continue
            }
            if let open = quote {
                if open == 0x22, byte == 0x5C { index += 2; continue }  // backslash escape in "..."
                if byte == open {
                    if open == 0x27, index + 1 < bytes.count, bytes[index + 1] == 0x27 { index += 2; continue }  // ''
                    quote = nil
                    previous = byte
                }
                index += 1
                continue
            }
            switch byte {
            case 0x20, 0x09:
                index += 1
                continue
            case 0x23 where previous == nil || index == lineStart || bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09:
                skipLine(bytes, &index, &line, &lineStart)  // comment
                continue
            case 0x22, 0x27:
                if startsNode(at: index, after: previous, in: bytes) { quote = byte }
            case 0x2A:
                if startsNode(at: index, after: previous, in: bytes) {
                    return (line, columnOf(index, lineStart: lineStart, in: bytes))
                }
            case 0x7C, 0x3E:
                if startsNode(at: index, after: previous, in: bytes) {
                    // Block scalar header (`|` or `>` and indicators); its content is the more-indented lines.
                    blockScalarIndent = lineIndent
                    skipLine(bytes, &index, &line, &lineStart)
                    continue
                }
            default:
                break
            }
            previous = byte
            index += 1
        }
        return nil
    }

    /// Whether a node may begin at `index`, after `previous` (the last non-blank byte on the line, `nil` at
    /// line start): after a block indicator (`:` `-` `?`) and a blank, or after `[` `{` `,`.
    private static func startsNode(at index: Int, after previous: UInt8?, in bytes: [UInt8]) -> Bool {
        guard let previous else { return true }
        switch previous {
        case 0x5B, 0x7B, 0x2C: return true
        case 0x3A, 0x2D, 0x3F: return bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09
        default: return false
        }
    }

    private static func skipLine(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int, _ lineStart: inout Int) {
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        if index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            index += 1
            line += 1
            lineStart = index
        }
    }

    /// 1-based column in characters (UTF-8 continuation bytes are not counted).
    private static func columnOf(_ index: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        var column = 1
        for position in lineStart..<index where bytes[position] & 0xC0 != 0x80 { column += 1 }
        return column
    }
}
