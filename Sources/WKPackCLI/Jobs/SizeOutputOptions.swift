import ArgumentParser

/// How `--report` prints the size report.
enum ReportFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// The largest modules of each bundle, for people.
    case text
    /// One JSON document on standard output (the usual build lines go to standard error).
    case json
}

/// The size outputs `bundle` and `build` can add: an esbuild metafile and a report of what each bundle weighs.
struct SizeOutputOptions: Sendable, Equatable {
    /// `--metafile FILE` (relative to the current directory); the configuration's `scripts.metafile` otherwise.
    var metafile: String?
    /// `--report` (text) or `--report-format FORMAT`; `nil` for no report.
    var report: ReportFormat?

    init(metafile: String? = nil, report: ReportFormat? = nil) {
        self.metafile = metafile
        self.report = report
    }

    /// The options as the command line gives them: `--report-format` alone asks for the report too.
    init(metafile: String?, reportFlag: Bool, reportFormat: ReportFormat?) {
        self.init(metafile: metafile, report: reportFormat ?? (reportFlag ? .text : nil))
    }
}
