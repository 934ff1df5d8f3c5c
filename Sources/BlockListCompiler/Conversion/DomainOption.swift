/// Checks the domains of `$domain=` options and cosmetic filters against what WebKit's `if-domain` can express.
enum DomainOption {
    /// Why `domain` cannot become an `if-domain`/`unless-domain` entry, or nil when it can.
    static func problem(with domain: String) -> String? {
        if domain.isEmpty { return "empty domain" }
        // The common case, answered on the bytes: lowercase ASCII letters, digits, '.', '-' and '_' only, which
        // every check below accepts.
        if domain.utf8.allSatisfy(isPlainDomainByte) { return nil }
        if domain.hasSuffix(".*") || domain.contains("*") {
            return "wildcard domain '\(domain)' (an entity such as 'google.*'): WebKit's if-domain takes exact domains only"
        }
        if domain.hasPrefix("/") { return "regular-expression domain '\(domain)': WebKit's if-domain takes exact domains only" }
        guard
            domain.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "_" }
            )
        else {
            return "domain '\(domain)' is not lowercase ASCII: WebKit's if-domain needs punycode"
        }
        return nil
    }

    /// Whether `host` is `domain` or one of its subdomains.
    @inline(__always) private static func isPlainDomainByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    static func covers(_ domain: String, _ host: String) -> Bool {
        host == domain || host.hasSuffix("." + domain)
    }
}
