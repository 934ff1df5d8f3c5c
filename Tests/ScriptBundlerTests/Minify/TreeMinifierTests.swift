import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The tree minifier (`TreeMinifier`, `TreeRenamer`, `SyntaxPrinter.printMinified`): its renaming rules, its
/// printing, its pieces' mappings and legal comments, and node-equivalence on the minifier property programs.
@Suite struct TreeMinifierTests {
    static func minified(_ code: String, map: SourceMapBuilder? = nil) -> (code: String, piece: MinifiedPiece) {
        do throws(JavaScriptSyntaxError) {
            let piece = try TreeMinifier.minifyPiece(Array(code.utf8), map: map)
            return (String(decoding: piece.code, as: UTF8.self), piece)
        } catch {
            Issue.record("the code does not parse: \(error.message)")
            return ("", MinifiedPiece())
        }
    }

    /// `TreeMinifier.holds` (sixteen bytes, two words or bytes at a time, step 5h) finds either byte at every offset of
    /// texts of every length up to 40, and nothing in texts without them (bytes one away from them around).
    @Test func holdsFindsEitherByteAtEveryOffset() {
        for length in 0...40 {
            let plain = (0..<length).map { UInt8([0x21, 0x23, 0x26, 0x28, 0x5B, 0x5D][$0 % 6]) }
            plain.withUnsafeBufferPointer { #expect(!SyntaxLiteralText.holds(0x22, or: 0x5C, in: $0), "length \(length)") }
            for offset in 0..<length {
                for byte: UInt8 in [0x22, 0x5C] {
                    var text = plain
                    text[offset] = byte
                    let found = text.withUnsafeBufferPointer { SyntaxLiteralText.holds(0x22, or: 0x5C, in: $0) }
                    #expect(found, "\(byte) at \(offset) of \(length)")
                }
            }
        }
    }

    /// String literals with and without their own quote, other quotes, backslashes and escaped line breaks, short and
    /// longer than sixteen bytes: the literal choice is the scan's (no shortcut where one of those is there).
    @Test(arguments: [
        "'plain'", "\"plain\"", "'it\\'s'", "\"say \\\"hi\\\"\"", "'a \"quoted\" word'", "\"a 'quoted' word\"",
        "'line\\nbreak'", "'a longer plain string than sixteen bytes'", "'a longer string with \\' after sixteen'",
        "\"a longer string with a quote here: \\\" and more text\"", "'x\\\\y'", "''", "\"\"",
    ])
    func literalChoicesAsTheScanMakesThem(_ literal: String) {
        let raw = ArraySlice(Array(literal.utf8))
        for kind in [SyntaxKind.stringLiteral, .templateLiteral] {
            let expected: [UInt8]? = raw.withUnsafeBufferPointer { text in
                let body = UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)])
                guard let content = StringLiteralBody.scan(body),
                    content.cost(raw[raw.startIndex]) > 0 || (kind == .templateLiteral && content.newlines > 0)
                else { return nil }
                let best = content.bestQuote(preferring: raw[raw.startIndex], allowsTemplate: kind == .templateLiteral)
                return best == raw[raw.startIndex] ? nil : Array(StringLiteralBody.encode(body, quote: best).utf8)
            }
            #expect(TreeMinifier.literalText(kind, raw) == expected, "\(literal) as \(kind)")
        }
    }

    @Test func renamesLocalsAndKeepsTheTopLevel() {
        let output = Self.minified("function outer(first, second) { var total = first + second; return total * first; }\nouter(1, 2);\n")
        #expect(output.code == "function outer(a,b){var c=a+b;return c*a}outer(1,2);")
    }

    @Test func writesRenamedShorthandsWithTheirKeys() {
        let output = Self.minified("function f(value, other) { const { key = 1 } = value; return { key, other }; }")
        #expect(output.code == "function f(a,b){let{key:c=1}=a;return{key:c,other:b}}")
    }

    @Test func leavesDynamicScopesModulesAndFreeNamesAlone() {
        #expect(Self.minified("function f(long) { eval('long'); return long; }").code == "function f(long){eval('long');return long}")
        #expect(Self.minified("import x from 'y'; function f(long) { return long + x; }").code.contains("long"))
        // `a` is free inside: no local may take its name.
        #expect(Self.minified("function f(long) { return a + long; }").code == "function f(b){return a+b}")
    }

    @Test func writesPrivateNamesShortUnlessEvalIsNamed() {
        let source =
            "class A { #rare = 1; #often = 2; get() { return this.#often + this.#often + this.#rare; } has(o) { return #often in o; } }"
        #expect(Self.minified(source).code == "class A{#b=1;#a=2;get(){return this.#a+this.#a+this.#b}has(a){return#a in a}}")
        #expect(Self.minified(source + "\neval('1');").code.contains("#often"))
    }

    @Test func dropsSemicolonsOnlyWhereAStatementEndsWithItsOwn() {
        #expect(Self.minified("function f() { for (;;); }").code == "function f(){for(;;);}")
        #expect(Self.minified("while (a) { b(); c(); }").code == "while(a){b();c()}")
        #expect(Self.minified("switch (a) { case 1: b(); break; default: c(); }").code == "switch(a){case 1:b();break;default:c()}")
    }

    @Test func collectsLegalCommentsAndPrintsNone() {
        let output = Self.minified("/*! keep me */\n// plain\nfunction f() {}\n/** @license MIT */\nf();\n")
        #expect(output.piece.legalComments.map { String(decoding: $0, as: UTF8.self) } == ["/*! keep me */", "/** @license MIT */"])
        #expect(output.code == "function f(){}f();", "a piece ends its last statement")
        #expect(output.piece.lineCount == 0)
        #expect(output.piece.lastLineColumn == 18)
        #expect(output.piece.endsWithStatementBrace == false)
        #expect(Self.minified("f(); while (a) { b(); c(); }").piece.endsWithStatementBrace)
    }

    @Test func mapsThroughTheIntermediateMapWithOriginalNames() throws {
        let code = "function outer(first) {\n  return first + 1;\n}\n"
        var map = SourceMapBuilder.intermediate()
        let source = map.addSource("a.js", content: Array(code.utf8))
        // The intermediate map of a file copied as it is: every token maps to itself.
        let tokens = try JavaScriptTokenizer.tokenize(Array(code.utf8)).tokens
        for token in tokens {
            map.addMapping(
                generatedLine: token.line - 1, generatedColumn: token.column, source: source, originalLine: token.line - 1,
                originalColumn: token.column)
        }
        let piece = Self.minified(code, map: map).piece
        #expect(piece.names == ["first"])
        let segments = piece.segments
        // `first` in `return first` (printed at column 25 of `function outer(a){return a+1}`) maps to line 1, column 9.
        let named = segments.filter { $0.name >= 0 }
        #expect(named.count == 2)
        #expect(named.contains { $0.line == 0 && $0.column == 25 && $0.originalLine == 1 && $0.originalColumn == 9 })
        #expect(segments.allSatisfy { $0.source == 0 })
    }

    /// The tree minifier on the property programs (`JavaScriptProgramGenerator`, the seeds `MinifierPropertyTests`
    /// uses): each runs in node as written and as the tree minifier writes it; the logs must be equal.
    /// `WKPACK_PROPERTY_CASES=N` runs N programs (200 by default).
    @Test func behavesLikeTheSourcesOnThePropertyPrograms() throws {
        let programs = (0..<MinifierPropertyTests.caseCount).map { seed in
            var generator = JavaScriptProgramGenerator(seed: UInt64(seed) &+ 7_000)
            return generator.program()
        }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        // A few generated programs (about 1 in 200: seeds 521, 629, 819, ...) hold an early error, such as a `const`
        // redeclaring a parameter; the tree minifier refuses them (as the bundler refuses such a file), and node runs
        // them as written in place of a minified text, refusing them alike.
        var treeBytes = 0, reparsed = 0, parsedSources = 0
        for (index, program) in programs.enumerated() {
            let bytes = Array(program.utf8)
            let tree = (try? TreeMinifier.minifyPiece(bytes, map: nil).code) ?? bytes
            treeBytes += tree.count
            if (try? SyntaxParser.parse(bytes)) != nil {
                parsedSources += 1
                if (try? SyntaxParser.parse(tree)) != nil { reparsed += 1 }
            } else {
                #expect(tree == bytes, "program \(index) does not parse, but the tree minifier minified it")
            }
            try TestSupport.write(["p\(index).js": bytes, "p\(index).tree.js": tree], under: folder)
            files += ["p\(index).js", "p\(index).tree.js"].map { folder + "/" + $0 }
        }
        let manifest = folder + "/manifest.json"
        try JSONSerialization.data(withJSONObject: files).write(to: URL(fileURLWithPath: manifest))
        guard let output = try TestSupport.node(MinifierPropertyTests.runner, [manifest]) else { return }
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        try #require(logs.count == files.count)
        var differing: [String] = []
        for index in programs.indices {
            let (source, tree) = (logs[2 * index], logs[2 * index + 1])
            if source != tree {
                let printed = (try? String(contentsOfFile: files[2 * index + 1], encoding: .utf8)) ?? ""
                differing.append("program \(index):\nsource \(source)\ntree \(tree)\n\(programs[index])\ntree minified:\n\(printed)")
            }
        }
        print(
            "tree minifier property: \(programs.count) programs, \(differing.count) differing from node, \(reparsed) of \(parsedSources) parsed sources reparse; bytes \(treeBytes)"
        )
        #expect(reparsed == parsedSources)
        #expect(differing.isEmpty, "\(differing.prefix(3).joined(separator: "\n\n"))")
    }

    /// Scope-hoisted modules share the bundle's top level: a hoisted piece's own top-level names are kept (the
    /// linker named them for the shared scope), and no local of one piece takes the name of another module's
    /// top-level declaration that it reads (a free name in its piece). `UnusedCodeTests.bundle` runs the bundles.
    @Test func hoistedPiecesKeepTheSharedTopLevel() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { total } from "./lib/a.js";
                    import { scale } from "./lib/b.js";
                    function run(values) { const doubled = values.map((value) => value * scale); return total(doubled); }
                    __log.push("run " + run([1, 2, 3]));
                    """,
                    "a.js": """
                    import { scale, offset } from "./b.js";
                    export function total(list) {
                      let sum = 0;
                      for (const item of list) { const shifted = item + offset(); sum += shifted; }
                      return sum * scale;
                    }
                    """,
                    "b.js": "export const scale = 2;\nlet base = 10;\nexport function offset() { let inner = base; return inner + 1; }",
                ], expecting: ["run 90"], comparingWithEsbuild: false)
        else { return }
        #expect(!outcome.production.isEmpty)
        #expect(!outcome.production.contains(ScopeHoistingTests.registryMarker), "\(outcome.production)")
    }

    /// A script bundle's files minified by the tree minifier: each file's body alone, the composer writing the
    /// wrappers (a strict file's directive moved into its wrapper, files that declare nothing sharing one arrow
    /// function, `arguments` keeping a `function`), and the bundle logs what the sources do.
    @Test func fileBodiesKeepTheirWrappers() throws {
        let inputs = [
            (
                "strict.js",
                "\"use strict\";\nvar label = 'strict';\nfunction isStrict() { return this === undefined; }\n__log.push(label + ':' + isStrict());\n"
            ),
            ("first.js", "__log.push('first');\n"),
            ("second.js", "if (typeof __log !== 'undefined') { __log.push('second'); }\n"),
            ("arguments.js", "var count = arguments.length;\n__log.push('arguments:' + count);\n"),
        ].map { BundleInput(displayPath: $0.0, bannerPath: $0.0, mapSourcePath: $0.0, bytes: Array($0.1.utf8)) }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundle = try BundleAssembler.assemble(inputs, outputFileName: "b.js", mode: .production, sourceMaps: .none)
        let tree = String(decoding: bundle.code, as: UTF8.self)
        try TestSupport.write(["bundle.js": bundle.code], under: folder)
        if let log = try ModuleBundleTests.run(folder + "/bundle.js") {
            #expect(log == ["strict:true", "first", "second", "arguments:0"], "\(tree)")
        }
        #expect(tree.contains("(()=>{\"use strict\"\nvar a='strict';function b(){"), "\(tree)")
        #expect(tree.contains("(()=>{__log.push('first');typeof"), "files declaring nothing share one arrow function: \(tree)")
        #expect(tree.contains("(function(){var a=arguments.length;"), "\(tree)")
    }
}
