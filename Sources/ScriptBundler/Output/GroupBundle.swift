/// One built bundle, held in memory until every group has succeeded.
public struct GroupBundle: Sendable {
    public let group: ScriptGroup
    /// The bundle's bytes.
    public let code: [UInt8]
    /// The external source map's bytes, when the mode is `external`.
    public let map: [UInt8]?
    /// `<output>.map`, when the mode is `external`.
    public var mapFileName: String? { map == nil ? nil : group.outputFileName + ".map" }
    /// Time spent building this bundle.
    public let duration: Duration
}
