/// The Safari / WebKit release a rule list is checked for.
public enum WebKitTarget: String, CaseIterable, Sendable, Comparable {
    /// Safari 14 (iOS 14): 50,000 rules per list.
    case safari14
    /// Safari 14.1 (iOS 14.5).
    case safari14_1 = "safari14.1"
    /// Safari 15 (iOS 15).
    case safari15
    /// Safari 16.4 (iOS 16.4).
    case safari16_4 = "safari16.4"
    /// Safari 17 (iOS 17).
    case safari17
    /// Safari 26 (iOS 26), the newest.
    case safari26

    /// The newest target, the default.
    public static let newest: WebKitTarget = .safari26

    /// The largest number of rules one list may hold.
    public var maximumRuleCount: Int { self == .safari14 ? 50_000 : 150_000 }

    /// Whether the target refuses lists mixing `*-domain` with `*-top-url` conditions (WebCore 7607–7611).
    public var refusesMixedDomainAndTopURLConditions: Bool { self < .safari15 }

    /// The position in release order (the order of the cases), without searching `allCases` on every comparison.
    private var order: Int {
        switch self {
        case .safari14: 0
        case .safari14_1: 1
        case .safari15: 2
        case .safari16_4: 3
        case .safari17: 4
        case .safari26: 5
        }
    }

    /// Whether `lhs` is an older release than `rhs`.
    public static func < (lhs: WebKitTarget, rhs: WebKitTarget) -> Bool { lhs.order < rhs.order }
}
