/// Applies a redirect's `transform` to a URL the way WebKit's `URLTransformAction::applyToURL` does: fragment,
/// host, password, path, port, query (or query-transform), scheme, username, in that order, each setter
/// re-parsing the URL.
enum URLTransformApplier {
    /// Why a transform is not computed (wkpack does not model what WebKit does there).
    struct Problem: Error, Sendable, Equatable {
        var message: String
    }

    static func apply(_ transform: URLTransform, to url: CanonicalURL) -> Result<CanonicalURL, Problem> {
        var current = url
        func change(_ body: (inout RedirectURLParts) throws(Problem) -> Void) throws(Problem) {
            guard var parts = RedirectURLParts(current) else {
                throw Problem(message: "\(current.string) has a scheme other than http, https, ws, wss or ftp")
            }
            try body(&parts)
            guard let reparsed = CanonicalURL(parts.serialized) else {
                throw Problem(message: "the transformed URL \(parts.serialized) is not a URL wkpack can parse")
            }
            current = reparsed
        }
        do throws(Problem) {
            if let fragment = transform.fragment {
                try change { parts in
                    parts.fragment = fragment.isEmpty ? nil : String(fragment.dropFirst(fragment.hasPrefix("#") ? 1 : 0))
                }
            }
            if let host = transform.host {
                guard !host.isEmpty, !host.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F || "/?#@:\\[]%".utf8.contains($0) }) else {
                    throw Problem(
                        message:
                            "host \"\(host)\" is empty or holds a character whose handling by WebKit's URL::setHost wkpack does not model")
                }
                try change { parts in parts.host = host }
            }
            if let password = transform.password {
                try change { parts in parts.password = RedirectURLParts.encodeUserInfo(password) }
            }
            if let path = transform.path {
                try change { parts in
                    // WebKit's setPath adds the leading slash and escapes `?` and `#`.
                    var bytes: [UInt8] = []
                    for byte in path.utf8 {
                        if byte == UInt8(ascii: "?") {
                            bytes += Array("%3F".utf8)
                        } else if byte == UInt8(ascii: "#") {
                            bytes += Array("%23".utf8)
                        } else {
                            bytes.append(byte)
                        }
                    }
                    var escaped = String(decoding: bytes, as: UTF8.self)
                    if !escaped.hasPrefix("/") && !escaped.hasPrefix("\\") { escaped = "/" + escaped }
                    parts.path = escaped
                }
            }
            if let port = transform.port {
                if port.isEmpty {
                    try change { parts in parts.port = nil }
                } else {
                    guard port.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(port), value <= 65535 else {
                        throw Problem(message: "port \"\(port)\" is not a number from 0 to 65535")
                    }
                    try change { parts in parts.port = String(value) }
                }
            }
            if let queryTransform = transform.queryTransform {
                if let parts = RedirectURLParts(current), let query = parts.query,
                    let transformed = QueryTransformApplier.apply(queryTransform, to: query)
                {
                    try change { parts in parts.query = transformed }
                }
            } else if let query = transform.query {
                // An empty query removes it; otherwise a leading `?` is optional.
                try change { parts in parts.query = query.isEmpty ? nil : String(query.dropFirst(query.hasPrefix("?") ? 1 : 0)) }
            }
            if let scheme = transform.scheme {
                let lowered = scheme.lowercased()
                guard RedirectURLParts.specialSchemes.contains(lowered) else {
                    throw Problem(message: "scheme \"\(scheme)\": wkpack only models changes between http, https, ws, wss and ftp")
                }
                try change { parts in parts.scheme = lowered }
            }
            if let username = transform.username {
                try change { parts in parts.username = RedirectURLParts.encodeUserInfo(username) }
            }
        } catch {
            return .failure(error)
        }
        return .success(current)
    }
}
