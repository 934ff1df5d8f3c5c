import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The print-time choices of compact printing (`SyntaxPrinter.printMinified`, as the tree minifier prints) that
/// today's token passes make: keywords between operands spaced only where a neighbour needs it, strings written as
/// template literals where that is shorter, and unused names of function and class expressions left out.
@Suite struct SyntaxPrinterCompactTests {
    /// `source` printed compact, without renaming, with the tree minifier's literal choices.
    static func printed(_ source: String) throws -> String {
        let tree = try SyntaxParser.parse(source)
        let code = SyntaxPrinter.printMinified(tree, symbolNames: [], recordsMappings: false, minifiesLiterals: true).code
        return String(decoding: code, as: UTF8.self)
    }

    @Test(arguments: [
        ("for (const [a, b] of c) g(a, b);", "for(let[a,b]of c)g(a,b)\n"),
        ("for (const k in {a: 1}) g(k);", "for(let k in{a:1})g(k)\n"),
        ("for (const k of [1]) g(k);", "for(let k of[1])g(k)\n"),
        ("for (x in y) ;", "for(x in y);\n"),
        ("class A extends B {}", "class A extends B{}\n"),
        ("x = class extends (a, b) {};", "x=class extends(a,b){}\n"),
        // Strings as templates where shorter.
        ("g(\"a\\nb\");", "g(`a\nb`)\n"),
        ("g('it\\'s \"x\"');", "g(`it's \"x\"`)\n"),
        ("x = \"a\" + 'b\\n';", "x=\"a\"+`b\n`\n"),
        // Kept: a statement of a string alone (a directive, or one where it could be), keys, module specifiers,
        // strings a template does not shorten.
        ("\"a\\nb\";", "\"a\\nb\"\n"),
        ("x = {\"k\\n\": 1};", "x={\"k\\n\":1}\n"),
        ("import a from \"x\\ny\";", "import a from\"x\\ny\";\n"),
        ("g(\"plain\", 'it\\'s');", "g(\"plain\",\"it's\")\n"),
    ])
    func keywordsAndStrings(_ source: String, _ expected: String) throws {
        let output = try Self.printed(source)
        #expect(output == expected)
    }

    /// The names of function and class expressions nothing refers to are left out where the renamer renames them.
    @Test func unusedExpressionNames() throws {
        // Renamed as the tree minifier renames, printed compact.
        func minified(_ source: String) throws -> String {
            let code = Array(source.utf8)
            let parsed = try SyntaxParser.parseWithFacts(code, tokenization: try JavaScriptTokenizer.tokenize(code, includeComments: true))
            let names = TreeRenamer.names(parsed.tree, hasModuleSyntax: parsed.facts.module.hasModuleSyntax)
            return String(
                decoding: SyntaxPrinter.printMinified(parsed.tree, symbolNames: names, recordsMappings: false).code, as: UTF8.self)
        }
        #expect(try minified("g(function named() { return 1; });") == "g(function(){return 1})\n")
        #expect(try minified("g(class Named { m() { return 1; } });") == "g(class{m(){return 1}})\n")
        // Kept: a name referred to (renamed), a function declaration's, a module's (nothing is renamed there).
        #expect(try minified("g(function named() { return named; });") == "g(function a(){return a})\n")
        #expect(try minified("function named() {}") == "function named(){}\n")
        #expect(try minified("g(function named() {}); export {};") == "g(function named(){});export{};\n")
    }
}
