/// What WebKit does with a load once every list was evaluated.
public struct MatchDecision: Sendable, Hashable {
    /// A `block` rule applies.
    public var blocked = false
    /// A `block-cookies` rule applies.
    public var cookiesBlocked = false
    /// A `make-https` rule applies and the URL is http or ws on the default port, so WebKit upgrades it.
    public var upgradedToHTTPS = false
    /// A `make-https` rule applies (even where no upgrade is possible).
    public var makeHTTPSMatched = false
    /// The redirects that apply, in rule order.
    public var redirects: [Redirect] = []
    /// The redirects that apply with their rules, in rule order (lists in order).
    public var redirectSteps: [RedirectStep] = []
    /// The URL WebKit loads instead, once every redirect is applied (nil when no redirect applies).
    public var redirectTarget: RedirectTarget?
    /// The `notify` notifications, in rule order.
    public var notifications: [String] = []
    /// The selectors hidden by `css-display-none` rules, in rule order.
    public var hiddenSelectors: [String] = []
    /// The `modify-headers` actions that apply, in rule order.
    public var headerChanges: [ModifyHeaders] = []

    /// Creates the decision of a request no rule matched: loaded as it is.
    public init() {}

    /// Adds the effect of one action.
    mutating func apply(_ kind: Action.Kind, url: CanonicalURL) {
        switch kind {
        case .block: blocked = true
        case .blockCookies: cookiesBlocked = true
        case .cssDisplayNone(let selector): hiddenSelectors.append(selector)
        case .makeHTTPS:
            makeHTTPSMatched = true
            if (url.scheme == "http" || url.scheme == "ws") && url.port == nil { upgradedToHTTPS = true }
        case .notify(let notification): notifications.append(notification)
        case .redirect(let redirect): redirects.append(redirect)
        case .modifyHeaders(let changes): headerChanges.append(changes)
        case .ignorePreviousRules, .ignoreFollowingRules: break
        }
    }

    /// Computes `redirectTarget` from `redirectSteps`.
    mutating func resolveRedirectTarget(requestURL: CanonicalURL) {
        redirectTarget = RedirectTarget.resolve(requestURL: requestURL, upgradedToHTTPS: upgradedToHTTPS, steps: redirectSteps)
    }

    /// Combines the decisions of independent lists.
    mutating func merge(_ other: MatchDecision) {
        blocked = blocked || other.blocked
        cookiesBlocked = cookiesBlocked || other.cookiesBlocked
        upgradedToHTTPS = upgradedToHTTPS || other.upgradedToHTTPS
        makeHTTPSMatched = makeHTTPSMatched || other.makeHTTPSMatched
        redirects += other.redirects
        redirectSteps += other.redirectSteps
        notifications += other.notifications
        hiddenSelectors += other.hiddenSelectors
        headerChanges += other.headerChanges
    }
}

/// A rule whose trigger matched a request.
public struct FiredRule: Sendable, Hashable {
    /// Index of the rule in its list's JSON array.
    public var index: Int
    /// JSON pointer to the rule, e.g. "/12".
    public var pointer: String { "/" + String(index) }
    /// What the rule does.
    public var action: Action.Kind
    /// Index of the rule that cancelled this one (`ignore-previous-rules` after it, `ignore-following-rules` before it).
    public var cancelledBy: Int?
    /// Whether the rule matched only in WebKit's second evaluation of the load (see `LoadEvaluation`).
    public var inSecondEvaluation: Bool

    /// Creates a record of a rule that fired.
    public init(index: Int, action: Action.Kind, cancelledBy: Int? = nil, inSecondEvaluation: Bool = false) {
        self.index = index
        self.action = action
        self.cancelledBy = cancelledBy
        self.inSecondEvaluation = inSecondEvaluation
    }
}

/// The outcome of one list for one request.
public struct ListMatchResult: Sendable, Hashable {
    /// The list's decision on the request.
    public var decision: MatchDecision
    /// Rules that fired and count, in rule order.
    public var fired: [FiredRule]
    /// Rules that matched but were cancelled, in rule order.
    public var cancelled: [FiredRule]

    /// Creates a result; ``RuleListMatcher/evaluate(_:)-(PreparedRequest)`` makes the real ones.
    public init(decision: MatchDecision = MatchDecision(), fired: [FiredRule] = [], cancelled: [FiredRule] = []) {
        self.decision = decision
        self.fired = fired
        self.cancelled = cancelled
    }
}
