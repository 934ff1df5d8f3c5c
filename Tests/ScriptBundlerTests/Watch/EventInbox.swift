/// Collects events delivered on background threads, in order, and hands them to a test one at a time with a
/// timeout: the producer yields into an `AsyncStream`; one task drains it into this actor.
actor EventInbox<Event: Sendable> {
    private var buffer: [Event] = []
    private var waiter: (id: Int, continuation: CheckedContinuation<Event?, Never>)?
    private var nextID = 0

    /// A new inbox and the (thread-safe, synchronous) function that delivers into it.
    static func make() -> (inbox: EventInbox, deliver: @Sendable (Event) -> Void) {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let inbox = EventInbox()
        Task {
            for await event in stream { await inbox.push(event) }
        }
        return (inbox, { continuation.yield($0) })
    }

    private func push(_ event: Event) {
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: event)
        } else {
            buffer.append(event)
        }
    }

    /// The next event, or `nil` when none arrives within `timeout` (generous: the suite runs on loaded 2-core machines).
    func next(timeout: Duration = .seconds(60)) async -> Event? {
        if !buffer.isEmpty { return buffer.removeFirst() }
        nextID += 1
        let id = nextID
        return await withCheckedContinuation { continuation in
            waiter = (id, continuation)
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
        }
    }

    /// The first event that satisfies `predicate` (earlier ones are dropped), or `nil` on timeout.
    func first(timeout: Duration = .seconds(60), where predicate: (Event) -> Bool) async -> Event? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let event = await next(timeout: deadline - ContinuousClock.now) else { return nil }
            if predicate(event) { return event }
        }
        return nil
    }

    private func expire(_ id: Int) {
        guard let waiter, waiter.id == id else { return }
        self.waiter = nil
        waiter.continuation.resume(returning: nil)
    }
}
