import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `OverrideTableReader`: the export forms it accepts and the located errors for everything else.
@Suite struct OverrideTableReaderTests {
    static let pairs = "\"AppConstants.sys.mjs\": \"Helpers.ios.mjs\",\n  'Timer.sys.mjs': `TranslationsHelpers.mjs`, plain: \"p.mjs\""
    static let expected = ["AppConstants.sys.mjs": "Helpers.ios.mjs", "Timer.sys.mjs": "TranslationsHelpers.mjs", "plain": "p.mjs"]

    @Test(arguments: [
        "const ModuleOverrides = {\n  \(pairs)\n};\nmodule.exports = { ModuleOverrides };",
        "\"use strict\";\nlet ModuleOverrides = {\(pairs)}\nmodule.exports = {ModuleOverrides}\n",
        "module.exports = {\(pairs)};",
        "module.exports = { ModuleOverrides: {\(pairs)} };",
        "module.exports.ModuleOverrides = {\(pairs)};",
        "exports.ModuleOverrides = {\(pairs)};",
        "exports.Table = {\(pairs)};",
        "export const ModuleOverrides = {\(pairs)};",
        "export default {\(pairs)};",
        "const ModuleOverrides = {\(pairs)};\nexport { ModuleOverrides };",
        "const table = {\(pairs)};\nconst ModuleOverrides = table;\nexport { ModuleOverrides as default, ModuleOverrides };",
        "// comment\nconst x = require('./other'); function helper() { return 1 }\nconst ModuleOverrides = {\(pairs)};\nmodule.exports = { ModuleOverrides, helper };",
    ])
    func readsEveryExportForm(source: String) throws {
        #expect(try OverrideTableReader.read(Array(source.utf8), path: "Overrides.ios.js") == Self.expected)
    }

    @Test(arguments: [
        ("const ModuleOverrides = {\n  [name]: \"a.mjs\",\n};\nmodule.exports = { ModuleOverrides };", 2, 3, "a computed key"),
        ("const ModuleOverrides = {\n  ...base,\n};\nmodule.exports = { ModuleOverrides };", 2, 3, "a spread ('...')"),
        (
            "const ModuleOverrides = {\n  \"A.sys.mjs\": 3,\n};\nmodule.exports = { ModuleOverrides };", 2, 16,
            "the value of 'A.sys.mjs' must be a string (a file name), found the number 3"
        ),
        (
            "const ModuleOverrides = {\n  \"A.sys.mjs\": pick(\"a\"),\n};\nmodule.exports = { ModuleOverrides };", 2, 16,
            "the value of 'A.sys.mjs' must be a string (a file name), found a call of 'pick'"
        ),
        (
            "const ModuleOverrides = {\n  \"A.sys.mjs\": \"\",\n};\nmodule.exports = { ModuleOverrides };", 2, 16,
            "the value of 'A.sys.mjs' is an empty string"
        ),
        ("const ModuleOverrides = {\n  Helpers,\n};\nmodule.exports = { ModuleOverrides };", 2, 3, "'Helpers' is a shorthand property"),
        (
            "const ModuleOverrides = makeTable();\nmodule.exports = { ModuleOverrides };", 1, 25,
            "the export 'ModuleOverrides' must be an object literal of string keys and string values, found a call of 'makeTable'"
        ),
        (
            "module.exports = { ModuleOverrides };", 1, 20,
            "the export 'ModuleOverrides' is the name 'ModuleOverrides', which is not declared"
        ),
        (
            "const { ModuleOverrides } = require('./x');\nmodule.exports = { ModuleOverrides };", 2, 20,
            "the export 'ModuleOverrides' is the name 'ModuleOverrides', which is not declared"
        ),
        ("const ModuleOverrides = {\"a\": \"b\"};\n", 1, 1, "no export found"),
        ("exports.A = {};\nexports.B = {};", 1, 13, "the file exports several names ('A', 'B') and none is 'ModuleOverrides'"),
        (
            "module.exports = {\n  \"A.sys.mjs\": \"x\" + suffix,\n};", 2, 16,
            "the value of 'A.sys.mjs' must be a string (a file name), found a '+' expression"
        ),
        ("module.exports = {\n  get \"A.sys.mjs\"() { return \"x\" },\n};", 2, 3, "'get' is not supported"),
    ])
    func reportsLocatedErrors(source: String, line: Int, column: Int, message: String) {
        do {
            let table = try OverrideTableReader.read(Array(source.utf8), path: "CC_Script/Overrides.ios.js")
            Issue.record("expected an error, read \(table)")
        } catch {
            #expect(error.location == SourceLocation(path: "CC_Script/Overrides.ios.js", line: line, column: column), "\(error)")
            #expect(error.message.hasPrefix("override table: " + message), "\(error)")
            #expect(error.description.hasPrefix("CC_Script/Overrides.ios.js:\(line):\(column): error: override table: "))
        }
    }

    @Test func syntaxErrorsAreLocated() {
        do {
            _ = try OverrideTableReader.read(Array("const ModuleOverrides = {\n  a: 'x',\n  b: 'y\n};".utf8), path: "O.js")
            Issue.record("expected a syntax error")
        } catch {
            guard case .syntax = error.kind else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(error.location.path == "O.js" && error.location.line == 3, "\(error)")
        }
    }

    @Test func aMissingFileIsLocatedWhereItWasConfigured() throws {
        let origin = SourceLocation(path: "wkpack.yml", line: 9, column: 16)
        do {
            _ = try OverrideTableReader.load("/nonexistent/Overrides.ios.js", fileSystem: LocalFileSystem(), origin: origin)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == origin)
            #expect(error.message == "override table file '/nonexistent/Overrides.ios.js' does not exist")
        }
    }
}
