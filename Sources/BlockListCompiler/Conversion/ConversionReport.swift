/// What a conversion did with each filter: every filter not converted exactly is listed with its location and why.
public struct ConversionReport: Sendable {
    /// One filter reported.
    public struct Entry: Sendable, Hashable {
        /// Where the filter is: file, line, and the column of the construct at fault.
        public var location: FilterLocation
        /// The filter's text.
        public var filter: String
        /// What kind of problem it is.
        public var kind: FilterProblem.Kind
        /// Why the filter is reported.
        public var message: String

        /// Creates an entry for `filter` at `location`.
        public init(location: FilterLocation, filter: String, kind: FilterProblem.Kind, message: String) {
            self.location = location
            self.filter = filter
            self.kind = kind
            self.message = message
        }
    }

    /// Reported filters, in file and line order.
    public var entries: [Entry] = []
    /// Filters read (lines that are neither blank, comments nor headers).
    public var filterCount = 0
    /// Rules generated before the list was checked and optimized.
    public var rulesGenerated = 0
    /// Rules after WebKit's checks dropped the refused ones.
    public var rulesChecked = 0
    /// Rules after optimization.
    public var rulesOptimized = 0
    /// Rules in each output part.
    public var partRuleCounts: [Int] = []

    /// Creates an empty report.
    public init() {}

    /// Filters with no rule because WebKit cannot express them (or the target cannot).
    public var reportedCount: Int { entries.filter { !$0.kind.isDead && !$0.kind.isConverted }.count }
    /// Filters that do nothing in the source list either (`$badfilter`, cancelled by `#@#`).
    public var deadCount: Int { entries.filter { $0.kind.isDead }.count }
    /// Filters converted only in part (listed too).
    public var partialCount: Int { entries.filter { $0.kind.isPartial }.count }
    /// Filters converted whole on which WebKit decides some loads otherwise (listed too).
    public var approximatedCount: Int { entries.filter { $0.kind == .approximated }.count }
    /// Filters converted (including those converted in part or approximated).
    public var convertedCount: Int { filterCount - reportedCount - deadCount }
    /// Reported filters per kind.
    public var countsByKind: [FilterProblem.Kind: Int] {
        entries.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }
}
