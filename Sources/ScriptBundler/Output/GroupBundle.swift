import ScriptModules
import WKPackSupport

/// One built bundle, held in memory until every group has succeeded.
public struct GroupBundle: Sendable {
    /// The group the bundle was built from.
    public let group: ScriptGroup
    /// The bundle's bytes.
    public let code: [UInt8]
    /// The external source map's bytes, as the parts the build writes in order (not joined), when the mode is
    /// `external`. `mapParts.count` is its byte count.
    public let mapParts: OutputBytes?
    /// The external source map's bytes joined into one array (a copy made on each use), when the mode is
    /// `external`: for callers that want the whole map at once. The build writes `mapParts`.
    public var map: [UInt8]? { mapParts?.joined }
    /// `<output>.map`, when the mode is `external`.
    public var mapFileName: String? { mapParts == nil ? nil : group.outputFileName + ".map" }
    /// The legal comments moved out of a production bundle, if it had any.
    public let license: [UInt8]?
    /// `<output>.LICENSE.txt`, when the bundle has legal comments.
    public var licenseFileName: String? { license == nil ? nil : group.outputFileName + ".LICENSE.txt" }
    /// Every path the build read, probed or listed (absolute; a listed folder also as its path plus `/`), when
    /// built with a `SourceCache` (watch mode).
    public let inputs: Set<String>
    /// Time spent building this bundle.
    public let duration: Duration
    /// The bundle's modules and where its bytes come from, when built with `analyzesSize`.
    public var size: BundleSize? = nil

    init(
        group: ScriptGroup, code: [UInt8], map: OutputBytes?, license: [UInt8]?, inputs: Set<String>, duration: Duration,
        size: BundleSize? = nil
    ) {
        self.group = group
        self.code = code
        self.mapParts = map
        self.license = license
        self.inputs = inputs
        self.duration = duration
        self.size = size
    }
}
