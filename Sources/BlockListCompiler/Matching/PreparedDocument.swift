/// A canonical URL with what matching derives from it as a request, top or frame URL.
struct PreparedDocument: Sendable {
    let url: CanonicalURL
    /// The canonical bytes lower-cased, for literal pre-checks and the gram index.
    let lowercased: [UInt8]
    /// See `PreparedRequest.topHostSuffixes` (nil unless asked for or the shape is not plain).
    let hostSuffixes: [String]?
    let hostSuffixHashes: [UInt64]

    init(_ url: CanonicalURL, withHostSuffixes: Bool) {
        self.url = url
        let bytes = url.bytes
        lowercased = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            for index in bytes.indices { buffer[index] = CanonicalURL.lowercased(bytes[index]) }
            count = bytes.count
        }
        hostSuffixes = withHostSuffixes ? PreparedDocument.hostSuffixes(of: url) : nil
        hostSuffixHashes = hostSuffixes?.map(HostNameSet.hash) ?? []
    }

    /// The host and its parent domains when the URL has a plain shape, else nil.
    static func hostSuffixes(of url: CanonicalURL) -> [String]? {
        let bytes = url.bytes
        var separators = 0
        if bytes.count >= 3 {
            for index in 0..<(bytes.count - 2) where bytes[index] == 0x3A && bytes[index + 1] == 0x2F && bytes[index + 2] == 0x2F {
                separators += 1
            }
        }
        let host = url.host
        guard separators == 1, !host.isEmpty, url.scheme.utf8.allSatisfy(CanonicalURL.isAlpha),
            !host.utf8.contains(where: { $0 == 0x2A || $0 == 0x40 || $0 == 0x2F || $0 == 0x3A }),
            let schemeEnd = bytes.firstIndex(of: 0x3A), schemeEnd + 3 + host.utf8.count <= bytes.count,
            // The host follows `://` directly: no user info, where a domain's regex could match too.
            bytes[(schemeEnd + 3)..<(schemeEnd + 3 + host.utf8.count)].elementsEqual(host.utf8)
        else { return nil }
        var suffixes = [host]
        var rest = host[...]
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            suffixes.append(String(rest))
        }
        return suffixes
    }
}
