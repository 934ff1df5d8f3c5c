import WKPackSupport

/// One group's output bytes: the bundle, its external map and its license file, as applicable.
struct AssembledBundle {
    var code: [UInt8]
    /// The external source map's JSON, as parts (`SourceMapBuilder.jsonParts`).
    var map: OutputBytes?
    /// `<Name>.js.LICENSE.txt` contents (production bundles with legal comments).
    var license: [UInt8]?
}
