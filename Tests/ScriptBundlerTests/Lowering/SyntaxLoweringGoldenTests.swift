import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Golden outputs of the lowering pass, one source per feature in `Fixtures/Lowering/NAME.js`, lowered with every
/// feature the pass knows (and `**`) and printed readable into `NAME.lowered.js`. Regenerate with
/// `WKPACK_UPDATE_GOLDENS=1 swift test --filter SyntaxLoweringGoldenTests` when a change is intended (and read
/// the diff).
@Suite struct SyntaxLoweringGoldenTests {
    static let folder = TestSupport.fixtures + "/Lowering"
    static let cases = [
        "exponentiation", "optional-chaining", "nullish-coalescing", "logical-assignment", "optional-catch-binding",
        "numeric-separators", "object-spread", "object-rest", "temporaries", "class-fields", "private-members", "static-blocks",
        "async-generators", "for-await",
    ]
    static let everything = SyntaxLowering.Options(exponentiation: true, features: SyntaxLowering.lowerableFeatures)

    static func lowered(_ source: String, style: SyntaxPrinter.Style = .readable) throws -> String {
        let tree = try SyntaxParser.parse(source)
        return SyntaxPrinter.print(try SyntaxLowering.lower(tree, target: .newest, path: "case.js", options: everything), style: style)
    }

    @Test(arguments: cases)
    func lowersAsTheGoldenSays(name: String) throws {
        let source = try String(contentsOfFile: "\(Self.folder)/\(name).js", encoding: .utf8)
        let output = try Self.lowered(source)
        let goldenPath = "\(Self.folder)/\(name).lowered.js"
        if ProcessInfo.processInfo.environment["WKPACK_UPDATE_GOLDENS"] == "1" {
            try output.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOfFile: goldenPath, encoding: .utf8)
        #expect(output == golden, "\(name).lowered.js differs; rerun with WKPACK_UPDATE_GOLDENS=1 if intended:\n\(output)")
        // The output parses, and holds none of the lowered syntax.
        let reparsed = try SyntaxParser.parse(output)
        let kept = Self.loweredSyntax(in: reparsed)
        #expect(kept.isEmpty, "\(name): still holds \(kept)")
    }

    /// The lowered syntax a tree still holds (by node kind and operator), for the check above.
    static func loweredSyntax(in tree: SyntaxTree) -> [String] {
        var found: Set<String> = []
        for (index, node) in tree.nodes.enumerated() {
            switch node.kind {
            case .chainExpression: found.insert("?.")
            case .logicalExpression where node.op == SyntaxOperator.nullish.rawValue: found.insert("??")
            case .assignmentExpression:
                if let op = node.operator, [.logicalAndAssign, .logicalOrAssign, .nullishAssign, .exponentAssign].contains(op) {
                    found.insert(op.text)
                }
            case .binaryExpression where node.op == SyntaxOperator.exponent.rawValue: found.insert("**")
            case .catchClause where node.a < 0: found.insert("catch {")
            case .propertyDefinition: found.insert("class field")
            case .privateName: found.insert("#private")
            case .staticBlock: found.insert("static {")
            case .forOfStatement where node.flags.contains(.isAwait): found.insert("for await")
            case .functionDeclaration, .functionExpression:
                if node.flags.contains(.isAsync) && node.flags.contains(.generator) { found.insert("async function*") }
            case .numberLiteral where tree.bytes(Int32(index)).contains(UInt8(ascii: "_")): found.insert("1_0")
            case .spreadElement:
                if tree.nodes.contains(where: { $0.kind == .objectExpression && tree.list($0.a).contains(Int32(index)) }) {
                    found.insert("{...}")
                }
            default: break
            }
        }
        return found.sorted()
    }

    /// Helpers print once, minified in minified output.
    @Test func helpersAreDeclaredOnceAndOnlyWhenUsed() throws {
        let output = try Self.lowered("x = { ...a }; y = { ...b, c: 1 }; z = { ...d };", style: .minified)
        #expect(output.components(separatedBy: "__spreadValues=(").count == 2, "\(output)")
        #expect(output.components(separatedBy: "__spreadProps=(").count == 2, "\(output)")
        #expect(!output.contains("\n  "), "minified output is not indented: \(output)")
        let none = try Self.lowered("x = a?.b;")
        #expect(!none.contains("__spread"), "\(none)")
    }

    /// Temporaries and helpers are named apart from every name of the file.
    @Test func freshNamesAvoidTheFilesNames() throws {
        let output = try Self.lowered("var _a, __spreadValues; o._b = f()?.x; y = { ...z };")
        #expect(output.contains("var _c;"), "\(output)")
        #expect(output.contains("var __spreadValues2 = ("), "\(output)")
        #expect(output.contains("(_c = f())"), "\(output)")
    }

    /// A class the target has the features of is kept: a field initializer that needs a temporary is wrapped in an
    /// arrow function called at once, a static block declares its own.
    @Test func aClassTheTargetHasIsKept() throws {
        let tree = try SyntaxParser.parse("class C { field = f()?.x; static { this.s = g()?.y; } #p = 1; m() { return #p in this; } }")
        let options = SyntaxLowering.Options(features: [.optionalChain])
        let output = SyntaxPrinter.print(try SyntaxLowering.lower(tree, target: .newest, path: "a.js", options: options), style: .minified)
        #expect(
            output
                == "class C{field=((_a)=>(_a=f())==null?void 0:_a.x)();static{var _a;this.s=(_a=g())==null?void 0:_a.y;}#p=1;m(){return #p in this;}}\n",
            "\(output)")
    }

    /// A target that has every feature gets back what the printer writes for the tree unchanged.
    @Test func aTargetWithTheFeaturesKeepsThem() throws {
        for name in Self.cases {
            let source = try String(contentsOfFile: "\(Self.folder)/\(name).js", encoding: .utf8)
            let tree = try SyntaxParser.parse(source)
            let lowered = try SyntaxLowering.lower(tree, target: .newest, path: "\(name).js")
            #expect(SyntaxPrinter.print(lowered) == SyntaxPrinter.print(tree), "\(name)")
        }
    }
}
