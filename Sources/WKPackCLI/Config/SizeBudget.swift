import ScriptBundler

/// A `maxBytes` limit on a bundle's written size, with where the configuration sets it.
public struct SizeBudget: Sendable, Equatable {
    public var maxBytes: Int
    /// The `maxBytes` value in `wkpack.yml` (errors point here).
    public var location: SourceLocation

    public init(maxBytes: Int, location: SourceLocation) {
        self.maxBytes = maxBytes
        self.location = location
    }
}
