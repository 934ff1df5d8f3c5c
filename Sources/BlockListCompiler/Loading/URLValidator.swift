/// A reasonable approximation of WebKit's URL parser for redirect targets.
enum URLValidator {
    enum Verdict: Equatable { case valid, javaScript, invalid(String) }

    private static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    /// Whether `scheme` is a URL scheme: a letter, then letters, digits, `+`, `-` or `.`.
    static func isValidScheme(_ scheme: String) -> Bool {
        let bytes = Array(scheme.utf8)
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    /// Whether `port` parses as a 16-bit unsigned integer (leading whitespace and `+` allowed, as WTF's `parseInteger`).
    static func isValidPort(_ port: String) -> Bool {
        var bytes = Array(port.utf8)[...]
        while let first = bytes.first, first == 0x20 || (first >= 0x09 && first <= 0x0D) { bytes = bytes.dropFirst() }
        if bytes.first == 0x2B { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        var value = 0
        for byte in bytes {
            value = value * 10 + Int(byte - 0x30)
            if value > 65_535 { return false }
        }
        return true
    }

    /// Checks an absolute URL.
    static func check(_ url: String) -> Verdict {
        var bytes = Array(url.utf8)[...]
        while let first = bytes.first, first <= 0x20 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last <= 0x20 { bytes = bytes.dropLast() }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .invalid("it has no scheme") }
        let scheme = String(decoding: bytes[bytes.startIndex..<colon], as: UTF8.self)
        guard isValidScheme(scheme) else { return .invalid("\"\(scheme)\" is not a valid scheme") }
        let lowered = scheme.lowercased()
        if lowered == "javascript" { return .javaScript }
        guard specialSchemes.contains(lowered) else { return .valid }
        var rest = bytes[(colon + 1)...]
        while let first = rest.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") { rest = rest.dropFirst() }
        let hostEnd =
            rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\") }
            ?? rest.endIndex
        var authority = rest[rest.startIndex..<hostEnd]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        var host = authority
        if authority.first != UInt8(ascii: "["), let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
            host = authority[authority.startIndex..<portColon]
            let port = authority[(portColon + 1)...]
            if !port.isEmpty {
                guard port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), port.count <= 5,
                    Int(String(decoding: port, as: UTF8.self)) ?? 70_000 <= 65_535
                else {
                    return .invalid("the port is not a number from 0 to 65535")
                }
            }
        }
        guard !host.isEmpty else { return .invalid("the host is empty") }
        let forbidden: Set<UInt8> = Set(" #%/:<>?@[\\]^|\t\n\r".utf8)
        if host.first != UInt8(ascii: "["), let bad = host.first(where: { forbidden.contains($0) || $0 < 0x20 || $0 == 0x7F }) {
            return .invalid("the host contains the forbidden character '\(Character(Unicode.Scalar(bad)))'")
        }
        return .valid
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
