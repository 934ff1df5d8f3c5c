import Dispatch
import Foundation
import ScriptBundler

/// Runs watch mode for `wkpack watch` and `wkpack bundle --watch`: prints one line per build, errors to
/// standard error, and returns normally (exit status 0) on SIGINT or SIGTERM.
struct ScriptsWatchRunner {
    let configPath: String?
    let overrides: ScriptsOverrides
    /// Where the build lines and errors go.
    var console: Console = .standard
    /// Prepares what ends watch mode before the first build and returns the wait for it; by default SIGINT or
    /// SIGTERM (prepared first, so an early Ctrl-C still ends the run with status 0).
    var prepareStop: @Sendable () -> (@Sendable () -> Void) = ScriptsWatchRunner.interruptSignal

    func run() throws {
        let console = self.console
        let configPath = self.configPath
        let overrides = self.overrides
        let watchedConfig =
            configPath ?? (FileManager.default.fileExists(atPath: ProjectConfig.defaultFileName) ? ProjectConfig.defaultFileName : nil)
        // The job of the configuration last loaded: its project-boundary checks run before every build, as
        // `wkpack build` runs them, so files and links created while watching are checked too.
        let current = CurrentJob()
        let session = WatchSession(
            configurationFile: watchedConfig,
            inputCheck: { configuration, groups throws(BundlerError) in
                guard let job = current.job else { return }
                do {
                    try job.checkProjectBoundary(configuration, groups: groups)
                } catch let error as ConfigError {
                    throw BundlerError(.invalidConfiguration, at: error.location, error.message)
                } catch let error as BundlerError {
                    throw error
                } catch {
                    throw BundlerError(.invalidConfiguration, at: SourceLocation(path: configuration.root), String(describing: error))
                }
            }
        ) {
            let job = ScriptsJob(config: try ProjectConfig.load(path: configPath), overrides: overrides)
            current.job = job
            return job.bundleConfiguration()
        }
        let profile = ProcessInfo.processInfo.environment["WKPACK_WATCH_PROFILE"] == "1"
        let waitForStop = prepareStop()
        do {
            try session.start { event in
                switch event {
                case .built(let build):
                    console.writeLines([WatchReport.line(for: build, at: Date())])
                    if profile { console.writeError(WatchReport.phasesLine(for: build) + "\n") }
                case .failed(let message, _):
                    console.writeError(message + "\n")
                    console.writeLines([WatchReport.failureLine(at: Date())])
                }
            }
        } catch {
            throw CommandFailure.report(error)
        }
        waitForStop()
        session.stop()
        console.writeLines(["stopped watching"])
    }

    /// Catches SIGINT and SIGTERM from now on; the returned wait returns at the first of them.
    @Sendable static func interruptSignal() -> (@Sendable () -> Void) {
        let interrupted = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { interrupted.signal() }
            source.resume()
            sources.append(source)
        }
        let held = SignalSources(sources)
        return {
            interrupted.wait()
            held.cancel()
        }
    }
}

/// The signal sources watch mode listens to, kept until it stops (each is cancelled once, after the wait).
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}

/// The scripts job of the configuration last loaded, shared between the loader and the checks.
private final class CurrentJob: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ScriptsJob?

    var job: ScriptsJob? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
