import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A script file that does not parse is a located error in both modes, whether its group is a plain concatenation
/// or a module graph, with the text a module file with the same mistake gets; a piece of generated code that does
/// not parse is wkpack's internal error, naming the bundle.
@Suite struct ScriptSyntaxErrorTests {
    enum Layout: CaseIterable { case plainScript, beside, module }

    /// Builds a one-group project holding `text` as `a.js` (`beside`: next to an ES module entry, so the group is a
    /// module graph; `module`: with an `export`, so `a.js` is the module) in `mode`; the error, or `nil` when it built.
    /// Checks that nothing was written.
    static func error(_ text: String, layout: Layout, mode: BundleMode) throws -> BundlerError? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = ["UserScripts/MainFrame/AtDocumentEnd/a.js": text + (layout == .module ? "\nexport {};\n" : "")]
        if layout == .beside { files["UserScripts/MainFrame/AtDocumentEnd/b.js"] = "export const b = 1;\nwindow.b = b;\n" }
        try TestSupport.write(files, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: mode, sourceMaps: .external)
        let bundler = ScriptBundler()
        do {
            _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
            return nil
        } catch {
            #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"), "an output was written")
            #expect(error.location.path == folder + "/UserScripts/MainFrame/AtDocumentEnd/a.js")
            return error
        }
    }

    /// `let x = ;` built as webpack, esbuild and Bun refuse it: the same error in every layout and mode.
    @Test(arguments: Layout.allCases, [BundleMode.development, .production])
    func aScriptThatDoesNotParseIsALocatedError(layout: Layout, mode: BundleMode) throws {
        let error = try #require(try Self.error("foo();\nlet x = ;\nfoo(x);\n", layout: layout, mode: mode))
        #expect(error.kind == .syntax(.unexpectedToken))
        #expect((error.location.line, error.location.column) == (2, 9))
        #expect(error.message == "unexpected token ';'")
    }

    /// A name declared twice where engines refuse it is refused in a plain script too, where it was bundled as written.
    @Test(arguments: Layout.allCases, [BundleMode.development, .production])
    func aNameDeclaredTwiceInAScriptIsALocatedError(layout: Layout, mode: BundleMode) throws {
        let error = try #require(try Self.error("let a = 1;\nlet a = 2;\n", layout: layout, mode: mode))
        #expect(error.kind == .syntax(.redeclaration))
        #expect((error.location.line, error.location.column) == (2, 5))
        #expect(error.message == "'a' has already been declared (line 1)")
    }

    /// A file whose error is at its end (an operator with no right operand): the parser's error on the file alone,
    /// not the one in its wrapper (`(function () {` … `}).call(this);`, where the `}` would be the unexpected token).
    @Test(arguments: [BundleMode.development, .production])
    func anErrorAtTheEndIsLocatedInTheFile(mode: BundleMode) throws {
        let text = "let a = 1 +\n"
        var alone: JavaScriptSyntaxError?
        do throws(JavaScriptSyntaxError) { _ = try SyntaxParser.parse(text) } catch { alone = error }
        let expected = try #require(alone)
        let error = try #require(try Self.error(text, layout: .plainScript, mode: mode))
        #expect((error.location.line, error.location.column) == (expected.line, expected.column))
        #expect(error.message == expected.message)
        #expect((expected.line, expected.column, expected.message) == (1, 12, "unexpected end of input"))
    }

    /// Generated pieces that do not parse: the first in piece order is the error (the same on every run), an
    /// internal error naming the bundle, with no bundle.
    @Test func aGeneratedPieceThatDoesNotParseIsAnInternalError() throws {
        let pieces: [UnminifiedPiece] = [
            .tree(TreePiece(code: Array("var a = 1;\n".utf8), map: nil)),
            .tree(TreePiece(code: Array("var b = 1;\nb = );\n".utf8), map: nil)),
            .tree(TreePiece(code: Array("var c = 1;\n".utf8), map: nil)),
            .tree(TreePiece(code: Array("var d = ;\n".utf8), map: nil)),
        ]
        for _ in 0..<20 {
            do {
                _ = try BundleAssembler.finishPieces(
                    pieces, enclosedIn: ("(()=>{", "})();"), outputFileName: "Bundle.js", mode: .production, sourceMaps: .external)
                Issue.record("a piece that does not parse was minified")
            } catch {
                #expect(error.kind == .internalError)
                #expect(
                    error.description
                        == "Bundle.js:1:1: error: internal error: code wkpack generated for this bundle does not parse (2:5: unexpected ')' with no matching opening bracket); please report it"
                )
            }
        }
    }
}
