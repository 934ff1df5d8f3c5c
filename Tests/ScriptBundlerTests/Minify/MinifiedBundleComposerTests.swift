import Foundation
import Testing
@testable import ScriptBundler

/// How `MinifiedBundleComposer` joins the files sharing one function: a `;` only where the previous file's last
/// statement could run on into the next file.
@Suite struct MinifiedBundleComposerTests {
    static let files: [(String, String)] = [
        // Ends with a loop's block: the next file's `(` starts a statement of its own.
        ("c1.js", "for (const k of [1]) { log.push('c1 ' + k); log.push('c1 again') }"),
        ("c2.js", "(function () { log.push('c2 iife') })()"),
        // Ends with a function expression's `}`: without a `;` the next file's `(...)` would call it.
        ("c3.js", "log.x = function () { log.push('c3 called') }"),
        ("c4.js", "(function () { log.push('c4 ' + typeof log.x) })()"),
        // Ends with an `else` block.
        ("c5.js", "if (log.length) { let c = String(log.length); log.push(c, c) } else { log.push('none'); log.push('none') }"),
        ("c6.js", "[1].forEach(() => log.push('c6'))"),
    ]

    @Test func semicolonOnlyWhereAStatementCouldContinue() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var sources: [String: String] = [:]
        for (name, source) in Self.files { sources["UserScripts/MainFrame/AtDocumentEnd/" + name] = source }
        try TestSupport.write(sources, under: folder)
        var outputs: [String: String] = [:]
        for mode in [BundleMode.development, .production] {
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: folder + "/\(mode)", projectFolder: folder, mode: mode, sourceMaps: .none)
            _ = try ScriptBundler().write(try ScriptBundler().build(configuration), to: configuration.output)
            outputs["\(mode)"] = try String(contentsOfFile: folder + "/\(mode)/MainFrameAtDocumentEnd.js", encoding: .utf8)
        }
        let production = try #require(outputs["production"])
        // One shared function; no `;` after the blocks, one after the function expression.
        #expect(production.components(separatedBy: "(()=>{").count == 2)
        #expect(production.contains("}(function(){"))
        #expect(production.contains("};(function(){"))
        #expect(production.contains("}[1].forEach("))
        #expect(!production.contains("}};"))

        let script = """
        const vm = require('node:vm'), fs = require('node:fs');
        const run = (code) => { const sandbox = { log: [] }; sandbox.window = sandbox; vm.runInNewContext(code, sandbox); return sandbox.log; };
        console.log(JSON.stringify(process.argv.slice(1).map((file) => run(fs.readFileSync(file, 'utf8')))));
        """
        guard let output = try TestSupport.node(script, [
            folder + "/development/MainFrameAtDocumentEnd.js", folder + "/production/MainFrameAtDocumentEnd.js",
        ]) else { return }
        try #require(output.status == 0, "\(output.stderr)")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        try #require(logs.count == 2)
        #expect(logs[0] == ["c1 1", "c1 again", "c2 iife", "c4 function", "4", "4", "c6"])
        #expect(logs[1] == logs[0])
    }
}
