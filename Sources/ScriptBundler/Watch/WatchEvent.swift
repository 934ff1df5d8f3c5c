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
    /// From the start of the build to the last output written.
    public let duration: Duration
    /// Where the time went, from the first file event to the last output written.
    public var phases: WatchPhases
}

/// The phases of one rebuild, for profiling watch mode's latency.
public struct WatchPhases: Sendable, Equatable {
    /// From the batch's first file event to its delivery by the watcher (coalescing).
    public var coalesce: Duration = .zero
    /// From the delivery to the start of the build (waiting for a running build, reloading the configuration).
    public var queue: Duration = .zero
    /// Listing the groups' folders and checking them (project boundary).
    public var discovery: Duration
    /// Reading, tokenizing, parsing, linking and assembling the affected groups (in parallel).
    public var build: Duration
    /// Writing the outputs (temporary file + rename).
    public var write: Duration

    /// Creates the phases of one rebuild; `coalesce` and `queue` start at zero.
    public init(discovery: Duration, build: Duration, write: Duration) {
        self.discovery = discovery
        self.build = build
        self.write = write
    }
}
