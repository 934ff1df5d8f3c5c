import Yams

/// The tag Yams' default (YAML 1.1) resolver gives an untagged plain scalar, decided by hand-written byte
/// matchers equivalent to its regular expressions: the configuration loader composes with `Resolver.basic`,
/// so no regular expression is compiled (ICU pattern compilation dominated the loader's start-up cost).
enum YAMLPlainScalarType {
    /// The resolved tag of `text`, in the default resolver's rule order (bool, int, float, merge, null,
    /// timestamp, value); `.str` when no rule matches.
    static func tag(of text: String) -> Tag.Name {
        var text = text
        return text.withUTF8 { tag(ofBytes: $0) }
    }

    private static func tag(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Tag.Name {
        let scanner = Scanner(bytes: bytes)
        if scanner.isBool() { return .bool }
        if scanner.isInt() { return .int }
        if scanner.isFloat() { return .float }
        if scanner.isWord("<<") { return .merge }
        if scanner.isNull() { return .null }
        if scanner.isTimestamp() { return .timestamp }
        if scanner.isWord("=") { return .value }
        return .str
    }

    /// Whole-text matchers over UTF-8 bytes; every pattern is ASCII, so any other byte fails the match.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>

        private static let boolWords: Set<String> = [
            "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
            "on", "On", "ON", "off", "Off", "OFF",
        ]

        private func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

        private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        private static func isDigitOrUnderscore(_ byte: UInt8?) -> Bool { isDigit(byte) || byte == 0x5F }

        /// The index after the run of bytes from `start` that satisfy `predicate`.
        private func skip(from start: Int, while predicate: (UInt8?) -> Bool) -> Int {
            var index = start
            while index < bytes.count, predicate(bytes[index]) { index += 1 }
            return index
        }

        /// The index after an optional `+` or `-` at `index`.
        private func skipSign(at index: Int) -> Int {
            byte(index) == 0x2B || byte(index) == 0x2D ? index + 1 : index
        }

        func isWord(_ word: String) -> Bool { bytes.elementsEqual(word.utf8) }

        func isBool() -> Bool {
            bytes.count <= 5 && Self.boolWords.contains(String(decoding: bytes, as: UTF8.self))
        }

        func isNull() -> Bool {
            bytes.isEmpty || isWord("~") || isWord("null") || isWord("Null") || isWord("NULL")
        }

        /// `(?::[0-5]?[0-9])+` from `start`: the index after the last segment, or `nil` when there is none.
        private func sexagesimalSegments(from start: Int) -> Int? {
            var index = start
            var segments = 0
            while byte(index) == 0x3A {
                let end = skip(from: index + 1, while: Self.isDigit)
                let length = end - index - 1
                if length == 1 || (length == 2 && bytes[index + 1] <= 0x35) {
                    index = end
                    segments += 1
                } else {
                    // What follows a malformed segment is neither another segment, '.' nor the end of the text.
                    return nil
                }
            }
            return segments > 0 ? index : nil
        }

        func isInt() -> Bool {
            let start = skipSign(at: 0)
            let count = bytes.count
            // [1-9][0-9_]* and [1-9][0-9_]*(?::[0-5]?[0-9])+
            if let first = byte(start), first >= 0x31, first <= 0x39 {
                let end = skip(from: start + 1, while: Self.isDigitOrUnderscore)
                if end == count { return true }
                return sexagesimalSegments(from: end) == count
            }
            guard byte(start) == 0x30 else { return false }
            // 0 alone
            if start + 1 == count { return true }
            switch byte(start + 1) {
            case 0x62:  // 0b[0-1_]+
                let end = skip(from: start + 2) { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }
                return end > start + 2 && end == count
            case 0x78:  // 0x[0-9a-fA-F_]+
                let end = skip(from: start + 2) { byte in
                    guard let byte else { return false }
                    return Self.isDigitOrUnderscore(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
                }
                return end > start + 2 && end == count
            default:  // 0o?[0-7_]+
                let digits = byte(start + 1) == 0x6F ? start + 2 : start + 1
                let end = skip(from: digits) { byte in
                    guard let byte else { return false }
                    return (byte >= 0x30 && byte <= 0x37) || byte == 0x5F
                }
                return end > digits && end == count
            }
        }

        func isFloat() -> Bool {
            let count = bytes.count
            // \.[0-9_]+(?:[eE][-+][0-9]+)? and \.(?:nan|NaN|NAN)
            if byte(0) == 0x2E {
                let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[1...]), as: UTF8.self)
                if rest == "nan" || rest == "NaN" || rest == "NAN" { return true }
                let end = skip(from: 1, while: Self.isDigitOrUnderscore)
                if end == 1 { return isInfinity(from: 0) }
                if end == count { return true }
                guard byte(end) == 0x65 || byte(end) == 0x45 else { return false }
                guard byte(end + 1) == 0x2B || byte(end + 1) == 0x2D else { return false }
                let exponent = skip(from: end + 2, while: Self.isDigit)
                return exponent > end + 2 && exponent == count
            }
            let start = skipSign(at: 0)
            // [-+]?\.(?:inf|Inf|INF)
            if byte(start) == 0x2E { return isInfinity(from: start) }
            guard Self.isDigit(byte(start)) else { return false }
            let integer = skip(from: start + 1, while: Self.isDigitOrUnderscore)
            // [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
            if byte(integer) == 0x3A {
                guard let end = sexagesimalSegments(from: integer), byte(end) == 0x2E else { return false }
                return skip(from: end + 1, while: Self.isDigitOrUnderscore) == count
            }
            // [-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?
            var index = integer
            if byte(index) == 0x2E { index = skip(from: index + 1, while: Self.isDigitOrUnderscore) }
            if index == count { return true }
            guard byte(index) == 0x65 || byte(index) == 0x45 else { return false }
            let digits = skipSign(at: index + 1)
            let end = skip(from: digits, while: Self.isDigit)
            return end > digits && end == count
        }

        /// `\.(?:inf|Inf|INF)` from `start` to the end of the text.
        private func isInfinity(from start: Int) -> Bool {
            guard byte(start) == 0x2E else { return false }
            let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)...]), as: UTF8.self)
            return rest == "inf" || rest == "Inf" || rest == "INF"
        }

        /// The index after a run of 1...`maximum` digits at `start`, or `nil`.
        private func digits(at start: Int, minimum: Int, maximum: Int) -> Int? {
            let end = skip(from: start, while: Self.isDigit)
            let length = end - start
            return length >= minimum && length <= maximum ? end : nil
        }

        func isTimestamp() -> Bool {
            let count = bytes.count
            guard let year = digits(at: 0, minimum: 4, maximum: 4), byte(year) == 0x2D,
                let month = digits(at: year + 1, minimum: 1, maximum: 2), byte(month) == 0x2D,
                let day = digits(at: month + 1, minimum: 1, maximum: 2)
            else { return false }
            // [0-9]{4}-[0-9]{2}-[0-9]{2}
            if day == count { return month - year == 3 && day - month == 3 }
            // (?:[Tt]|[ \t]+)
            var index = day
            if byte(index) == 0x54 || byte(index) == 0x74 {
                index += 1
            } else {
                let end = skip(from: index) { $0 == 0x20 || $0 == 0x09 }
                guard end > index else { return false }
                index = end
            }
            // [0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?
            guard let hour = digits(at: index, minimum: 1, maximum: 2), byte(hour) == 0x3A,
                let minute = digits(at: hour + 1, minimum: 2, maximum: 2), byte(minute) == 0x3A,
                let second = digits(at: minute + 1, minimum: 2, maximum: 2)
            else { return false }
            index = second
            if byte(index) == 0x2E { index = skip(from: index + 1, while: Self.isDigit) }
            if index == count { return true }
            // (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?
            index = skip(from: index) { $0 == 0x20 || $0 == 0x09 }
            if byte(index) == 0x5A { return index + 1 == count }
            guard byte(index) == 0x2B || byte(index) == 0x2D,
                let zoneHour = digits(at: index + 1, minimum: 1, maximum: 2)
            else { return false }
            if zoneHour == count { return true }
            guard byte(zoneHour) == 0x3A, let zoneMinute = digits(at: zoneHour + 1, minimum: 2, maximum: 2) else { return false }
            return zoneMinute == count
        }
    }
}
