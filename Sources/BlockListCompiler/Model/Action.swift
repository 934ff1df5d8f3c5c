/// What a rule does.
public struct Action: Sendable, Hashable {
    /// The action type and its arguments.
    public enum Kind: Sendable, Hashable {
        /// `block`: the load does not happen.
        case block
        /// `block-cookies`: the load happens without cookies.
        case blockCookies
        /// `css-display-none`: the selector's elements are hidden on the page.
        case cssDisplayNone(selector: String)
        /// `ignore-previous-rules`: earlier matches of the list are cancelled.
        case ignorePreviousRules
        /// Stops evaluating later rules of the list (WebKit 2.50; not yet in a Safari release).
        case ignoreFollowingRules
        /// `make-https`: an `http` URL is loaded as `https`.
        case makeHTTPS
        /// `notify`: the app is told, with the notification string.
        case notify(notification: String)
        /// `redirect`: another URL is loaded instead.
        indirect case redirect(Redirect)
        /// `modify-headers`: request or response headers are changed.
        indirect case modifyHeaders(ModifyHeaders)
    }

    /// The action type and its arguments.
    public var kind: Kind
    /// Members WebKit ignores, in source order.
    public var unknownMembers: [UnknownMember]

    /// Creates an action of `kind`.
    public init(kind: Kind, unknownMembers: [UnknownMember] = []) {
        self.kind = kind
        self.unknownMembers = unknownMembers
    }

    /// The `type` string.
    public var typeName: String { kind.typeName }
}

extension Action.Kind {
    /// Every action type WebKit 2.50 knows.
    public static let allTypeNames = [
        "block", "block-cookies", "css-display-none", "ignore-previous-rules", "ignore-following-rules", "make-https", "notify", "redirect",
        "modify-headers",
    ]

    /// The `type` string.
    public var typeName: String {
        switch self {
        case .block: return "block"
        case .blockCookies: return "block-cookies"
        case .cssDisplayNone: return "css-display-none"
        case .ignorePreviousRules: return "ignore-previous-rules"
        case .ignoreFollowingRules: return "ignore-following-rules"
        case .makeHTTPS: return "make-https"
        case .notify: return "notify"
        case .redirect: return "redirect"
        case .modifyHeaders: return "modify-headers"
        }
    }

    /// The index of `typeName` in `allTypeNames`.
    var typeIndex: Int {
        switch self {
        case .block: return 0
        case .blockCookies: return 1
        case .cssDisplayNone: return 2
        case .ignorePreviousRules: return 3
        case .ignoreFollowingRules: return 4
        case .makeHTTPS: return 5
        case .notify: return 6
        case .redirect: return 7
        case .modifyHeaders: return 8
        }
    }

    /// The first target that knows the action type.
    public static func introducedIn(_ typeName: String) -> WebKitTarget {
        switch typeName {
        case "redirect", "modify-headers": return .safari15
        case "ignore-following-rules": return .safari26
        default: return .safari14
        }
    }
}
