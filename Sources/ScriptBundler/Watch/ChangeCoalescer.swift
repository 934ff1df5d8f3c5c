/// How far along a reported change is.
public enum ChangeState: Sendable, Equatable {
    /// The change is complete: a file closed after writing, a rename, a deletion, a new folder or link.
    case settled
    /// The file is still being written (modified, not closed yet): more writes may follow.
    case inProgress
}

/// Paths that changed, delivered together, with when their first and last events arrived.
public struct FileChangeBatch: Sendable, Equatable {
    /// The paths that changed, each once.
    public var paths: Set<String>
    /// When the watcher received the batch's first and last events.
    public var firstEvent: ContinuousClock.Instant
    /// When the watcher received the batch's last event.
    public var lastEvent: ContinuousClock.Instant

    /// Creates a batch of `paths` received between `firstEvent` and `lastEvent`.
    public init(paths: Set<String>, firstEvent: ContinuousClock.Instant, lastEvent: ContinuousClock.Instant) {
        self.paths = paths
        self.firstEvent = firstEvent
        self.lastEvent = lastEvent
    }
}

/// Groups file events into batches, the logic shared by every native watcher.
///
/// A batch whose changes have all settled is due a short `settleDelay` after its last event (enough for an
/// editor's atomic save, write temp + rename, to arrive as one batch). While a file is still being written, the
/// batch waits until no event arrived for `quietPeriod`. A batch is never held longer than `maximumDelay` after
/// its first event, so a file written without pause still gets built.
public struct ChangeCoalescer: Sendable {
    /// How long after its last event a batch of settled changes is delivered.
    public var settleDelay: Duration
    /// How long a batch with a file still being written waits for writes to pause.
    public var quietPeriod: Duration
    /// The longest a batch is held after its first event.
    public var maximumDelay: Duration
    private var pending: Set<String> = []
    private var writing: Set<String> = []
    private var firstEvent: ContinuousClock.Instant?
    private var lastEvent: ContinuousClock.Instant?

    /// Creates a coalescer; the defaults are watch mode's (2 ms, 50 ms, 1 s).
    public init(
        settleDelay: Duration = .milliseconds(2), quietPeriod: Duration = .milliseconds(50),
        maximumDelay: Duration = .seconds(1)
    ) {
        self.settleDelay = settleDelay
        self.quietPeriod = quietPeriod
        self.maximumDelay = maximumDelay
    }

    /// Whether no change is waiting.
    public var isEmpty: Bool { pending.isEmpty }

    /// Notes a change of `path` received at `time`.
    public mutating func record(_ path: String, _ state: ChangeState, at time: ContinuousClock.Instant) {
        pending.insert(path)
        switch state {
        case .settled: writing.remove(path)
        case .inProgress: writing.insert(path)
        }
        if firstEvent == nil { firstEvent = time }
        lastEvent = time
    }

    /// When the waiting changes are due, or `nil` when none is waiting.
    public var deadline: ContinuousClock.Instant? {
        guard !pending.isEmpty, let firstEvent, let lastEvent else { return nil }
        let quiet = lastEvent + (writing.isEmpty ? settleDelay : quietPeriod)
        return min(quiet, firstEvent + maximumDelay)
    }

    /// The waiting changes if they are due at `time` (and forgets them), otherwise `nil`.
    public mutating func takeBatch(at time: ContinuousClock.Instant) -> FileChangeBatch? {
        guard let deadline, deadline <= time, let firstEvent, let lastEvent else { return nil }
        let batch = FileChangeBatch(paths: pending, firstEvent: firstEvent, lastEvent: lastEvent)
        pending = []
        writing = []
        self.firstEvent = nil
        self.lastEvent = nil
        return batch
    }
}
