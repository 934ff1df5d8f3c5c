/// Checks a domain from tracker data before it goes into a rule, and makes it ASCII.
///
/// Non-ASCII labels become punycode (`xn--…`, with a note). A domain holding regex syntax (`\ ^ $ * + ? ( ) [ ] { } |`)
/// or characters no URL host has is refused, since the rule would not mean what the data says.
enum DomainNormalizer {
    /// Where a domain goes.
    enum Role {
        /// Into a url-filter (`^https?://([^/]+\.)?` + domain); a path after the host is allowed.
        case tracker
        /// Into `unless-domain` / `if-domain`: WebKit wants a lower-case ASCII host name.
        case siteDomain
    }

    /// The verdict on one domain.
    enum Outcome: Equatable {
        /// Usable as is.
        case accepted(String)
        /// Usable after a change the caller should report (punycode, lower-casing).
        case changed(String, note: String)
        /// Not usable; the reason.
        case refused(String)
    }

    /// The characters that are regular-expression syntax in a url-filter (`.` is escaped by the writer).
    static func isRegexSyntax(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "|"):
            return true
        default:
            return false
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "%"), UInt8(ascii: "~"), UInt8(ascii: "="), UInt8(ascii: "&"),
            UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// Checks `domain` for `role`.
    static func normalize(_ domain: String, role: Role) -> Outcome {
        if domain.isEmpty { return .refused("the domain is empty") }
        var text = domain
        var notes: [String] = []
        if domain.utf8.contains(where: { $0 >= 0x80 }) {
            guard let ascii = Punycode.asciiDomain(domain) else {
                return .refused("the non-ASCII domain \"\(domain)\" cannot be written as punycode")
            }
            text = ascii
            notes.append("the non-ASCII domain \"\(domain)\" is written as punycode \"\(ascii)\"")
        }
        if role == .siteDomain, text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            let lower = text.lowercased()
            notes.append("the domain \"\(text)\" is lower-cased to \"\(lower)\" (WebKit wants lower-case domains)")
            text = lower
        }
        for byte in text.utf8 {
            if isRegexSyntax(byte) {
                return .refused(
                    "the domain \"\(domain)\" contains '\(Character(Unicode.Scalar(byte)))', which is regular-expression syntax")
            }
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if isHostByte(lower) || (role == .tracker && isPathByte(byte)) { continue }
            let shown =
                byte > 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
            return .refused("the domain \"\(domain)\" contains \(shown), which a domain cannot hold")
        }
        if text.hasPrefix(".") || (role == .siteDomain && text.hasSuffix(".")) {
            return .refused("the domain \"\(domain)\" starts or ends with '.'")
        }
        return notes.isEmpty ? .accepted(text) : .changed(text, note: notes.joined(separator: "; "))
    }
}
