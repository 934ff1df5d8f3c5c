import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Golden outputs for `Fixtures/Project`. Regenerate with `WKPACK_UPDATE_GOLDENS=1 swift test --filter Golden`.
@Suite struct ScriptBundlerGoldenTests {
    @Test(arguments: [
        (BundleMode.production, SourceMapMode.external, "production-external"),
        (.development, .inline, "development-inline"),
        (.development, .none, "development-none"),
    ])
    func goldenOutputs(mode: BundleMode, sourceMaps: SourceMapMode, name: String) throws {
        let files = FixtureProject.outputs(try FixtureProject.build(mode: mode, sourceMaps: sourceMaps))
        let folder = TestSupport.fixtures + "/Goldens/" + name
        if ProcessInfo.processInfo.environment["WKPACK_UPDATE_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(atPath: folder)
            try TestSupport.write(files, under: folder)
            print("updated goldens in \(folder)")
        }
        let existing = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(existing == files.keys.sorted())
        for (file, bytes) in files {
            let golden = try #require(FileManager.default.contents(atPath: folder + "/" + file), "missing golden \(file)")
            let matches = Array(golden) == bytes
            #expect(matches, "\(name)/\(file) differs from its golden; rerun with WKPACK_UPDATE_GOLDENS=1 if intended")
        }
    }

    @Test func groupsAndOrder() throws {
        let groups = try ScriptBundler().discoverGroups(FixtureProject.configuration(mode: .production, sourceMaps: .none))
        #expect(groups.map(\.name) == ["AllFramesAtDocumentStart", "MainFrameAtDocumentEnd", "WebcompatAllFramesAtDocumentStart"])
        #expect(groups.map(\.files) == [["__firefox__.js", "alpha.js", "Beta.js", "gamma.js"], ["module.mjs", "unicode.js"], ["fix.js"]])
    }

    @Test func buildsAreDeterministic() throws {
        for (mode, maps) in [(BundleMode.production, SourceMapMode.external), (.development, .inline)] {
            let first = FixtureProject.outputs(try FixtureProject.build(mode: mode, sourceMaps: maps))
            let second = FixtureProject.outputs(try FixtureProject.build(mode: mode, sourceMaps: maps))
            #expect(first == second)
        }
    }

    @Test func developmentBannersAndProductionWithout() throws {
        let development = try FixtureProject.build(mode: .development, sourceMaps: .none)
        let text = String(decoding: development[0].code, as: UTF8.self)
        #expect(text.hasPrefix("// UserScripts/AllFrames/AtDocumentStart/__firefox__.js\n(function () {\n\"use strict\";\n"))
        #expect(text.contains("\n// UserScripts/AllFrames/AtDocumentStart/Beta.js\n(function () {\n"))
        // The hashbang line became a comment; the file's last-line comment is closed by a newline.
        #expect(text.contains("(function () {\n///usr/bin/env node\r\n"))
        #expect(text.contains("no newline\n}).call(this);\n"))
        let production = try FixtureProject.build(mode: .production, sourceMaps: .none)
        #expect(!String(decoding: production[0].code, as: UTF8.self).contains("// UserScripts/"))
    }

    @Test func sourceMapLinks() throws {
        let external = try FixtureProject.build(mode: .production, sourceMaps: .external)
        let code = String(decoding: external[0].code, as: UTF8.self)
        #expect(code.hasSuffix("\n//# sourceMappingURL=AllFramesAtDocumentStart.js.map\n"))
        let map = String(decoding: try #require(external[0].map), as: UTF8.self)
        #expect(
            map.hasPrefix(
                #"{"version":3,"file":"AllFramesAtDocumentStart.js","sources":["../UserScripts/AllFrames/AtDocumentStart/__firefox__.js","#)
        )
        #expect(map.contains(#""names":["events","#))
        let inline = try FixtureProject.build(mode: .production, sourceMaps: .inline)
        #expect(inline[0].map == nil)
        #expect(
            String(decoding: inline[0].code, as: UTF8.self).contains(
                "\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,eyJ2ZXJzaW9uIjoz"))
        let none = try FixtureProject.build(mode: .production, sourceMaps: .none)
        #expect(!String(decoding: none[0].code, as: UTF8.self).contains("sourceMappingURL"))
    }
}
