import ScriptSyntax
import WKPackSupport

/// Turns a bundle built for a size analysis into the bundle as configured, with its `BundleSize`.
enum BundleSizeAnalysis {
    /// Reads `code`'s map (external, inline, or, for `sourceMaps: none`, the external map the bundle was built
    /// with, which is then dropped with its `//# sourceMappingURL` line) and attributes `code`'s bytes. An external
    /// map's parts are joined for the reading (only here, with `analyzesSize`).
    static func analyze(
        _ code: inout [UInt8], map: inout OutputBytes?, modules: [BundleModule], outputFileName: String, sourceMaps: SourceMapMode,
        outputFolder: String, projectFolder: String
    ) throws(BundlerError) -> BundleSize {
        let mapJSON: [UInt8]?
        switch sourceMaps {
        case .external:
            mapJSON = map?.joined
        case .inline:
            mapJSON = InlineSourceMap.json(in: code)
        case .none:
            mapJSON = map?.joined
            let comment = Array("//# sourceMappingURL=\(outputFileName).map\n".utf8)
            guard code.count >= comment.count, Array(code.suffix(comment.count)) == comment else {
                throw BundlerError(
                    .invalidConfiguration, at: SourceLocation(path: outputFileName),
                    "internal error: the size analysis found no source map comment to remove")
            }
            code.removeLast(comment.count)
            map = nil
        }
        guard let mapJSON,
            let attribution = OutputByteAttributor.attribute(
                code: code, mapJSON: mapJSON, mapFolder: outputFolder,
                projectFolder: projectFolder)
        else {
            throw BundlerError(
                .invalidConfiguration, at: SourceLocation(path: outputFileName),
                "internal error: the size analysis cannot read the bundle's source map")
        }
        return BundleSize(modules: modules, attribution: attribution)
    }
}
