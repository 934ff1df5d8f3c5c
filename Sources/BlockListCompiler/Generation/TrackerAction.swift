/// The action of a generated tracker rule.
public enum TrackerAction: String, Sendable {
    /// Block the load.
    case block
    /// Load it without cookies.
    case blockCookies = "block-cookies"
}
