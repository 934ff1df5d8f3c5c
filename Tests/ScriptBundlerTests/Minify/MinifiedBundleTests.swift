import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Development and production bundles of the tricky programs in `Fixtures/Minify` behave the same in node, the
/// production bundle is renamed where allowed, and every identifier and string in it maps back exactly.
@Suite struct MinifiedBundleTests {
    static let project = TestSupport.fixtures + "/Minify"

    static func build(_ mode: BundleMode, sourceMaps: SourceMapMode = .external) throws -> GroupBundle {
        let configuration = BundleConfiguration(
            root: project + "/UserScripts", output: project + "/Assets", projectFolder: project, mode: mode, sourceMaps: sourceMaps,
            target: .newest)  // the fixtures use every syntax the minifier handles
        return try #require(try ScriptBundler().build(configuration).first)
    }

    /// Runs a bundle in a fresh context and prints the log once promises have settled.
    static let runner = """
        const vm = require('node:vm');
        const sandbox = { log: [] };
        sandbox.window = sandbox;
        vm.runInNewContext(require('node:fs').readFileSync(process.argv[1], 'utf8'), sandbox);
        setImmediate(() => console.log(JSON.stringify(sandbox.log)));
        """

    static func run(_ bundle: GroupBundle) throws -> [String]? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bundle.js"
        try Data(bundle.code).write(to: URL(fileURLWithPath: path))
        guard let output = try TestSupport.node(runner, [path]) else { return nil }
        #expect(output.status == 0, "\(output.stderr)")
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String]
    }

    @Test func productionBehavesLikeDevelopment() throws {
        guard let development = try Self.run(try Self.build(.development)) else { return }
        let production = try #require(try Self.run(try Self.build(.production)))
        #expect(production == development)
        for expected in [
            "return-newline:undefined", "prefix-after-newline:1,3", "call-across-newline:6",
            "arrow-then-plus:function", "let-newline:let-declared", "yield-newline:[null]",
            "block-function:annex-b", "eval:43", "indirect-eval:undefined,local", "with:object,local",
            "eval-nested:xouter,outer", "classes:14,1,computed,true", "async:42", "done",
            "include:truefalsetrue", "guarded:x", "guarded-without-other", "guarded:y", "guarded-large-other",
            "numbers:1000,0.5,0.00012,1.0", "joined:few and it's fine",
        ] {
            #expect(development.contains(expected), "\(expected) missing from \(development)")
        }
    }

    @Test func renamesWhatNothingCanObserve() throws {
        let text = String(decoding: try Self.build(.production, sourceMaps: .none).code, as: UTF8.self)
        for renamed in [
            "parameterOne", "restParameters", "loopIndex", "counters", "argumentValue",
            "returnsUndefined", "hoistedFunction", "longParameterName", "innerParameter", "blockFunction", "#count",
        ] {
            #expect(!text.contains(renamed), "\(renamed) was not renamed")
        }
        for kept in [
            "secretValue", "otherValue", "nestedHelper", "fromLocal", "scopeObject", "outerName",
            "arguments", "alpha", "stored", "label1",
        ] {
            #expect(text.contains(kept), "\(kept) was renamed")
        }
    }

    @Test func legalCommentsGoToTheLicenseFile() throws {
        let bundle = try Self.build(.production)
        let text = String(decoding: bundle.code, as: UTF8.self)
        #expect(text.hasPrefix("/*! For license information please see AllFramesAtDocumentStart.js.LICENSE.txt */\n"))
        #expect(!text.contains("@license") && !text.contains("legal comment"))
        let license = String(decoding: try #require(bundle.license), as: UTF8.self)
        #expect(license.contains("/*! asi.js: legal comment kept in the license file */"))
        #expect(license.contains("@license MIT: a second legal comment."))
        #expect(bundle.licenseFileName == "AllFramesAtDocumentStart.js.LICENSE.txt")
        #expect(try Self.build(.development).license == nil)
    }

    /// Every identifier, keyword-free name and string of the minified bundle maps to a segment starting exactly
    /// there, whose original position holds the same text, or the original name for a renamed identifier.
    @Test(arguments: [SourceMapMode.external])
    func everyNameAndStringMapsBack(sourceMaps: SourceMapMode) throws {
        let bundle = try Self.build(.production, sourceMaps: sourceMaps)
        let map = try #require(bundle.map)
        let tokens = try JavaScriptTokenizer.tokenize(bundle.code).tokens
        var probes: [[Any]] = []
        for token in tokens where token.kind == .identifier || token.kind == .string {
            let text = String(decoding: bundle.code[token.range], as: UTF8.self)
            // Strings with escapes are compared elsewhere; `call` of the `}).call(this)` wrappers is unmapped, and
            // so is the `"use strict"` a wrapper shared by strict files opens with.
            if (text.hasPrefix("\"") && text.contains("\\")) || text == "call" { continue }
            let before = String(decoding: bundle.code[..<token.start].suffix(12), as: UTF8.self)
            if text == "\"use strict\"", before.hasSuffix("(()=>{") || before.hasSuffix("(function(){") { continue }
            probes.append([token.line - 1, token.column, text])
        }
        try #require(probes.count > 200)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(map).write(to: URL(fileURLWithPath: folder + "/map.json"))
        try JSONSerialization.data(withJSONObject: probes).write(to: URL(fileURLWithPath: folder + "/probes.json"))
        let script = """
            const { SourceMap } = require('node:module');
            const fs = require('node:fs');
            const json = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
            const map = new SourceMap(json);
            const bad = [];
            let named = 0;
            const decoded = [];
            for (const [line, column, text] of JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))) {
              const e = map.findEntry(line, column);
              const index = json.sources.indexOf(e.originalSource);
              const original = index < 0 ? undefined : json.sourcesContent[index].split(/\\r\\n|\\r|\\n|\\u2028|\\u2029/)[e.originalLine];
              // A renamed identifier maps to its original spelling, which may use escapes (`abc` written with a \\u escape).
              const expected = original !== undefined && original[e.originalColumn] === '\\\\' ? '\\\\' : (e.name ?? text);
              if (e.name !== undefined) named++;
              // The literal of a string at a column (its text up to the closing quote).
              const literal = (line, at) => {
                const quote = line[at];
                if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
                for (let i = at + 1; i < line.length; i++) {
                  if (line[i] === '\\\\') { i++; continue; }
                  if (line[i] === quote) return line.slice(at, i + 1);
                }
                return undefined;
              };
              const value = (source) => { try { return Function('return ' + source)(); } catch { return undefined; } };
              const quoted = original === undefined ? undefined : literal(original, e.originalColumn);
              // The values of `"a"`, `"a"+"b"`, `"a"+"b"+"c"`, ... written from a column: joined literals map to the first.
              const joined = (line, at) => {
                const values = [];
                let source = literal(line, at), end = at, total = '';
                while (source !== undefined) {
                  total += value(source);
                  values.push(total);
                  end += source.length;
                  const plus = /^\\s*\\+\\s*/.exec(line.slice(end));
                  if (!plus) break;
                  end += plus[0].length;
                  source = literal(line, end);
                }
                return values;
              };
              // `let` may stand for a `const` declaration nothing writes; a property name may stand for the quoted key
              // it replaces (`a["b"]` written `a.b`), a string for the same string in other quotes, or for string
              // literals added to it that the minifier joined.
              const matches = original !== undefined && (original.startsWith(expected, e.originalColumn) ||
                (text === 'let' && e.name === undefined && original.startsWith('const', e.originalColumn)) ||
                (quoted !== undefined && e.name === undefined &&
                  (value(quoted) === text || (/^["'`]/.test(text) && joined(original, e.originalColumn).includes(value(text))))));
              if (e.generatedLine !== line || e.generatedColumn !== column || !matches) bad.push([line, column, text, e]);
            }
            console.log(JSON.stringify({ bad: bad.slice(0, 5), badCount: bad.length, named }));
            """
        guard let output = try TestSupport.node(script, [folder + "/map.json", folder + "/probes.json"]) else { return }
        try #require(output.status == 0, "\(output.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(result["badCount"] as? Int == 0, "\(output.stdout)")
        #expect((result["named"] as? Int ?? 0) > 50, "renamed identifiers carry their original names: \(output.stdout)")
        #expect(String(decoding: map, as: UTF8.self).contains(#""names":["#))
    }

    @Test func productionOutputIsDeterministic() throws {
        let first = try Self.build(.production)
        let second = try Self.build(.production)
        #expect(first.code == second.code && first.map == second.map && first.license == second.license)
    }
}
