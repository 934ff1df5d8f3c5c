/// The first use of each `SyntaxFeature` in one file, by token index: a bit set plus one entry per feature used,
/// recorded while the file is parsed (`SyntaxParser`; `SyntaxFeatureScan` where no tree is built).
public struct SyntaxFeatureUses: Sendable, Equatable {
    /// One feature's first use.
    public struct Use: Sendable, Equatable {
        /// The feature used.
        public let feature: SyntaxFeature
        /// Index of the token that shows the feature (in the token array that was scanned or parsed).
        public let token: Int
    }

    private var seen: UInt32 = 0
    /// The recorded uses, one per feature, in the order they were recorded.
    public private(set) var uses: [Use] = []

    /// Creates an empty record.
    public init() {}

    /// Whether `feature` was recorded.
    public func contains(_ feature: SyntaxFeature) -> Bool { seen & (1 << UInt32(feature.rawValue)) != 0 }

    /// The first use of each feature the parser recorded (`SyntaxParseFacts.featureTokens`), in token order.
    package init(firstTokens: [Int32]) {
        self.init()
        let firstUses = firstTokens.enumerated().filter { $0.element != .max }.sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
        for (raw, token) in firstUses {
            if let feature = SyntaxFeature(rawValue: raw) { record(feature, at: Int(token)) }
        }
    }

    /// Records `feature` at `token` unless an earlier use is recorded.
    @inline(__always)
    package mutating func record(_ feature: SyntaxFeature, at token: Int) {
        let bit: UInt32 = 1 << UInt32(feature.rawValue)
        guard seen & bit == 0 else { return }
        seen |= bit
        uses.append(Use(feature: feature, token: token))
    }

    /// Records every use of `other` (features already recorded keep their first use).
    package mutating func formUnion(_ other: SyntaxFeatureUses) {
        for use in other.uses { record(use.feature, at: use.token) }
    }
}
