import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `ParsedProgram`: the tree of a wrapped script file from the parse the bundler makes for its scope analysis, which
/// the tree minifier minifies instead of parsing the file again. Minifying from it must give what minifying from a
/// second parse gives, byte for byte and mapping for mapping, and the analysis must be the one the bundler made before.
@Suite struct ParsedProgramTests {
    /// Files with what the parse with comments records (`/*#__PURE__*/` calls, legal comments), a `"use strict"`
    /// directive the wrapper takes over, locals to rename, a file that declares nothing (its scope may be shared),
    /// one using `arguments`, and one with private names and a direct `eval` (nothing renamed).
    static let files = [
        "\"use strict\";\n/*! legal notice */\nfunction outer(first, second) {\n  const total = first + second;\n  return total * first;\n}\nwindow.x = outer(1, 2);\n",
        "var made = /*#__PURE__*/ build({ long: 1 });\n// @license kept\nlet counter = 0;\nfor (const item of [1, 2]) { counter += item; }\n",
        "document.addEventListener(\"load\", function (event) { console.log(event.type, 'it\\'s'); });\n",
        "if (arguments.length) { (function named() { return arguments[0]; })(); }\n",
        "class Box { #inner = 1; get value() { return this.#inner; } }\nvar box = new Box();\neval('box');\n",
    ]

    /// `text` in `BundleAssembler`'s wrapper, with the range the text takes.
    static func wrapped(_ text: String) -> (code: [UInt8], body: Range<Int>) {
        let code = BundleAssembler.prologue + Array(text.utf8) + BundleAssembler.epilogue
        return (code, BundleAssembler.prologue.count..<(BundleAssembler.prologue.count + text.utf8.count))
    }

    @Test(arguments: files)
    func minifiesAsASecondParseDoes(text: String) throws {
        let (code, body) = Self.wrapped(text)
        let tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
        let source = SourceMapBuilder.Source(path: "file.js", content: Array(text.utf8))
        // Today's switch-on route: the analysis from the tokens without comments, the minifier's own parse.
        let significant = tokenization.tokens.filter { !$0.isComment }
        let analysis = try JavaScriptParser.analyze(
            code, tokenization: JavaScriptTokenization(tokens: significant, lineTerminatorCount: tokenization.lineTerminatorCount))
        let reparsed = try TreeMinifier.minifyFileBody(
            code, tokenization: tokenization, significant: significant, analysis: analysis, body: body, source: source)
        // The route with one parse.
        let parse = try ParsedProgram.parse(code, tokenization: tokenization)
        #expect(parse.significant.map(\.range) == significant.map(\.range))
        #expect(parse.analysis.declarations.map(\.token) == analysis.declarations.map(\.token))
        #expect(parse.analysis.references.map(\.token) == analysis.references.map(\.token))
        #expect(parse.analysis.references.map(\.declaration) == analysis.references.map(\.declaration))
        #expect(parse.analysis.scopes.count == analysis.scopes.count)
        let once = try TreeMinifier.minifyFileBody(
            code, tokenization: tokenization, significant: parse.significant, analysis: parse.analysis, body: body, source: source,
            parsed: parse.program)
        #expect(String(decoding: once.piece.code, as: UTF8.self) == String(decoding: reparsed.piece.code, as: UTF8.self))
        #expect(once.piece.mappings == reparsed.piece.mappings)
        #expect(once.piece.names == reparsed.piece.names)
        #expect(once.piece.legalComments == reparsed.piece.legalComments)
        #expect(once.wrapping == reparsed.wrapping)
        #expect(once.canShareScope == reparsed.canShareScope)
        #expect(once.allowsArrowFunction == reparsed.allowsArrowFunction)
        #expect(!once.piece.code.isEmpty)
    }

    @Test func keepsPureCallsAndLegalCommentsOnTheTree() throws {
        let (code, _) = Self.wrapped(Self.files[0] + Self.files[1])
        let tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
        let parse = try ParsedProgram.parse(code, tokenization: tokenization)
        #expect(parse.program.tree.legalComments.count == 2)
        #expect(parse.program.tree.nodes.contains { $0.kind == .callExpression && $0.flags.contains(.pure) })
        #expect(!parse.program.hasModuleSyntax)
    }

    @Test func refusesCodeThatDoesNotParse() throws {
        let (code, _) = Self.wrapped("let a = 1;\nlet a = 2;\n")
        let tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
        #expect(throws: JavaScriptSyntaxError.self) { try ParsedProgram.parse(code, tokenization: tokenization) }
    }
}
