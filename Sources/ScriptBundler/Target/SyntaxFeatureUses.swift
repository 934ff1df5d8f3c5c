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

    /// Records `feature` at `token` unless an earlier use is recorded.
    @inline(__always)
    mutating func record(_ feature: SyntaxFeature, at token: Int) {
        let bit: UInt32 = 1 << UInt32(feature.rawValue)
        guard seen & bit == 0 else { return }
        seen |= bit
        uses.append(Use(feature: feature, token: token))
    }

    /// Records every use of `other` (features already recorded keep their first use).
    mutating func formUnion(_ other: SyntaxFeatureUses) {
        for use in other.uses { record(use.feature, at: use.token) }
    }

    /// The earliest use (by token) of a feature `target` does not support, if any, apart from `ignored` features.
    public func firstUnsupported(by target: ScriptTarget, ignoring ignored: Set<SyntaxFeature> = []) -> Use? {
        uses.filter { !target.supports($0.feature) && !ignored.contains($0.feature) }.min { $0.token < $1.token }
    }
}
