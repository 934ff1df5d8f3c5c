/// The argument of a `redirect` action: exactly one way to build the new URL.
public enum Redirect: Sendable, Hashable {
    /// A path inside the extension, starting with `/`.
    case extensionPath(String)
    /// A substitution applied with the url-filter as a JavaScript regular expression.
    case regexSubstitution(String)
    /// Changes to parts of the URL.
    case transform(URLTransform)
    /// A fixed URL.
    case url(String)
}
