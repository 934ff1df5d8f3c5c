/// The cheap test before `CSSSelectorScanner`'s full parse: a selector list made only of plain simple selectors
/// (type names, `*`, classes, ids and attribute selectors with an ASCII name and a plain value), combinators
/// (space, `>`, `+`, `~`) and commas, with ASCII names and no escape, always parses, so it needs no full parse.
/// WebKit keeps a `css-display-none` rule when `CSSParser::parseSelector` parses its selector (quirks mode,
/// `isValidCSSSelector` in `ContentExtensionParser.cpp`), and every selector this test accepts is one the full
/// parse accepts too: anything else (pseudo-classes, escapes, non-ASCII names, other white space, namespaces,
/// attribute flags, any problem) is left to the full parse, which gives the same verdict and the problem's text.
enum PlainCSSSelector {
    /// Whether `bytes` is a list of plain selectors (true), or needs the full parse (false: it may still parse).
    static func parses(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scan = Cursor(bytes: bytes)
        scan.skipSpaces()
        while true {
            // A complex selector: compounds joined by combinators or spaces.
            guard scan.compound() else { return false }
            while true {
                let sawSpace = scan.skipSpaces()
                guard let byte = scan.peek else { return true }
                if byte == UInt8(ascii: ",") { break }
                if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "~") {
                    scan.position += 1
                    scan.skipSpaces()
                } else if !sawSpace {
                    return false
                }
                guard scan.compound() else { return false }
            }
            // A comma, then the next complex selector.
            scan.position += 1
            scan.skipSpaces()
        }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        /// Moves past spaces (U+0020 only); whether there were any.
        @discardableResult
        mutating func skipSpaces() -> Bool {
            let start = position
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
            return position > start
        }

        /// An ASCII letter or `_`.
        private static func isNameStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        }

        /// An ASCII letter, digit, `_` or `-`.
        private static func isName(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
        }

        /// Moves past an ASCII identifier without escapes (`--`, or an optional `-` and a letter or `_`, then name
        /// bytes); false, not moved, when there is none.
        mutating func identifier() -> Bool {
            var at = position
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard at < bytes.count, Self.isNameStart(bytes[at]) || (at > position && bytes[at] == UInt8(ascii: "-")) else { return false }
            at += 1
            while at < bytes.count, Self.isName(bytes[at]) { at += 1 }
            position = at
            return true
        }

        /// Moves past a compound selector of plain simple selectors; false when there is none, or it is not plain.
        mutating func compound() -> Bool {
            let start = position
            if peek == UInt8(ascii: "*") { position += 1 } else { _ = identifier() }
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: "#"):
                    position += 1
                    guard identifier() else { return false }
                case UInt8(ascii: "["):
                    guard attribute() else { return false }
                case UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: ">"), UInt8(ascii: "+"), UInt8(ascii: "~"):
                    return position > start
                default:
                    return false
                }
            }
            return position > start
        }

        /// Moves past `[name]` or `[name OP value]` (OP `=`, `~=`, `|=`, `^=`, `$=` or `*=`; the value an identifier
        /// or a quoted string without escapes or line feeds), with spaces around the parts.
        private mutating func attribute() -> Bool {
            position += 1
            skipSpaces()
            guard identifier() else { return false }
            skipSpaces()
            guard let byte = peek else { return false }
            if byte == UInt8(ascii: "]") {
                position += 1
                return true
            }
            if byte == UInt8(ascii: "~") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "$")
                || byte == UInt8(ascii: "*")
            {
                position += 1
            }
            guard peek == UInt8(ascii: "=") else { return false }
            position += 1
            skipSpaces()
            guard let first = peek else { return false }
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                position += 1
                while true {
                    guard let next = peek, next != UInt8(ascii: "\\"), next != 0x0A else { return false }
                    position += 1
                    if next == first { break }
                }
            } else if !identifier() {
                return false
            }
            skipSpaces()
            guard peek == UInt8(ascii: "]") else { return false }
            position += 1
            return true
        }
    }
}
