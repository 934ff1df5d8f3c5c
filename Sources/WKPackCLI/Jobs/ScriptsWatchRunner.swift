import Dispatch
import Foundation
import ScriptBundler

/// Runs watch mode for `wkpack watch` and `wkpack bundle --watch`: prints one line per build, errors to
/// standard error, and returns normally (exit status 0) on SIGINT or SIGTERM.
struct ScriptsWatchRunner {
    let configPath: String?
    let overrides: ScriptsOverrides

    func run() throws {
        let configPath = self.configPath
        let overrides = self.overrides
        let watchedConfig = configPath ?? (FileManager.default.fileExists(atPath: ProjectConfig.defaultFileName) ? ProjectConfig.defaultFileName : nil)
        // The job of the configuration last loaded: its project-boundary checks run before every build, as
        // `wkpack build` runs them, so files and links created while watching are checked too.
        let current = CurrentJob()
        let session = WatchSession(configurationFile: watchedConfig, inputCheck: { configuration, groups throws(BundlerError) in
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
        }) {
            let job = ScriptsJob(config: try ProjectConfig.load(path: configPath), overrides: overrides)
            current.job = job
            return job.bundleConfiguration()
        }
        let profile = ProcessInfo.processInfo.environment["WKPACK_WATCH_PROFILE"] == "1"
        let interrupted = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { interrupted.signal() }
            source.resume()
            sources.append(source)
        }
        do {
            try session.start { event in
                switch event {
                case .built(let build):
                    StandardOutput.writeLine(WatchReport.line(for: build, at: Date()))
                    if profile { StandardError.write(WatchReport.phasesLine(for: build) + "\n") }
                case .failed(let message, _):
                    StandardError.write(message + "\n")
                    StandardOutput.writeLine(WatchReport.failureLine(at: Date()))
                }
            }
        } catch {
            throw CommandFailure.report(error)
        }
        interrupted.wait()
        session.stop()
        for source in sources { source.cancel() }
        StandardOutput.writeLine("stopped watching")
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
