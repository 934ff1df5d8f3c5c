import Foundation

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The fixture tree `Fixtures/Project` and its expected behaviour.
enum FixtureProject {
    static let folder = TestSupport.fixtures + "/Project"
    static let root = folder + "/UserScripts"
    static let output = folder + "/Assets"

    static func configuration(
        mode: BundleMode, sourceMaps: SourceMapMode, output: String = output
    ) -> BundleConfiguration {
        BundleConfiguration(
            root: root, output: output, projectFolder: folder, mode: mode, sourceMaps: sourceMaps,
            groups: [
                ScriptGroupDefinition(name: "AllFramesAtDocumentStart", first: "__firefox__.js"),
                ScriptGroupDefinition(name: "WebcompatAllFramesAtDocumentStart", folder: "AllFrames/WebcompatAtDocumentStart"),
            ])
    }

    /// Bundles in injection order for the runtime test.
    static let runOrder = ["AllFramesAtDocumentStart.js", "WebcompatAllFramesAtDocumentStart.js", "MainFrameAtDocumentEnd.js"]

    /// What the scripts record, in order, when the bundles run in `runOrder`.
    static let expectedEvents = [
        "firefox", "alpha:alpha-own", "strictThis:true", "template:3", "with:1", "beta:42", "sloppyThis:false",
        "token:token-123", "isolated:undefined", "gamma:crlf", "webcompat", "mjs", "unicode:4",
    ]

    /// Builds in memory (nothing is written).
    static func build(mode: BundleMode, sourceMaps: SourceMapMode) throws -> [GroupBundle] {
        try ScriptBundler().build(configuration(mode: mode, sourceMaps: sourceMaps))
    }

    /// Output file name -> bytes, maps included.
    static func outputs(_ bundles: [GroupBundle]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for bundle in bundles {
            files[bundle.group.outputFileName] = bundle.code
            if let map = bundle.map, let name = bundle.mapFileName { files[name] = map }
        }
        return files
    }
}
