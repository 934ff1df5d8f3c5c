import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A size analysis changes no output byte, and its attribution adds up to every bundle's size, whatever the
/// mode and map style.
@Suite struct BundleSizeTests {
    static let metafileProject = (#filePath as NSString).deletingLastPathComponent + "/Fixtures/MetafileProject"

    struct Case: CustomStringConvertible, Sendable {
        var fixture: String
        var mode: BundleMode
        var sourceMaps: SourceMapMode
        var description: String { "\((fixture as NSString).lastPathComponent) \(mode) \(sourceMaps)" }
    }

    static let cases: [Case] = [FixtureProject.folder, metafileProject].flatMap { fixture in
        [BundleMode.development, .production].flatMap { mode in
            SourceMapMode.allCases.map { Case(fixture: fixture, mode: mode, sourceMaps: $0) }
        }
    }

    static func configuration(_ c: Case, output: String) -> BundleConfiguration {
        if c.fixture == FixtureProject.folder {
            return FixtureProject.configuration(mode: c.mode, sourceMaps: c.sourceMaps, output: output)
        }
        return BundleConfiguration(
            root: c.fixture + "/UserScripts", output: output, projectFolder: c.fixture, mode: c.mode,
            sourceMaps: c.sourceMaps, groups: [ScriptGroupDefinition(name: "AllFramesAtDocumentStart", first: "__firefox__.js")])
    }

    @Test(arguments: cases)
    func attributionAddsUpAndChangesNoByte(_ c: Case) throws {
        let output = c.fixture + "/Assets"
        let plain = try ScriptBundler().build(Self.configuration(c, output: output))
        var analyzing = Self.configuration(c, output: output)
        analyzing.analyzesSize = true
        let analyzed = try ScriptBundler().build(analyzing)
        #expect(plain.count == analyzed.count && !plain.isEmpty)
        for (a, b) in zip(plain, analyzed) {
            #expect(a.code == b.code, "\(c): \(a.group.name) differs with the analysis")
            #expect(a.map == b.map && a.license == b.license)
            #expect(a.size == nil)
            let size = try #require(b.size)
            let attribution = size.attribution
            let sum = attribution.inputs.reduce(0) { $0 + $1.bytesInOutput } + attribution.generatedBytes + attribution.urlCommentBytes
            #expect(sum == b.code.count, "\(c): \(b.group.name)")
            #expect(attribution.outputBytes == b.code.count)
            // Every entry file with code has bytes in the output; generated code is a small part.
            for module in size.modules where module.isEntry && module.byteCount > 0 {
                #expect(attribution.inputs.contains { $0.path == module.path && $0.bytesInOutput > 0 }, "\(c): \(module.path)")
            }
            // Without a module runtime, generated code is wrappers and banners only.
            if size.modules.allSatisfy({ $0.format == nil }) {
                #expect(attribution.generatedBytes < b.code.count / 2, "\(c): \(b.group.name) \(attribution)")
            }
            #expect(attribution.inputs.allSatisfy { share in size.modules.contains { $0.path == share.path } }, "\(c)")
            if c.sourceMaps == .inline || c.mode == .development || c.sourceMaps == .external {
                #expect(attribution.urlCommentBytes > 0)
            } else {
                #expect(attribution.urlCommentBytes == 0)
            }
        }
    }

    /// In development a file's text is copied whole: it owns at least its own bytes less its first line (the
    /// wrapper line and the banner are generated).
    @Test func developmentAttributesEachFileItsText() throws {
        var configuration = Self.configuration(
            Case(fixture: Self.metafileProject, mode: .development, sourceMaps: .external),
            output: Self.metafileProject + "/Assets")
        configuration.analyzesSize = true
        let bundles = try ScriptBundler().build(configuration)
        let reader = try #require(bundles.first { $0.group.name == "MainFrameAtDocumentEnd" }?.size)
        let file = try #require(reader.modules.first)
        #expect(file.path == "UserScripts/MainFrame/AtDocumentEnd/ReaderMode.js")
        #expect(reader.attribution.inputs == [.init(path: file.path, bytesInOutput: file.byteCount)])
    }
}
