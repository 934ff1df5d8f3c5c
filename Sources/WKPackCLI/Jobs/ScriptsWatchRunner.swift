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
        let session = WatchSession(configurationFile: watchedConfig) {
            ScriptsJob(config: try ProjectConfig.load(path: configPath), overrides: overrides).bundleConfiguration()
        }
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
