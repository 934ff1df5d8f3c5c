import Foundation

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A `FileWatcher` whose batches the test delivers itself, for exact control over what arrives together.
final class ManualFileWatcher: FileWatcher, @unchecked Sendable {
    private let lock = NSLock()
    private var handler: (@Sendable (FileChangeBatch) -> Void)?

    func start(_ targets: [WatchTarget], handler: @escaping @Sendable (FileChangeBatch) -> Void) throws(FileWatcherError) {
        lock.withLock { self.handler = handler }
    }

    func add(_ targets: [WatchTarget]) throws(FileWatcherError) {}

    func stop() {
        lock.withLock { handler = nil }
    }

    /// Delivers `paths` as one batch, as a native watcher would after they settled.
    func deliver(_ paths: Set<String>) {
        let now = ContinuousClock.now
        lock.withLock { handler }?(FileChangeBatch(paths: paths, firstEvent: now, lastEvent: now))
    }
}
