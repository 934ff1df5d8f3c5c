/// The trigger's `request-method` (a single string, matched case-insensitively; Safari 26+).
public enum RequestMethod: String, CaseIterable, Sendable {
    /// An HTTP method, lower-cased as WebKit compares it.
    case get, head, options, trace, put, delete, post, patch, connect
}
