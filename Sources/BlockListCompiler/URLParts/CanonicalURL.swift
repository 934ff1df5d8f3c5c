/// A URL in the canonical form WebKit matches url-filters against: lower-case scheme and host, default port
/// removed, `/` as the empty path of special schemes, dot segments resolved, unsafe bytes percent-encoded.
public struct CanonicalURL: Sendable, Hashable {
    /// The canonical URL, ASCII bytes.
    public let bytes: [UInt8]
    /// The scheme, lower case.
    public let scheme: String
    /// The host, lower case (empty when the URL has none).
    public let host: String
    /// The explicit non-default port, if any.
    public let port: Int?

    /// The canonical URL as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Where the `#fragment` starts in `bytes` (the `#` itself), nil when the URL has none.
    public var fragmentStart: Int? {
        // For special schemes the first `#` is the fragment's: the path and query encode theirs.
        bytes.firstIndex(of: 0x23)
    }

    /// `about:blank`, the URL of a new frame's initial document.
    public static let aboutBlank = CanonicalURL(bytes: Array("about:blank".utf8), scheme: "about", host: "", port: nil)

    /// The URL without its `#fragment` (itself when it has none): what WebKit matches most loads against.
    public var withoutFragment: CanonicalURL {
        guard let start = fragmentStart else { return self }
        return CanonicalURL(bytes: Array(bytes[..<start]), scheme: scheme, host: host, port: port)
    }

    private init(bytes: [UInt8], scheme: String, host: String, port: Int?) {
        self.bytes = bytes
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Parses and canonicalizes `text`; nil when it is not an absolute URL.
    public init?(_ text: String) {
        var text = text
        guard let url = text.withUTF8({ CanonicalURL.parse($0) }) else { return nil }
        self = url
    }

    /// Parses and canonicalizes UTF-8 bytes; nil when they are not an absolute URL.
    public init?(utf8 bytes: [UInt8]) {
        guard let url = bytes.withUnsafeBufferPointer({ CanonicalURL.parse($0) }) else { return nil }
        self = url
    }

    /// One pass over the bytes into one output buffer (tabs and newlines removed first, which is rare).
    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> CanonicalURL? {
        if raw.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            let filtered = raw.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            return filtered.withUnsafeBufferPointer { parseFiltered($0) }
        }
        return parseFiltered(raw)
    }

    private static func parseFiltered(_ input: UnsafeBufferPointer<UInt8>) -> CanonicalURL? {
        var start = 0, end = input.count
        while start < end && input[start] <= 0x20 { start += 1 }
        while end > start && input[end - 1] <= 0x20 { end -= 1 }
        guard start < end, isAlpha(input[start]) else { return nil }
        var colon = start
        while colon < end && input[colon] != 0x3A { colon += 1 }
        guard colon < end, colon > start else { return nil }
        for index in start..<colon {
            let byte = input[index]
            guard isAlpha(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else { return nil }
        }
        var output: [UInt8] = []
        output.reserveCapacity(end - start + 16)
        for index in start..<colon { output.append(lowercased(input[index])) }
        let schemeLength = colon - start
        let scheme = String(decoding: output, as: UTF8.self)
        output.append(0x3A)
        guard let defaultPort = specialSchemePort(output, schemeLength) else {
            // Not special: keep the rest, encoding what must be.
            encode(input, colon + 1, end, into: &output, keep: ByteClass.opaque)
            return CanonicalURL(bytes: output, scheme: scheme, host: "", port: nil)
        }
        var position = colon + 1
        while position < end && (input[position] == 0x2F || input[position] == 0x5C) { position += 1 }
        var authorityEnd = position
        while authorityEnd < end {
            let byte = input[authorityEnd]
            if byte == 0x2F || byte == 0x5C || byte == 0x3F || byte == 0x23 { break }
            authorityEnd += 1
        }
        var hostStart = position
        var at = authorityEnd
        while at > position {
            at -= 1
            if input[at] == 0x40 { hostStart = at + 1; break }
        }
        let userInfoEnd = hostStart > position ? hostStart - 1 : position
        var hostEnd = authorityEnd
        var port: Int?
        var portColon = authorityEnd
        while portColon > hostStart {
            portColon -= 1
            if input[portColon] == 0x5D { break }
            if input[portColon] == 0x3A {
                hostEnd = portColon
                let digitsStart = portColon + 1
                if digitsStart < authorityEnd {
                    var significant = 0, value = 0
                    for index in digitsStart..<authorityEnd {
                        let byte = input[index]
                        guard isDigit(byte) else { return nil }
                        if significant > 0 || byte != 0x30 { significant += 1 }
                        guard significant <= 5 else { return nil }
                        value = value * 10 + Int(byte - 0x30)
                    }
                    guard value <= 65535 else { return nil }
                    if value != defaultPort { port = value }
                }
                break
            }
        }
        guard defaultPort == CanonicalURL.fileScheme || hostEnd > hostStart else { return nil }
        for index in hostStart..<hostEnd where input[index] >= 0x80 || input[index] <= 0x20 { return nil }
        output.append(0x2F)
        output.append(0x2F)
        if userInfoEnd > position {
            encode(input, position, userInfoEnd, into: &output, keep: ByteClass.userInfo)
            output.append(0x40)
        }
        let outputHostStart = output.count
        for index in hostStart..<hostEnd { output.append(lowercased(input[index])) }
        let host = String(decoding: output[outputHostStart...], as: UTF8.self)
        if let port {
            output.append(0x3A)
            appendDecimal(port, to: &output)
        }
        var fragmentStart = authorityEnd
        while fragmentStart < end && input[fragmentStart] != 0x23 { fragmentStart += 1 }
        var queryStart = authorityEnd
        while queryStart < fragmentStart && input[queryStart] != 0x3F { queryStart += 1 }
        appendNormalizedPath(input, authorityEnd, queryStart, into: &output)
        if queryStart < fragmentStart {
            output.append(0x3F)
            encode(input, queryStart + 1, fragmentStart, into: &output, keep: ByteClass.query)
        }
        if fragmentStart < end {
            output.append(0x23)
            encode(input, fragmentStart + 1, end, into: &output, keep: ByteClass.userInfo)
        }
        return CanonicalURL(bytes: output, scheme: scheme, host: host, port: port)
    }

    /// Stands for "no default port" of the `file` scheme in `specialSchemePort`.
    private static let fileScheme = -1

    /// The default port of a special scheme (`fileScheme` for file), nil when the scheme is not special.
    private static func specialSchemePort(_ output: [UInt8], _ length: Int) -> Int? {
        switch length {
        case 2 where output[0] == 0x77 && output[1] == 0x73: return 80  // ws
        case 3 where output[0] == 0x77 && output[1] == 0x73 && output[2] == 0x73: return 443  // wss
        case 3 where output[0] == 0x66 && output[1] == 0x74 && output[2] == 0x70: return 21  // ftp
        case 4 where output[0] == 0x68 && output[1] == 0x74 && output[2] == 0x74 && output[3] == 0x70: return 80  // http
        case 4 where output[0] == 0x66 && output[1] == 0x69 && output[2] == 0x6C && output[3] == 0x65: return fileScheme  // file
        // https
        case 5 where output[0] == 0x68 && output[1] == 0x74 && output[2] == 0x74 && output[3] == 0x70 && output[4] == 0x73: return 443
        default: return nil
        }
    }

    /// Bytes a URL part keeps as they are (others below 0x80 are percent-encoded), one bit per ASCII byte.
    struct ByteClass {
        var low: UInt64
        var high: UInt64

        init(keeping keep: (UInt8) -> Bool) {
            low = 0
            high = 0
            for byte in UInt8(0)..<0x7F where keep(byte) {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }

        @inline(__always) func keeps(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte & 63)) != 0
        }

        /// The rest of a non-special URL.
        static let opaque = ByteClass { $0 != 0x20 }
        /// User info and fragment.
        static let userInfo = ByteClass { $0 > 0x20 && $0 != 0x22 && $0 != 0x3C && $0 != 0x3E && $0 != 0x60 }
        static let query = ByteClass { $0 > 0x20 && $0 != 0x22 && $0 != 0x23 && $0 != 0x3C && $0 != 0x3E && $0 != 0x27 }
        static let path = ByteClass {
            $0 > 0x20 && $0 != 0x22 && $0 != 0x23 && $0 != 0x3C && $0 != 0x3E && $0 != 0x3F && $0 != 0x60 && $0 != 0x7B && $0 != 0x7D
        }
    }

    @inline(__always) static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    @inline(__always) static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }

    @inline(__always) private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x37 + value }

    @inline(__always) private static func append(_ byte: UInt8, to output: inout [UInt8], keep: ByteClass) {
        if keep.keeps(byte) {
            output.append(byte)
        } else {
            output.append(0x25)
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 15))
        }
    }

    /// Appends `input[from..<to]`, percent-encoding bytes that are not ASCII or that `keep` refuses.
    private static func encode(_ input: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, into output: inout [UInt8], keep: ByteClass) {
        var index = from
        while index < to {
            append(input[index], to: &output, keep: keep)
            index += 1
        }
    }

    /// Percent-encodes bytes that are not ASCII or that `keep` refuses.
    static func encode(_ bytes: [UInt8], keep: (UInt8) -> Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x7F && keep(byte) {
                result.append(byte)
            } else {
                result += [0x25, hexDigit(byte >> 4), hexDigit(byte & 15)]
            }
        }
        return result
    }

    private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        var divisor = 1
        while divisor * 10 <= value { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            output.append(0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Appends the path `input[from..<to]` (backslashes as slashes) with `.` and `..` segments resolved and unsafe
    /// bytes encoded; `/` when empty. Each segment is encoded behind a `/`, then dropped again if it is a dot segment.
    private static func appendNormalizedPath(_ input: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, into output: inout [UInt8]) {
        let pathStart = output.count
        let keep = ByteClass.path
        // A non-empty path starts with a separator (the authority ends there), so segments follow each separator.
        var index = from
        if index < to { index += 1 }
        while from < to {
            let segmentStart = output.count
            output.append(0x2F)
            while index < to && input[index] != 0x2F && input[index] != 0x5C {
                append(input[index], to: &output, keep: keep)
                index += 1
            }
            let isLast = index >= to
            switch dotSegment(output, segmentStart + 1) {
            case 1:
                output.removeSubrange(segmentStart...)
                if isLast { output.append(0x2F) }
            case 2:
                output.removeSubrange(segmentStart...)
                if output.count > pathStart {
                    var slash = output.count - 1
                    while output[slash] != 0x2F { slash -= 1 }
                    output.removeSubrange(slash...)
                }
                if isLast { output.append(0x2F) }
            default:
                break
            }
            if isLast { break }
            index += 1
        }
        if output.count == pathStart { output.append(0x2F) }
    }

    /// 1 for `.` (or `%2e`), 2 for `..` (or a `%2e` spelling of it), 0 for other segments starting at `start`.
    private static func dotSegment(_ output: [UInt8], _ start: Int) -> Int {
        let length = output.count - start
        guard length >= 1 && length <= 6 else { return 0 }
        var dots = 0
        var index = start
        while index < output.count {
            if output[index] == 0x2E {
                index += 1
            } else if index + 2 < output.count && output[index] == 0x25 && output[index + 1] == 0x32 && (output[index + 2] | 0x20) == 0x65 {
                index += 3
            } else {
                return 0
            }
            dots += 1
            if dots > 2 { return 0 }
        }
        return dots
    }
}
