import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `typeof module` / `typeof exports` comparisons of wrapped CommonJS modules decided at build time.
@Suite struct WrapperTypeofFoldingTests {
    static func record(_ source: String) throws -> ModuleRecord {
        let bytes = Array(source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(bytes)
        let analysis = try JavaScriptParser.analyze(bytes, tokenization: tokenization)
        return ModuleRecord(id: 0, path: "/m.js", kind: .commonJS, bytes: bytes, tokens: tokenization.tokens, analysis: analysis)
    }

    /// Each fold as the source text it replaces and the value written.
    static func folds(_ source: String) throws -> (folds: [String], removed: Set<String>) {
        let record = try record(source)
        let result = WrapperTypeofFolding.edits(in: record)
        let folds = result.edits.map { edit -> String in
            let first = record.tokens[edit.start], last = record.tokens[edit.end - 1]
            return String(decoding: record.bytes[first.start..<last.end], as: UTF8.self) + " -> " + edit.text
        }
        return (folds, result.removedNames)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let source: String
        let folds: [String]
        let removed: Set<String>
        var testDescription: String { source }
    }

    static let cases: [Case] = [
        // The universal module definition header: the CommonJS test is one constant, `module` is no longer read.
        Case(
            source:
                "(function (g, f) { typeof exports === 'object' && typeof module !== 'undefined' ? f(exports) : g.X = f({}); })(this, function (e) {});",
            folds: ["typeof exports === 'object' && typeof module !== 'undefined' -> true"], removed: ["module"]),
        Case(source: "if (\"undefined\" == typeof module) x();", folds: ["\"undefined\" == typeof module -> false"], removed: ["module"]),
        Case(
            source: "var cjs = typeof module === \"object\" && module.exports;",
            folds: ["typeof module === \"object\" -> true"], removed: []),
        Case(
            source: "a || typeof exports == \"object\" && typeof module == \"object\" || b;",
            folds: ["typeof exports == \"object\" && typeof module == \"object\" -> true"], removed: ["exports", "module"]),
        // `||` touching an `&&` is not joined: `a && X || Y` is `(a && X) || Y`.
        Case(
            source: "a && typeof exports == \"function\" || typeof module != \"object\";",
            folds: ["typeof exports == \"function\" -> false", "typeof module != \"object\" -> false"], removed: ["exports", "module"]),
        // Assigned somewhere: `exports` may no longer be the wrapper's object.
        Case(source: "exports = module.exports = f; if (typeof exports === \"object\") g();", folds: [], removed: []),
        Case(source: "for (exports of list) {} typeof exports === \"object\";", folds: [], removed: []),
        // A tighter operator takes the operand: `x + typeof module` is compared, not `typeof module`.
        Case(source: "x + typeof module === \"object\";", folds: [], removed: []),
        Case(source: "typeof module === \"object\" + x;", folds: [], removed: []),
        Case(source: "typeof module.exports === \"object\";", folds: [], removed: []),
        // A direct eval could declare `module`.
        Case(source: "eval(s); typeof module === \"object\";", folds: [], removed: []),
        // Declared by the module itself: not the wrapper's.
        Case(source: "var module = 1; typeof module === \"object\";", folds: [], removed: []),
    ]

    @Test(arguments: cases) func folds(_ testCase: Case) throws {
        let (folds, removed) = try Self.folds(testCase.source)
        #expect(folds == testCase.folds)
        #expect(removed == testCase.removed)
    }

    /// A UMD library imported by an ES module and required by a CommonJS one behaves the same in development,
    /// production and esbuild's bundle; production keeps only its CommonJS branch.
    @Test func universalModuleDefinitionKeepsItsCommonJSBranch() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import lib from "./lib/umd.js";
                    import * as ns from "./lib/umd.js";
                    const again = require("./lib/umd.js");
                    __log.push(lib.version + " " + ns.version + " " + (again === lib) + " " + typeof globalThis.Lib + " " + lib.kind);
                    """,
                    "umd.js": """
                    (function (global, factory) {
                      typeof exports === 'object' && typeof module !== 'undefined' ? factory(exports) :
                      typeof define === 'function' && define.amd ? define(['exports'], factory) :
                      (global = typeof globalThis !== 'undefined' ? globalThis : global || self, factory(global.Lib = {}));
                    })(this, (function (exports) { 'use strict';
                      exports.version = "1.2";
                      exports.kind = typeof module === "undefined" ? "no module" : "module " + typeof module;
                    }));
                    """,
                ], expecting: ["1.2 1.2 true undefined module object"])
        else { return }
        #expect(!outcome.production.contains("define.amd") && !outcome.production.contains("typeof define"), "\(outcome.production)")
        #expect(!outcome.production.contains("global.Lib") && !outcome.production.contains(".Lib={}"))
        #expect(
            outcome.development.contains("typeof exports === 'object' && typeof module !== 'undefined'"),
            "development keeps the module's text")
    }
}
