/// One of WebKit's evaluations of a load: the URL the url-filters see and the resource type the load counts as.
///
/// WebKit evaluates most loads once, on the URL without its `#fragment`. A popup is evaluated on the URL with its
/// fragment. A media load is evaluated with the fragment and again without it; a ping or a CSP report is evaluated
/// as its own type on the URL as given, then again as `other` without the fragment. A block from either
/// evaluation blocks the load.
public struct LoadEvaluation: Sendable {
    /// The URL the url-filters are matched against.
    public let url: CanonicalURL
    /// The type the load counts as in this evaluation.
    public let resourceType: RequestResourceType
    /// Whether this is the second evaluation of a load WebKit evaluates twice.
    public let isSecond: Bool
    /// `url` lower-cased, for literal pre-checks and the gram index.
    let lowercasedURL: [UInt8]

    init(url: CanonicalURL, resourceType: RequestResourceType, isSecond: Bool, lowercasedURL: [UInt8]) {
        self.url = url
        self.resourceType = resourceType
        self.isSecond = isSecond
        self.lowercasedURL = lowercasedURL
    }

    /// The evaluations WebKit makes of a load of `type` whose canonical URL is `url` (`lowercased` its bytes
    /// lower-cased), in order.
    static func evaluations(of url: CanonicalURL, lowercased: [UInt8], type: RequestResourceType) -> [LoadEvaluation] {
        let stripped = url.withoutFragment
        let strippedLowercased = url.fragmentStart.map { Array(lowercased[..<$0]) } ?? lowercased
        let withoutFragment = LoadEvaluation(url: stripped, resourceType: type, isSecond: false, lowercasedURL: strippedLowercased)
        switch type {
        case .popup:
            return [LoadEvaluation(url: url, resourceType: type, isSecond: false, lowercasedURL: lowercased)]
        case .media:
            let asGiven = LoadEvaluation(url: url, resourceType: type, isSecond: false, lowercasedURL: lowercased)
            guard url.fragmentStart != nil else { return [asGiven] }
            return [asGiven, LoadEvaluation(url: stripped, resourceType: type, isSecond: true, lowercasedURL: strippedLowercased)]
        case .ping, .cspReport:
            return [
                LoadEvaluation(url: url, resourceType: type, isSecond: false, lowercasedURL: lowercased),
                LoadEvaluation(url: stripped, resourceType: .other, isSecond: true, lowercasedURL: strippedLowercased),
            ]
        default:
            return [withoutFragment]
        }
    }

    /// How the second evaluation differs from the first, for explanations ("as other, without the fragment").
    public var summary: String {
        resourceType == .other ? "as other, without the fragment" : "without the fragment"
    }
}
