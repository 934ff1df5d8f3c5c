import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Each `SyntaxFeature` the build does not lower is refused, at its own line and column, by the newest notable
/// target before the version that introduced it, and accepted from that version on, in plain scripts (both modes)
/// and in modules; one the build lowers (`SyntaxLowering.lowerableFeatures`) is built for that target too.
@Suite struct SyntaxFeatureTests {
    /// A sample using the feature on line 2, and the 1-based column of the token the error must point at.
    static let samples: [(SyntaxFeature, String, Int)] = [
        (.objectRestSpread, "var { a, ...rest } = { a: 1, b: 2 };", 10),
        (.optionalCatchBinding, "try { JSON.parse('x'); } catch { }", 26),
        (.regexpDotAllFlag, "var r = /a.b/s;", 9),
        (.regexpNamedCaptureGroups, "var r = /(?<year>[0-9]+)-[(?<]/;", 9),
        (.asyncGenerator, "var o = { async *items() { yield 1; } };", 11),
        (.forAwait, "async function f(xs) { for await (const x of xs) { } }", 24),
        (.regexpStickyAndUnicodeFlags, "var r = /a/u;", 9),
        (.numericSeparator, "var n = 1_000;", 9),
        (.optionalChain, "var x = this?.y;", 13),
        (.nullishCoalescing, "var x = this.y ?? 1;", 16),
        (.bigint, "var n = 10n;", 9),
        (.logicalAssignment, "var x; x ||= 1;", 10),
        (.classField, "class A { x = 1; }", 11),
        (.classStaticField, "class A { static x = 1; }", 18),
        (.classPrivateField, "class A { #x = 1; }", 11),
        (.classPrivateMethod, "class A { get #x() { return 1; } }", 15),
        (.classPrivateBrandCheck, "class A { static has(o) { return #x in o; } #x; }", 34),
        (.regexpMatchIndices, "var r = /a/d;", 9),
        (.classStaticBlocks, "class A { static { } }", 11),
        (.regexpLookbehindAssertions, "var r = /(?<=a)b/;", 9),
        (.regexpSetNotation, "var r = /[a]/v;", 9),
    ]

    /// The newest notable target that lacks `feature`.
    static func targetBefore(_ feature: SyntaxFeature) throws -> ScriptTarget {
        let targets = ScriptTarget.notableNames.compactMap(ScriptTarget.init(name:))
        return try #require(targets.filter { !$0.supports(feature) }.max())
    }

    enum Layout: CaseIterable { case plainDevelopment, plainProduction, module }

    /// Builds one file (`sample` on line 2) for `target`; the error, or `nil` when it built.
    static func build(_ sample: String, layout: Layout, target: ScriptTarget) throws -> BundlerError? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "// line 1\n" + sample + (layout == .module ? "\nexport {};\n" : "\n")
        try TestSupport.write(["UserScripts/MainFrame/AtDocumentEnd/a.js": text], under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder,
            mode: layout == .plainDevelopment ? .development : .production, sourceMaps: .none, target: target)
        do {
            _ = try ScriptBundler().build(configuration)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: samples.indices, Layout.allCases)
    func refusedBeforeItsVersionAcceptedFromIt(index: Int, layout: Layout) throws {
        let (feature, sample, column) = Self.samples[index]
        let before = try Self.targetBefore(feature)
        if SyntaxLowering.lowerableFeatures.contains(feature) {
            let error = try Self.build(sample, layout: layout, target: before)
            #expect(error == nil, "\(feature) not lowered for \(before): \(String(describing: error))")
            return
        }
        let error = try #require(try Self.build(sample, layout: layout, target: before), "\(feature) accepted by \(before)")
        #expect(error.kind == .unsupportedSyntax)
        #expect(error.location.line == 2 && error.location.column == column, "\(error)")
        #expect(error.location.path.hasSuffix("/a.js"))
        #expect(
            error.message == "\(feature.displayName) is not available in the configured target \(before) (needs \(feature.availableSince))")
        #expect(try Self.build(sample, layout: layout, target: feature.availableSince) == nil)
        #expect(try Self.build(sample, layout: layout, target: .newest) == nil)
    }

    /// Look-alikes of the features: a product with `async`, `#` and `?.` inside strings, comments and regex classes.
    @Test(arguments: Layout.allCases)
    func lookAlikesAreAccepted(layout: Layout) throws {
        let sample = """
            var async = 2, x = async * 3; var s = "a?.b ?? c"; /* x?.y */ var r = /[?.(?<a>]\\(?<=/g; var o = { a: [...[1]] }; f(...[1]);
            """
        #expect(try Self.build(sample, layout: layout, target: .minimum) == nil)
    }

    /// The first use in the file of a feature the build does not lower is reported when several features are used
    /// (the lowered ones before it are not errors).
    @Test(arguments: Layout.allCases)
    func earliestUseIsReported(layout: Layout) throws {
        let error = try #require(
            try Self.build("var a = b?.c; var r = /a/s;\nvar d = e ?? f; class A { #x; static { } }", layout: layout, target: .minimum))
        #expect(error.location.line == 2 && error.location.column == 23, "\(error)")
        #expect(error.message.hasPrefix("the regular expression flag"), "\(error)")
        // Classes are lowered too: the BigInt literal after them is the first use that is not.
        let second = try #require(
            try Self.build("var d = e ?? f; class A { #x; static { } } var n = 10n;", layout: layout, target: .minimum))
        #expect(second.location.line == 2 && second.location.column == 52, "\(second)")
        #expect(second.message.hasPrefix("a BigInt literal"), "\(second)")
    }

    /// The table's versions are the ones esbuild's compatibility table gives for Safari (spot checks).
    @Test func versionsMatchTheCompatibilityTable() {
        #expect(SyntaxFeature.optionalChain.availableSince.description == "safari13.1")
        #expect(SyntaxFeature.nullishCoalescing.availableSince.description == "safari13.1")
        #expect(SyntaxFeature.classField.availableSince.description == "safari14")
        #expect(SyntaxFeature.classPrivateField.availableSince.description == "safari14.1")
        #expect(SyntaxFeature.classPrivateMethod.availableSince.description == "safari15")
        #expect(SyntaxFeature.classStaticBlocks.availableSince.description == "safari16.4")
        #expect(SyntaxFeature.regexpLookbehindAssertions.availableSince.description == "safari16.4")
        #expect(SyntaxFeature.objectRestSpread.availableSince.description == "safari11.1")
        #expect(SyntaxFeature.allCases.allSatisfy { $0.availableSince > .minimum })
    }

    /// The parser records each sample's feature as the first use in it, at the sample's column (the brand check's
    /// sample also declares its private field).
    @Test(arguments: samples.indices)
    func parserRecordsTheSampleFeature(index: Int) throws {
        let (feature, sample, column) = Self.samples[index]
        let analysis = try JavaScriptParser.analyze("// line 1\n" + sample + "\n")
        #expect(
            Set(analysis.syntaxFeatures.uses.map(\.feature))
                == (feature == .classPrivateBrandCheck ? [feature, .classPrivateField] : [feature]))
        let use = try #require(analysis.syntaxFeatures.uses.min { $0.token < $1.token })
        #expect(use.feature == feature)
        #expect(analysis.tokens[use.token].line == 2 && analysis.tokens[use.token].column + 1 == column)
    }

    /// The parser's features (in the syntax folder, below the target's) are `SyntaxFeature`'s, in the same order.
    @Test func parserFeaturesAreTheTargetFeatures() {
        for raw in 0..<SyntaxFeature.allCases.count {
            let parserFeature = SyntaxParseFacts.Feature(rawValue: UInt8(raw))
            #expect(
                parserFeature.map { "\($0)" }.map { $0 == "classStaticBlock" ? "classStaticBlocks" : $0 }
                    == "\(SyntaxFeature.allCases[raw])")
        }
        #expect(SyntaxParseFacts.Feature(rawValue: UInt8(SyntaxFeature.allCases.count)) == nil)
        #expect(SyntaxParseFacts().featureTokens.count == SyntaxFeature.allCases.count)
    }

    /// A plain script the parser cannot follow is refused with the parser's error, before the target check (which
    /// would name the first feature its single tokens show), in both modes.
    @Test(arguments: Layout.allCases)
    func unparsedScriptIsASyntaxError(layout: Layout) throws {
        let sample = "var a = 1 var b = c?.d;"
        #expect((try? JavaScriptParser.analyze(sample)) == nil)
        let error = try #require(try Self.build(sample, layout: layout, target: .minimum))
        #expect(error.location.line == 2 && error.location.column == 11, "\(error)")
        #expect(error.message == "unexpected token 'var' (expected ';')")
    }
}
