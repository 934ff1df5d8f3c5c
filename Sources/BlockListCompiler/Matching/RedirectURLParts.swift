/// The parts of a canonical URL with a special scheme (http, https, ws, wss, ftp), as the setters of WebKit's
/// `URL` change them. Holds the already-encoded text of each part.
struct RedirectURLParts: Sendable, Hashable {
    static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    var scheme: String
    var username: String
    var password: String
    var host: String
    var port: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `url`; nil when its scheme is not special (or is `file`).
    init?(_ url: CanonicalURL) {
        guard RedirectURLParts.specialSchemes.contains(url.scheme) else { return nil }
        var rest = Substring(url.string.dropFirst(url.scheme.count + 3))
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        path = String(rest[slash...])
        var authority = rest[..<slash]
        username = ""
        password = ""
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                username = String(userInfo[..<colon])
                password = String(userInfo[userInfo.index(after: colon)...])
            } else {
                username = String(userInfo)
            }
            authority = authority[authority.index(after: at)...]
        }
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            port = String(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        host = String(authority)
        scheme = url.scheme
    }

    /// The URL text (to canonicalize again, as WebKit re-parses after each setter).
    var serialized: String {
        var text = scheme + "://"
        if !username.isEmpty || !password.isEmpty {
            text += username
            if !password.isEmpty { text += ":" + password }
            text += "@"
        }
        text += host
        if let port { text += ":" + port }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// Percent-encodes the bytes WebKit's URL parser encodes in user info.
    static func encodeUserInfo(_ text: String) -> String {
        let bytes = CanonicalURL.encode(Array(text.utf8)) { byte in
            byte > 0x20 && !"\"#<>?`{}/:;=@[\\]^|".utf8.contains(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
