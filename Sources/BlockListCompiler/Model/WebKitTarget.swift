/// The Safari / WebKit release a rule list is checked for.
public enum WebKitTarget: String, CaseIterable, Sendable, Comparable {
    case safari14
    case safari14_1 = "safari14.1"
    case safari15
    case safari16_4 = "safari16.4"
    case safari17
    case safari26

    /// The newest target, the default.
    public static let newest: WebKitTarget = .safari26

    /// The largest number of rules one list may hold.
    public var maximumRuleCount: Int { self == .safari14 ? 50_000 : 150_000 }

    /// Whether the target refuses lists mixing `*-domain` with `*-top-url` conditions (WebCore 7607–7611).
    public var refusesMixedDomainAndTopURLConditions: Bool { self < .safari15 }

    /// The position in release order.
    private var order: Int { WebKitTarget.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: WebKitTarget, rhs: WebKitTarget) -> Bool { lhs.order < rhs.order }
}
