/// What a watch session reports: one event per build (the first build and each rebuild).
public enum WatchEvent: Sendable {
    /// Bundles were rebuilt and written.
    case built(WatchBuild)
    /// The build failed; the previous outputs stay in place. `message` is `path:line:col: error: ...`.
    case failed(message: String, duration: Duration)
}

/// One successful (re)build in a watch session.
public struct WatchBuild: Sendable {
    /// The bundles that were rebuilt (groups whose inputs did not change are not listed).
    public let bundles: [GroupBundle]
    /// The files written (or found unchanged).
    public let written: [WrittenFile]
    /// How many groups the configuration has in total.
    public let groupCount: Int
    /// The changed paths that caused this build (empty for a full build).
    public let changed: [String]
    /// Whether the configuration was (re)loaded for this build.
    public let reloadedConfiguration: Bool
    public let duration: Duration
}
