@testable import BlockListCompiler

/// The first, straightforward canonicalizer (one array per URL part), kept as the reference the byte-level
/// `CanonicalURL` must agree with exactly.
struct ReferenceCanonicalURL {
    let bytes: [UInt8]
    let scheme: String
    let host: String
    let port: Int?

    private static let specialSchemes: [String: Int?] = ["http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "file": nil]

    /// Parses and canonicalizes `text`; nil when it is not an absolute URL.
    init?(_ text: String) {
        var input = Array(text.utf8).filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        while let first = input.first, first <= 0x20 { input.removeFirst() }
        while let last = input.last, last <= 0x20 { input.removeLast() }
        guard let colon = input.firstIndex(of: UInt8(ascii: ":")), colon > 0, CanonicalURL.isAlpha(input[0]),
            input[..<colon].allSatisfy({ CanonicalURL.isAlpha($0) || CanonicalURL.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        let schemeBytes = input[..<colon].map(CanonicalURL.lowercased)
        let scheme = String(decoding: schemeBytes, as: UTF8.self)
        var output = schemeBytes
        output.append(UInt8(ascii: ":"))
        var rest = Array(input[(colon + 1)...])
        guard let defaultPort = ReferenceCanonicalURL.specialSchemes[scheme] else {
            // Not special: keep the rest, encoding what must be.
            output += ReferenceCanonicalURL.encode(rest, keep: { $0 != 0x20 })
            self.bytes = output
            self.scheme = scheme
            self.host = ""
            self.port = nil
            return
        }
        while let first = rest.first, first == 0x2F || first == 0x5C { rest.removeFirst() }
        let authorityEnd = rest.firstIndex { $0 == 0x2F || $0 == 0x5C || $0 == 0x3F || $0 == 0x23 } ?? rest.count
        var authority = Array(rest[..<authorityEnd])
        var userInfo: [UInt8] = []
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            userInfo = Array(authority[..<at])
            authority = Array(authority[(at + 1)...])
        }
        var hostBytes = authority
        var port: Int?
        if let portColon = authority.lastIndex(of: UInt8(ascii: ":")), !authority[portColon...].contains(UInt8(ascii: "]")) {
            hostBytes = Array(authority[..<portColon])
            let digits = authority[(portColon + 1)...]
            if !digits.isEmpty {
                guard digits.allSatisfy(CanonicalURL.isDigit), digits.count <= 5 || digits.drop(while: { $0 == 0x30 }).count <= 5 else {
                    return nil
                }
                let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                guard value <= 65535 else { return nil }
                if value != defaultPort { port = value }
            }
        }
        hostBytes = hostBytes.map(CanonicalURL.lowercased)
        guard scheme == "file" || !hostBytes.isEmpty, hostBytes.allSatisfy({ $0 < 0x80 && $0 > 0x20 }) else { return nil }
        output += [UInt8(ascii: "/"), UInt8(ascii: "/")]
        if !userInfo.isEmpty {
            output += ReferenceCanonicalURL.encode(userInfo, keep: { $0 > 0x20 && $0 != 0x22 && $0 != 0x3C && $0 != 0x3E && $0 != 0x60 })
            output.append(UInt8(ascii: "@"))
        }
        output += hostBytes
        if let port {
            output.append(UInt8(ascii: ":"))
            output += Array(String(port).utf8)
        }
        var remainder = Array(rest[authorityEnd...])
        var fragment: [UInt8]?
        if let hash = remainder.firstIndex(of: UInt8(ascii: "#")) {
            fragment = Array(remainder[(hash + 1)...])
            remainder = Array(remainder[..<hash])
        }
        var query: [UInt8]?
        if let question = remainder.firstIndex(of: UInt8(ascii: "?")) {
            query = Array(remainder[(question + 1)...])
            remainder = Array(remainder[..<question])
        }
        let path = remainder.map { $0 == 0x5C ? UInt8(ascii: "/") : $0 }
        output += ReferenceCanonicalURL.normalizedPath(path)
        if let query {
            output.append(UInt8(ascii: "?"))
            output += ReferenceCanonicalURL.encode(
                query, keep: { $0 > 0x20 && $0 != 0x22 && $0 != 0x23 && $0 != 0x3C && $0 != 0x3E && $0 != 0x27 })
        }
        if let fragment {
            output.append(UInt8(ascii: "#"))
            output += ReferenceCanonicalURL.encode(fragment, keep: { $0 > 0x20 && $0 != 0x22 && $0 != 0x3C && $0 != 0x3E && $0 != 0x60 })
        }
        self.bytes = output
        self.scheme = scheme
        self.host = String(decoding: hostBytes, as: UTF8.self)
        self.port = port
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Percent-encodes bytes that are not ASCII or that `keep` refuses.
    static func encode(_ bytes: [UInt8], keep: (UInt8) -> Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x7F && keep(byte) {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            }
        }
        return result
    }

    /// The path with `.` and `..` segments resolved and unsafe bytes encoded; `/` when empty.
    static func normalizedPath(_ path: [UInt8]) -> [UInt8] {
        let encoded = encode(
            path,
            keep: {
                $0 > 0x20 && $0 != 0x22 && $0 != 0x23 && $0 != 0x3C && $0 != 0x3E && $0 != 0x3F && $0 != 0x60 && $0 != 0x7B && $0 != 0x7D
            })
        if !encoded.contains(UInt8(ascii: ".")) && !encoded.contains(UInt8(ascii: "%")) {
            return encoded.isEmpty ? [UInt8(ascii: "/")] : encoded
        }
        var segments: [[UInt8]] = []
        let parts = encoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        for (position, part) in parts.enumerated() {
            let lower = part.map(CanonicalURL.lowercased)
            let isLast = position == parts.count - 1
            if lower == [0x2E] || lower == Array("%2e".utf8) {
                if isLast { segments.append([]) }
            } else if lower == [0x2E, 0x2E] || lower == Array(".%2e".utf8) || lower == Array("%2e.".utf8) || lower == Array("%2e%2e".utf8) {
                if !segments.isEmpty { segments.removeLast() }
                if isLast { segments.append([]) }
            } else {
                segments.append(Array(part))
            }
        }
        if segments.isEmpty { return [UInt8(ascii: "/")] }
        var result: [UInt8] = []
        for segment in segments {
            result.append(UInt8(ascii: "/"))
            result += segment
        }
        return result
    }
}
