/// The action of a generated tracker rule.
public enum TrackerAction: String, Sendable {
    case block
    case blockCookies = "block-cookies"
}
