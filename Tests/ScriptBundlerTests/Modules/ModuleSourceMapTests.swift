import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Source maps of module bundles, read back with node's own consumer (`node:module` SourceMap): every
/// segment points at the same token it was generated from (or at the import it rewrote), and every token of
/// the original files is mapped.
@Suite struct ModuleSourceMapTests {
    static let consumer = """
        const { SourceMap } = require('node:module');
        const fs = require('node:fs');
        const code = fs.readFileSync(process.argv[1], 'utf8').split(/\\r\\n|\\r|\\n/);
        const payload = JSON.parse(fs.readFileSync(process.argv[1] + '.map', 'utf8'));
        const map = new SourceMap(payload);
        const seen = new Set();
        const out = [];
        // node's consumer reports the previous source for a map's final one-field (unmapped) segment, which
        // wkpack emits for the bundle's closing line; that line maps to nothing, so it is skipped.
        const lastMapped = payload.mappings.split(';').length - 1;
        for (let line = 0; line < lastMapped; line++) {
          for (let column = 0; column <= code[line].length; column++) {
            const entry = map.findEntry(line, column);
            if (!entry || entry.originalSource === undefined || entry.generatedLine !== line || entry.generatedColumn !== column) continue;
            const key = entry.generatedLine + ':' + entry.generatedColumn;
            if (seen.has(key)) continue;
            seen.add(key);
            const index = payload.sources.indexOf(entry.originalSource) >= 0 ? payload.sources.indexOf(entry.originalSource)
              : payload.sources.findIndex((s) => entry.originalSource.endsWith(s.replace(/^(\\.\\.\\/)+/, '')));
            const originalLines = payload.sourcesContent[index].split(/\\r\\n|\\r|\\n/);
            out.push([payload.sources[index], entry.originalLine, entry.originalColumn,
              code[line].slice(entry.generatedColumn, entry.generatedColumn + 24),
              (originalLines[entry.originalLine] || '').slice(entry.originalColumn, entry.originalColumn + 24)]);
          }
        }
        process.stdout.write(JSON.stringify(out));
        """

    @Test func everySegmentMapsToItsTokenAndEveryTokenIsMapped() throws {
        // Development output: production output is minified (renamed names, dropped semicolons), which
        // MinifiedBundleTests checks on its own.
        let (folder, _) = try ModuleBundleTests.build(mode: .development)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let output = try TestSupport.node(Self.consumer, [folder + "/MainFrameAtDocumentStart.js"]) else { return }
        #expect(output.status == 0, "\(output.stderr)")
        let segments = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[Any]])
        var mappedBySource: [String: Set<String>] = [:]
        var mismatches: [String] = []
        for segment in segments {
            guard let source = segment[0] as? String, let line = segment[1] as? Int, let column = segment[2] as? Int,
                let generated = segment[3] as? String, let original = segment[4] as? String
            else { continue }
            mappedBySource[source, default: []].insert("\(line):\(column)")
            let token = original.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            let expected = token.isEmpty ? String(original.prefix(1)) : String(token)
            let isRewrite =
                generated.hasPrefix("__wkpack_") || (original.hasPrefix("\"") && generated.first?.isNumber == true)
                || generated.hasPrefix("(0, __wkpack_") || generated.hasPrefix("const __wkpack_default")
                || generated.hasPrefix(expected + ": __wkpack_")
            if !generated.hasPrefix(expected), !isRewrite {
                mismatches.append("\(source):\(line + 1):\(column): generated '\(generated)' for original '\(original)'")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(segments.count > 200)

        // Every token of the entry outside its import declarations is mapped.
        let entryPath = ModuleBundleTests.app + "/UserScripts/MainFrame/AtDocumentStart/A_entry.js"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: entryPath)))
        let analysis = try JavaScriptParser.analyze(bytes)
        let removed = analysis.module.removableStatements
        let key = try #require(mappedBySource.keys.first { $0.hasSuffix("A_entry.js") })
        let mapped = mappedBySource[key] ?? []
        var unmapped: [String] = []
        for (index, token) in analysis.tokens.enumerated() where !removed.contains(where: { $0.contains(index) }) {
            if !mapped.contains("\(token.line - 1):\(token.column)") { unmapped.append("\(token.line):\(token.column)") }
        }
        #expect(unmapped.isEmpty, "unmapped tokens: \(unmapped.prefix(10))")
    }
}
