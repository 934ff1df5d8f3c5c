/// The Disconnect categories firefox-ios turns into lists (other categories, e.g. `FingerprintingInvasive`, are not used).
public enum DisconnectCategory: String, Sendable, CaseIterable, Hashable {
    /// Disconnect's `Advertising` category.
    case advertising = "Advertising"
    /// Disconnect's `Analytics` category.
    case analytics = "Analytics"
    /// Disconnect's `Social` category.
    case social = "Social"
    /// Disconnect's `Cryptomining` category.
    case cryptomining = "Cryptomining"
    /// Disconnect's `Content` category.
    case content = "Content"

    /// The categories blocked outright (`disconnect-block-<category>.json`), in output order.
    public static let blocked: [DisconnectCategory] = [.advertising, .analytics, .social, .cryptomining]
    /// The categories whose cookies are blocked (`disconnect-block-cookies-<category>.json`), in output order.
    public static let cookieBlocked: [DisconnectCategory] = [.advertising, .analytics, .social, .content]

    /// The lower-cased name used in file names.
    public var fileStem: String { rawValue.lowercased() }

    /// The category named `name`, ignoring case.
    public init?(name: String) {
        guard let match = DisconnectCategory.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }
}
