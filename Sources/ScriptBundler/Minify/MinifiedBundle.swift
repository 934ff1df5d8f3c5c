/// A minified bundle, its source map (not yet linked) and its extracted legal comments.
struct MinifiedBundle {
    var code: [UInt8]
    var map: SourceMapBuilder?
    /// The `<Name>.js.LICENSE.txt` contents, when the bundle had legal comments.
    var license: [UInt8]?
}
