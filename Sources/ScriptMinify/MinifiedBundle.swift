import ScriptSyntax

/// A minified bundle, its source map (not yet linked) and its extracted legal comments.
package struct MinifiedBundle {
    package var code: [UInt8]
    package var map: SourceMapBuilder?
    /// The `<Name>.js.LICENSE.txt` contents, when the bundle had legal comments.
    package var license: [UInt8]?
}
