import Foundation
import ScriptBundler
import Testing

@testable import WKPackCLI

/// Hostile and broken `wkpack.yml` files: each is a located error, never a crash, a hang or output.
@Suite struct ConfigRobustnessTests {
    static let billionLaughs = """
        a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
        f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
        g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
        h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
        i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
        ? *i
        : 1
        ? [*i]
        : 2
        """

    func configError(_ text: String) throws -> ConfigError {
        do {
            _ = try ProjectConfig.parse(text, path: "wkpack.yml")
        } catch {
            return error
        }
        Issue.record("expected a configuration error for: \(text.prefix(80))")
        throw CancellationError()
    }

    @Test func billionLaughsIsRefusedAtTheFirstAlias() throws {
        let error = try configError(Self.billionLaughs)
        #expect(
            error.description
                == "wkpack.yml:2:8: error: YAML aliases ('*name') are not supported in the configuration; repeat the value instead")
    }

    @Test(arguments: [
        ("x: &x 1\nscripts: *x\n", 2, 10),
        ("x: &x 1\nrules:\n  - *x\n", 3, 5),
        ("x: &x 1\nrules: [1,*x]\n", 2, 11),
        ("x: &x 1\nrules: {k: *x}\n", 2, 12),
        ("x: &x 1\nrules:\n  ? *x\n  : 1\n", 3, 5),
        ("x: &x 1\r\nrules: *x\r\n", 2, 8),
        ("x: &x \"é\"\nrules: [\"é\", *x]\n", 2, 14),
    ])
    func aliasesAreRefusedWherever(text: String, line: Int, column: Int) throws {
        let error = try configError(text)
        #expect(error.location == SourceLocation(path: "wkpack.yml", line: line, column: column))
    }

    @Test(arguments: [
        "scripts:\n  root: \"*x\"\n  output: '*y'' *z'\n",
        "scripts:\n  root: 2 * 3\n  output: a*b\n",
        "scripts:\n  root: x:*y\n",
        "# *comment\nscripts: # *comment\n  root: a # *x\n",
        "scripts:\n  root: |\n    * bullet\n    *x\n  output: >-\n\n    *folded\n",
        "scripts:\n  root: \"multi\n    *line\"\n",
        "scripts:\n  root: &anchor a\n",
    ])
    func starsThatAreNotAliasesAreAccepted(text: String) throws {
        let config = try ProjectConfig.parse(text, path: "wkpack.yml")
        #expect(config.scripts?.root != nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let text = "rules: " + String(repeating: "[", count: 100_000)
        let error = try configError(text)
        #expect(error.location.path == "wkpack.yml")
        #expect(error.message.hasPrefix("invalid YAML"))
        let mappings = "rules:\n" + (0..<2_000).map { String(repeating: " ", count: $0 + 2) + "k:" }.joined(separator: "\n")
        #expect(try configError(mappings).message.hasPrefix("invalid YAML"))
    }

    @Test(arguments: [
        ("scripts: 5\n", "wkpack.yml:1:10: error: 'scripts' must be a mapping"),
        ("scripts:\n  mode: 3\n", "wkpack.yml:2:9: error: 'mode' must be a non-empty string"),
        ("scripts:\n  root: [a]\n", "wkpack.yml:2:9: error: 'root' must be a non-empty string"),
        ("scripts:\n  root: ''\n", "wkpack.yml:2:9: error: 'root' must be a non-empty string"),
        ("scripts:\n  groups: {a: 1}\n", "wkpack.yml:2:11: error: 'groups' must be a list"),
        ("scripts:\n  groups: [1]\n", "wkpack.yml:2:12: error: a group must be a mapping"),
        ("scripts:\n  allowOutsideProject: yes please\n", "wkpack.yml:2:24: error: 'allowOutsideProject' must be true or false"),
        ("scripts:\n  allowOutsideProject: \"true\"\n", "wkpack.yml:2:24: error: 'allowOutsideProject' must be true or false"),
        ("scirpts:\n  mode: production\n", "wkpack.yml:1:1: error: unknown key 'scirpts' in the configuration; did you mean 'scripts'?"),
        ("scripts:\n  sourcemaps: none\n", "wkpack.yml:2:3: error: unknown key 'sourcemaps' in 'scripts'; did you mean 'sourceMaps'?"),
        ("[1, 2]\n", "wkpack.yml:1:1: error: the configuration must be a mapping"),
        ("scripts:\n  mode: production\n  mode: development\n", "wkpack.yml:2:3: error: duplicate key 'mode'"),
    ])
    func wrongTypesAndUnknownKeysAreLocated(text: String, expected: String) throws {
        #expect(try configError(text).description == expected)
    }

    @Test func allowOutsideProjectIsRead() throws {
        let config = try ProjectConfig.parse("scripts:\n  allowOutsideProject: true\n", path: "wkpack.yml")
        #expect(config.scripts?.allowOutsideProject == true)
    }
}
