import ScriptSyntax

/// A JSON value read from a package.json, keeping object keys in file order (Node resolves `exports`
/// conditions in that order).
indirect enum PackageJSONValue: Sendable, Equatable {
    case string(String)
    /// `true` or `false` (package.json `sideEffects`).
    case boolean(Bool)
    case other
    case array([PackageJSONValue])
    case object([(key: String, value: PackageJSONValue)])

    package static func == (lhs: PackageJSONValue, rhs: PackageJSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.boolean(a), .boolean(b)): a == b
        case (.other, .other): true
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value of `key` in an object.
    package subscript(key: String) -> PackageJSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Parses JSON text; `nil` if it is not valid JSON (or nests deeper than 256 levels).
    package static func parse(_ bytes: [UInt8]) -> PackageJSONValue? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.position == bytes.count ? value : nil
    }

    private struct Reader {
        package let bytes: [UInt8]
        package var position = 0

        mutating func skipWhitespace() {
            while position < bytes.count,
                bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09
            {
                position += 1
            }
        }

        package mutating func value(depth: Int) -> PackageJSONValue? {
            guard depth < 256 else { return nil }
            skipWhitespace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case 0x22:
                return string().map(PackageJSONValue.string)
            case 0x7B:
                position += 1
                var pairs: [(key: String, value: PackageJSONValue)] = []
                skipWhitespace()
                if position < bytes.count, bytes[position] == 0x7D {
                    position += 1
                    return .object(pairs)
                }
                while true {
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == 0x22, let key = string() else { return nil }
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == 0x3A else { return nil }
                    position += 1
                    guard let item = value(depth: depth + 1) else { return nil }
                    pairs.append((key, item))
                    skipWhitespace()
                    guard position < bytes.count else { return nil }
                    if bytes[position] == 0x2C {
                        position += 1
                    } else if bytes[position] == 0x7D {
                        position += 1
                        return .object(pairs)
                    } else {
                        return nil
                    }
                }
            case 0x5B:
                position += 1
                var items: [PackageJSONValue] = []
                skipWhitespace()
                if position < bytes.count, bytes[position] == 0x5D {
                    position += 1
                    return .array(items)
                }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipWhitespace()
                    guard position < bytes.count else { return nil }
                    if bytes[position] == 0x2C {
                        position += 1
                    } else if bytes[position] == 0x5D {
                        position += 1
                        return .array(items)
                    } else {
                        return nil
                    }
                }
            default:
                // Numbers and null: not needed for resolution; skip their characters. Booleans are kept.
                let start = position
                while position < bytes.count,
                    (0x30...0x39).contains(bytes[position]) || (0x61...0x7A).contains(bytes[position])
                        || bytes[position] == 0x2D || bytes[position] == 0x2B || bytes[position] == 0x2E || bytes[position] == 0x45
                {
                    position += 1
                }
                guard position > start else { return nil }
                let word = bytes[start..<position]
                if word.elementsEqual("true".utf8) { return .boolean(true) }
                if word.elementsEqual("false".utf8) { return .boolean(false) }
                return .other
            }
        }

        /// A string literal at `position` (which holds `"`).
        package mutating func string() -> String? {
            position += 1
            let start = position
            var hasEscape = false
            while position < bytes.count {
                let b = bytes[position]
                if b == 0x22 {
                    let body = bytes[start..<position]
                    position += 1
                    return hasEscape ? JavaScriptStringLiteral.decodeEscapes(body) : String(decoding: body, as: UTF8.self)
                }
                if b == 0x5C {
                    hasEscape = true
                    position += 2
                    continue
                }
                if b < 0x20 { return nil }
                position += 1
            }
            return nil
        }
    }
}
