import Foundation
import ScriptBundler

/// Formats the one line printed per build in watch mode.
enum WatchReport {
    /// `[12:04:05] rebuilt AllFramesAtDocumentStart.js (1 of 4 bundles) in 3.2 ms`.
    static func line(for build: WatchBuild, at date: Date) -> String {
        let names = build.bundles.map(\.group.outputFileName)
        let what: String
        if build.bundles.count == build.groupCount {
            what = "built \(build.groupCount) bundle\(build.groupCount == 1 ? "" : "s")"
        } else if names.count <= 3 {
            what = "rebuilt " + names.joined(separator: ", ") + " (\(names.count) of \(build.groupCount) bundles)"
        } else {
            what = "rebuilt \(names.count) of \(build.groupCount) bundles"
        }
        let unchanged = build.written.allSatisfy { !$0.changed } ? ", output unchanged" : ""
        let reloaded = build.reloadedConfiguration ? " with the configuration" : ""
        return "[\(clock(date))] " + what + reloaded + " in " + BuildReport.milliseconds(build.duration) + unchanged
    }

    /// With `WKPACK_WATCH_PROFILE=1`: where a rebuild's time went, from the first file event to the last output
    /// written, e.g. `phases: coalesce 2.1 ms, queue 0.0 ms, discovery 0.3 ms, build 4.0 ms, write 0.5 ms`.
    static func phasesLine(for build: WatchBuild) -> String {
        let phases = build.phases
        return "phases: coalesce " + BuildReport.milliseconds(phases.coalesce) + ", queue " + BuildReport.milliseconds(phases.queue)
            + ", discovery " + BuildReport.milliseconds(phases.discovery) + ", build " + BuildReport.milliseconds(phases.build)
            + ", write " + BuildReport.milliseconds(phases.write)
    }

    /// The line after a failed build (the error itself goes to standard error).
    static func failureLine(at date: Date) -> String {
        "[\(clock(date))] build failed; the previous outputs stay; watching for changes"
    }

    private static func clock(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return two(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60)
    }
}
