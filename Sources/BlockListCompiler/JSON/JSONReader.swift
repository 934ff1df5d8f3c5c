/// Parses JSON exactly as permissively and as strictly as WebKit's JSON parser (WTF `JSONValues`):
///
/// - whitespace is only space, tab, CR and LF; no byte order mark; nothing may follow the root value;
/// - string escapes are `\" \\ \/ \b \f \n \r \t \v \xHH \uHHHH`; raw control characters (even NUL) are allowed inside strings;
/// - numbers follow the JSON grammar (`-0`, `1e999` pass; `01`, `1.`, `.5`, `+1` fail);
/// - no value nested inside more than 1,000 arrays and objects (so at most 1,001 nested empty arrays); no trailing commas; duplicate keys are allowed (the last wins);
/// - the input must be valid UTF-8 (no overlong forms, no surrogates).
public struct JSONReader: Sendable {
    /// The deepest nesting of arrays and objects WebKit accepts.
    public static let maximumDepth = 1001

    /// Creates a reader.
    public init() {}

    /// Parses `bytes` into a flat document, or throws where WebKit's parser would fail.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
        let nodes = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try parseNodes(buffer) }
        return JSONDocument(source: .owned(bytes), nodes: nodes)
    }

    /// Parses `buffer` into a document that borrows it: the document must not be used once `buffer` is gone.
    func parse(borrowing buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONDocument {
        JSONDocument(source: .borrowed(buffer), nodes: try parseNodes(buffer))
    }

    private func parseNodes(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> [JSONNode] {
        guard buffer.count < Int(Int32.max) else {
            throw JSONSyntaxError(offset: 0, reason: "the input is larger than 2 GB")
        }
        var nodes: [JSONNode] = []
        nodes.reserveCapacity(buffer.count / 16 + 16)
        var parser = Parser(buffer: buffer)
        if let failure = parser.run(&nodes) { throw failure }
        return nodes
    }

    /// Parses the one value that starts at byte `start` of `buffer` (after optional whitespace), nested inside
    /// `depth` arrays and objects of the whole source, and stops at its end: a document of that value alone that
    /// borrows `buffer` (its nodes hold offsets into the whole buffer) and the offset just past it. Throws the value's
    /// first syntax error; the reason may differ from the whole source's (callers parse the whole source for messages).
    func parseValue(in buffer: UnsafeBufferPointer<UInt8>, at start: Int, depth: Int) throws(JSONSyntaxError) -> (
        document: JSONDocument, end: Int
    ) {
        guard buffer.count < Int(Int32.max), start < buffer.count else {
            throw JSONSyntaxError(offset: start, reason: "no value to parse")
        }
        var nodes: [JSONNode] = []
        var parser = Parser(buffer: buffer)
        parser.position = start
        parser.baseDepth = depth
        parser.stopsAfterValue = true
        if let failure = parser.run(&nodes) { throw failure }
        return (JSONDocument(source: .borrowed(buffer), nodes: nodes), parser.position)
    }

    /// What the bytes at `position` (a byte of 0x80 or more) hold as UTF-8: the same rule as the parser's (no
    /// overlong forms, no surrogates).
    enum UTF8Sequence: Equatable {
        /// A valid character of `length` bytes.
        case valid(length: Int)
        /// The first byte cannot start a character.
        case invalidStart
        /// The input ends inside the character.
        case truncated
        /// The byte at `offset` cannot be where it is in the character.
        case invalidByte(offset: Int)
    }

    /// The UTF-8 sequence at `buffer[position]`.
    @inline(__always) static func utf8Sequence(_ buffer: UnsafeBufferPointer<UInt8>, at position: Int) -> UTF8Sequence {
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch buffer[position] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return .invalidStart
        }
        for offset in 1..<length {
            let at = position + offset
            guard at < buffer.count else { return .truncated }
            let byte = buffer[at]
            let (minimum, maximum) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= minimum && byte <= maximum else { return .invalidByte(offset: at) }
        }
        return .valid(length: length)
    }

    /// A word with the high bit set in each byte (of the little-endian `word`) that is a quote, a backslash or
    /// not ASCII; exact up to its lowest set bit, which is all the caller reads.
    @inline(__always) static func stopBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        return (zeroQuote | zeroBackslash | word) & highs
    }

    /// The value of an ASCII hex digit.
    @inline(__always) static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}

private struct Parser {
    let buffer: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Where the last comma between elements or members was.
    var lastComma = 0
    /// How many arrays and objects of the whole source enclose the parsed value.
    var baseDepth = 0
    /// Whether to stop after one value (no byte order mark check, nothing required after it).
    var stopsAfterValue = false

    init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    private struct Open { var index: Int; var count: Int32; var isObject: Bool }

    @inline(__always) private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always) private mutating func skipSpace() {
        while position < buffer.count, isSpace(buffer[position]) { position += 1 }
    }

    private func describe(_ offset: Int) -> String {
        guard offset < buffer.count else { return "the end of the input" }
        let byte = buffer[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, reason: reason)
    }

    mutating func run(_ nodes: inout [JSONNode]) -> JSONSyntaxError? {
        if !stopsAfterValue, buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            return error("a byte order mark is not allowed", at: 0)
        }
        var stack: [Open] = []
        stack.reserveCapacity(32)
        skipSpace()
        if position >= buffer.count {
            return error("expected a JSON value, found the end of the input")
        }
        expectValue: while true {
            skipSpace()
            guard position < buffer.count else {
                return error("expected a value, found the end of the input")
            }
            let start = position
            let byte = buffer[position]
            // WebKit refuses any value nested inside more than 1,000 arrays and objects (the root is at depth 0).
            if stack.count + baseDepth >= JSONReader.maximumDepth {
                return error("values are nested deeper than \(JSONReader.maximumDepth - 1) arrays and objects")
            }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Open(index: nodes.count, count: 0, isObject: isObject))
                nodes.append(JSONNode(kind: isObject ? .object : .array, flag: false, start: Int32(start), end: 0, next: 0))
                position += 1
                skipSpace()
                if position < buffer.count, buffer[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    let open = stack.removeLast()
                    nodes[open.index].end = Int32(position)
                    nodes[open.index].next = Int32(nodes.count)
                } else {
                    if isObject, let failure = parseKey(&nodes) { return failure }
                    continue expectValue
                }
            case UInt8(ascii: "\""):
                if let failure = parseString(&nodes) { return failure }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word: [UInt8] =
                    byte == UInt8(ascii: "t") ? Array("true".utf8) : byte == UInt8(ascii: "f") ? Array("false".utf8) : Array("null".utf8)
                for (offset, expected) in word.enumerated() {
                    guard position + offset < buffer.count, buffer[position + offset] == expected else {
                        return error("invalid literal; expected '\(String(decoding: word, as: UTF8.self))'", at: start)
                    }
                }
                position += word.count
                nodes.append(
                    JSONNode(
                        kind: byte == UInt8(ascii: "n") ? .null : .bool, flag: byte == UInt8(ascii: "t"),
                        start: Int32(start), end: Int32(position), next: Int32(nodes.count + 1)))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let failure = parseNumber() { return failure }
                nodes.append(JSONNode(kind: .number, flag: false, start: Int32(start), end: Int32(position), next: Int32(nodes.count + 1)))
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if stack.last?.count ?? 0 > 0 {
                    return error("trailing comma: a value must follow ',' (found \(describe(position)))", at: lastComma)
                }
                return error("expected a value, found \(describe(position))")
            default:
                if byte >= 0x80 {
                    if let failure = validateUTF8() { return failure }
                    return error("expected a value, found a non-ASCII character", at: start)
                }
                return error("expected a value, found \(describe(position))")
            }
            // A value is complete: close containers or move to the next element.
            while true {
                guard stack.count > 0 else {
                    if stopsAfterValue { return nil }
                    skipSpace()
                    if position < buffer.count {
                        if buffer[position] >= 0x80, let failure = validateUTF8() { return failure }
                        return error("unexpected \(describe(position)) after the top-level value")
                    }
                    return nil
                }
                stack[stack.count - 1].count += 1
                skipSpace()
                guard position < buffer.count else {
                    return error("unexpected end of the input inside \(stack[stack.count - 1].isObject ? "an object" : "an array")")
                }
                let open = stack[stack.count - 1]
                let next = buffer[position]
                if next == UInt8(ascii: ",") {
                    lastComma = position
                    position += 1
                    if open.isObject {
                        skipSpace()
                        if let failure = parseKey(&nodes) { return failure }
                    }
                    continue expectValue
                }
                if next == (open.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    stack.removeLast()
                    nodes[open.index].end = Int32(position)
                    nodes[open.index].next = Int32(nodes.count)
                    continue
                }
                if buffer[position] >= 0x80, let failure = validateUTF8() { return failure }
                return error(
                    open.isObject
                        ? "expected ',' or '}' after an object member, found \(describe(position))"
                        : "expected ',' or ']' after an array element, found \(describe(position))")
            }
        }
    }

    /// Parses `"key"` `:` with the cursor on the key's quote.
    private mutating func parseKey(_ nodes: inout [JSONNode]) -> JSONSyntaxError? {
        guard position < buffer.count, buffer[position] == UInt8(ascii: "\"") else {
            if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
                return error("trailing comma: a member must follow ',' (found '}')", at: lastComma)
            }
            return error("expected a member name in double quotes, found \(describe(position))")
        }
        if let failure = parseString(&nodes) { return failure }
        skipSpace()
        guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else {
            return error("expected ':' after a member name, found \(describe(position))")
        }
        position += 1
        return nil
    }

    private mutating func parseString(_ nodes: inout [JSONNode]) -> JSONSyntaxError? {
        let start = position
        position += 1
        var escaped = false
        let count = buffer.count
        let raw = UnsafeRawBufferPointer(buffer)
        while position < count {
            // Eight bytes at a time up to the first quote, backslash or non-ASCII byte.
            while position + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let stops = JSONReader.stopBytes(in: word)
                if stops == 0 {
                    position += 8
                    continue
                }
                position += stops.trailingZeroBitCount >> 3
                break
            }
            guard position < count else { break }
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                nodes.append(
                    JSONNode(kind: .string, flag: escaped, start: Int32(start), end: Int32(position), next: Int32(nodes.count + 1)))
                return nil
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard position + 1 < count else { break }
                let escape = buffer[position + 1]
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "v"):
                    position += 2
                case UInt8(ascii: "x"), UInt8(ascii: "u"):
                    let digits = escape == UInt8(ascii: "x") ? 2 : 4
                    for offset in 0..<digits {
                        let at = position + 2 + offset
                        guard at < count, JSONReader.hexDigitValue(buffer[at]) != nil else {
                            return error(
                                "invalid escape sequence: '\\\(Character(Unicode.Scalar(escape)))' needs \(digits) hex digits", at: position
                            )
                        }
                    }
                    position += 2 + digits
                default:
                    let shown =
                        escape >= 0x21 && escape < 0x7F
                        ? "'\\\(Character(Unicode.Scalar(escape)))'" : "a backslash followed by \(describe(position + 1))"
                    return error("invalid escape sequence \(shown)", at: position)
                }
                continue
            }
            if byte >= 0x80 {
                if let failure = validateUTF8() { return failure }
                continue
            }
            position += 1
        }
        return error("unterminated string", at: start)
    }

    /// Validates one UTF-8 sequence at the cursor and moves past it.
    private mutating func validateUTF8() -> JSONSyntaxError? {
        switch JSONReader.utf8Sequence(buffer, at: position) {
        case .valid(let length):
            position += length
            return nil
        case .invalidStart: return error("invalid UTF-8: \(describe(position)) cannot start a character")
        case .truncated: return error("invalid UTF-8: truncated character")
        case .invalidByte(let at): return error("invalid UTF-8: \(describe(at)) in the middle of a character", at: at)
        }
    }

    private mutating func parseNumber() -> JSONSyntaxError? {
        let count = buffer.count
        @inline(__always) func isDigit(_ at: Int) -> Bool { at < count && buffer[at] >= 0x30 && buffer[at] <= 0x39 }
        if buffer[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else { return error("expected a digit after '-', found \(describe(position))") }
        if buffer[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { return error("numbers cannot have leading zeros", at: position - 1) }
        } else {
            while isDigit(position) { position += 1 }
        }
        if position < count, buffer[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { return error("expected a digit after the decimal point, found \(describe(position))") }
            while isDigit(position) { position += 1 }
        }
        if position < count, buffer[position] == UInt8(ascii: "e") || buffer[position] == UInt8(ascii: "E") {
            position += 1
            if position < count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") { position += 1 }
            guard isDigit(position) else { return error("expected a digit in the exponent, found \(describe(position))") }
            while isDigit(position) { position += 1 }
        }
        return nil
    }
}
