import ScriptBundler
import Testing

@testable import WKPackCLI

@Suite struct ProjectConfigTests {
    static let example = """
        # comment
        scripts:
          root: UserScripts
          output: Assets
          mode: development
          sourceMaps: inline
          groups:
            - name: AllFramesAtDocumentStart
              first: __firefox__.js
            - name: WebcompatAllFramesAtDocumentStart
              folder: AllFrames/WebcompatAtDocumentStart
              output: Webcompat.js
        rules:
          target: safari14
          maxRules: 1000
          check: [lists/*.json]
          merge:
            - output: All.json
              lists: [a.json, b.json]
              safelist: [example.org]
        """

    @Test func parsesEveryKey() throws {
        let config = try ProjectConfig.parse(Self.example, path: "wkpack.yml")
        let scripts = try #require(config.scripts)
        #expect(config.folder == ".")
        #expect(scripts.root == "UserScripts")
        #expect(scripts.rootLocation == SourceLocation(path: "wkpack.yml", line: 3, column: 9))
        #expect(scripts.output == "Assets")
        #expect(scripts.mode == .development)
        #expect(scripts.sourceMaps == .inline)
        #expect(
            scripts.groups == [
                ScriptGroupDefinition(
                    name: "AllFramesAtDocumentStart", first: "__firefox__.js",
                    origin: SourceLocation(path: "wkpack.yml", line: 8, column: 13)),
                ScriptGroupDefinition(
                    name: "WebcompatAllFramesAtDocumentStart", folder: "AllFrames/WebcompatAtDocumentStart",
                    outputFileName: "Webcompat.js", origin: SourceLocation(path: "wkpack.yml", line: 10, column: 13)),
            ])
        let rules = try #require(config.rules)
        #expect(rules.target == .safari14)
        #expect(rules.maxRules == 1000)
        #expect(rules.maxBytes == nil)
        #expect(rules.check == ["lists/*.json"])
        #expect(rules.merge == [RulesConfig.Merge(output: "All.json", lists: ["a.json", "b.json"], safelist: ["example.org"])])
    }

    @Test func targetAndPathsAreRead() throws {
        let text = """
            scripts:
              target: safari13.1
              alias: {Lib: lib}
              fallback:
                url: shims/url.js
                fs: false
              resourceURIs:
                overrides: {A.mjs: B.mjs}
                directory: res
              groups:
                - {name: X, folder: x, files: [a.js]}
            rules:
              allowOutsideProject: true
              check: [lists/*.json]
              merge:
                - {output: M.json, lists: [a.json], safelistFile: s.txt}
              test: [e.yml]
            """
        let config = try ProjectConfig.parse(text, path: "wkpack.yml")
        let scripts = try #require(config.scripts)
        #expect(scripts.target == ScriptTarget(name: "safari13.1"))
        #expect(
            scripts.paths.map { "\($0.role)=\($0.path)@\($0.location.line):\($0.location.column)" } == [
                "alias 'Lib'=lib@3:16", "fallback 'url'=shims/url.js@5:10", "resourceURIs directory=res@9:16",
                "overrides 'A.mjs'=res/B.mjs@8:24", "group 'X' folder=x@11:25", "group 'X' file=a.js@11:36",
            ])
        #expect(
            scripts.paths.map(\.base) == [
                .configurationFolder, .configurationFolder, .configurationFolder, .configurationFolder, .root, .configurationFolder,
            ])
        let rules = try #require(config.rules)
        #expect(rules.allowOutsideProject)
        #expect(
            rules.paths.map { "\($0.role)=\($0.path)" } == [
                "rules check list=lists/*.json", "merged list output=M.json", "merged list 'M.json' input=a.json",
                "merged list 'M.json' safelistFile=s.txt", "rules test expectation file=e.yml",
            ])
        #expect(try ProjectConfig.parse("scripts:\n", path: "wkpack.yml").scripts?.target == nil)
    }

    @Test(arguments: ["safari10", "safari19", "chrome90", "safari13.10"])
    func unknownTargetsAreLocated(name: String) {
        do {
            _ = try ProjectConfig.parse("scripts:\n  target: \(name)\n", path: "wkpack.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("wkpack.yml:2:11: error: unknown target '\(name)'; expected safariN or safariN.M"))
        }
    }

    @Test func folderComesFromTheConfigPath() throws {
        #expect(try ProjectConfig.parse("scripts:\n", path: "sub/dir/wkpack.yml").folder == "sub/dir")
        #expect(try ProjectConfig.parse("", path: "wkpack.yml").scripts == nil)
        #expect(try ProjectConfig.parse("scripts:\n", path: "wkpack.yml").scripts == ScriptsConfig())
    }

    @Test(arguments: [
        ("script:\n  root: X\n", "wkpack.yml:1:1: error: unknown key 'script' in the configuration; did you mean 'scripts'?"),
        ("scripts:\n  rot: X\n", "wkpack.yml:2:3: error: unknown key 'rot' in 'scripts'; did you mean 'root'?"),
        ("scripts:\n  sourcemaps: none\n", "wkpack.yml:2:3: error: unknown key 'sourcemaps' in 'scripts'; did you mean 'sourceMaps'?"),
        (
            "scripts:\n  zzzzzz: 1\n",
            "wkpack.yml:2:3: error: unknown key 'zzzzzz' in 'scripts'; expected one of: root, output, mode, sourceMaps, target, groups, alias, fallback, resourceURIs, allowOutsideProject, metafile, maxBytes"
        ),
        (
            "scripts:\n  groups:\n    - name: A\n      frist: a.js\n",
            "wkpack.yml:4:7: error: unknown key 'frist' in a group; did you mean 'first'?"
        ),
        ("scripts:\n  groups: foo\n", "wkpack.yml:2:11: error: 'groups' must be a list"),
        ("scripts:\n  groups:\n    - folder: X\n", "wkpack.yml:3:7: error: a group needs a 'name'"),
        ("scripts:\n  groups:\n    - just-a-string\n", "wkpack.yml:3:7: error: a group must be a mapping"),
        ("scripts:\n  root: [a, b]\n", "wkpack.yml:2:9: error: 'root' must be a non-empty string"),
        ("scripts:\n  root: 12\n", "wkpack.yml:2:9: error: 'root' must be a non-empty string"),
        (
            "scripts:\n  mode: developement\n",
            "wkpack.yml:2:9: error: invalid value 'developement' for 'mode'; expected one of: development, production (did you mean 'development'?)"
        ),
        ("scripts:\n  sourceMaps: yes\n", "wkpack.yml:2:15: error: 'sourceMaps' must be a non-empty string"),
        ("scripts: 3\n", "wkpack.yml:1:10: error: 'scripts' must be a mapping"),
        ("scripts:\n  root: A\n  root: B\n", "wkpack.yml:2:3: error: duplicate key 'root'"),
        ("- a\n- b\n", "wkpack.yml:1:1: error: the configuration must be a mapping"),
        ("rules:\n  taget: safari14\n", "wkpack.yml:2:3: error: unknown key 'taget' in 'rules'; did you mean 'target'?"),
        (
            "rules:\n  target: safari13\n",
            "wkpack.yml:2:11: error: invalid value 'safari13' for 'target'; expected one of: safari14, safari14.1, safari15, safari16.4, safari17, safari26 (did you mean 'safari14'?)"
        ),
        ("rules:\n  maxRules: -1\n", "wkpack.yml:2:13: error: 'maxRules' must be a non-negative integer"),
        ("rules:\n  merge:\n    - lists: [a.json]\n", "wkpack.yml:3:7: error: a merged list needs an 'output' file name"),
        ("rules:\n  merge:\n    - output: x.json\n      lists: []\n", "wkpack.yml:4:14: error: 'lists' must name at least one list"),
    ])
    func errorsAreLocated(text: String, expected: String) {
        do {
            _ = try ProjectConfig.parse(text, path: "wkpack.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func invalidYAMLIsLocated() {
        do {
            _ = try ProjectConfig.parse("scripts:\n  root: [a\n", path: "wkpack.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("wkpack.yml:3:1: error: invalid YAML"))
        }
    }

    @Test func explicitMissingFileIsAnError() {
        #expect(throws: ConfigError(at: SourceLocation(path: "/nonexistent/wkpack.yml"), "configuration file does not exist")) {
            try ProjectConfig.load(path: "/nonexistent/wkpack.yml")
        }
    }
}
