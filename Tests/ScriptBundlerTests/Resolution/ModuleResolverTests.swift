import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Specifier resolution against a temporary tree.
@Suite struct ModuleResolverTests {
    static func tree() throws -> String {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(
            [
                "app/src/deep/file.js": "",
                "app/src/index.js": "",
                "app/src/lib/index.js": "",
                "app/src/data.json": "{}",
                "app/src/dir-with-main/package.json": #"{"main": "entry.js"}"#,
                "app/src/dir-with-main/entry.js": "",
                "app/node_modules/ordered/package.json":
                    #"{"exports": {".": {"browser": "./browser.js", "import": "./import.mjs", "default": "./default.js"}, "./features/*.js": "./src/features/*.js", "./features/private/*": null}}"#,
                "app/node_modules/ordered/browser.js": "",
                "app/node_modules/ordered/import.mjs": "",
                "app/node_modules/ordered/src/features/a.js": "",
                "app/node_modules/@scope/pkg/package.json": #"{"module": "esm/index.mjs", "main": "cjs/index.js"}"#,
                "app/node_modules/@scope/pkg/esm/index.mjs": "",
                "app/node_modules/@scope/pkg/cjs/index.js": "",
                "app/node_modules/plain/index.js": "",
                "node_modules/outer/package.json": #"{"exports": {"require": "./r.cjs", "default": "./d.js"}}"#,
                "node_modules/outer/r.cjs": "",
                "node_modules/outer/d.js": "",
                "assets/CC_Script/A.sys.mjs": "",
                "assets/CC_Script/A.ios.mjs": "",
            ], under: folder)
        return AbsolutePath.make(folder)
    }

    static func resolver(_ root: String) -> ModuleResolver {
        ModuleResolver(
            fileSystem: LocalFileSystem(),
            options: ModuleResolutionOptions(
                aliases: ["Assets": root + "/assets", "gone": nil],
                resourceURIs: ResourceURIRule(directory: root + "/assets/CC_Script", overrides: ["A.sys.mjs": "A.ios.mjs"])))
    }

    @Test func resolvesEveryForm() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let resolver = Self.resolver(root)
        let importer = root + "/app/src/index.js"
        let cases: [(String, ModuleResolver.RequestKind, ResolvedModule)] = [
            ("./deep/file", .import, .file(root + "/app/src/deep/file.js")),
            ("./deep/file.js", .import, .file(root + "/app/src/deep/file.js")),
            ("./lib", .import, .file(root + "/app/src/lib/index.js")),
            ("./data.json", .require, .file(root + "/app/src/data.json")),
            ("./dir-with-main", .require, .file(root + "/app/src/dir-with-main/entry.js")),
            ("ordered", .import, .file(root + "/app/node_modules/ordered/browser.js")),
            ("ordered/features/a.js", .import, .file(root + "/app/node_modules/ordered/src/features/a.js")),
            ("@scope/pkg", .import, .file(root + "/app/node_modules/@scope/pkg/esm/index.mjs")),
            ("@scope/pkg", .require, .file(root + "/app/node_modules/@scope/pkg/cjs/index.js")),
            ("plain", .import, .file(root + "/app/node_modules/plain/index.js")),
            ("outer", .require, .file(root + "/node_modules/outer/r.cjs")),
            ("outer", .import, .file(root + "/node_modules/outer/d.js")),
            ("Assets/CC_Script/A.sys.mjs", .import, .file(root + "/assets/CC_Script/A.sys.mjs")),
            ("gone/anything", .import, .empty("gone")),
            ("resource://gre/modules/A.sys.mjs", .import, .file(root + "/assets/CC_Script/A.ios.mjs")),
            ("script-loader!./deep/file.js", .import, .scriptLoader(root + "/app/src/deep/file.js")),
        ]
        for (specifier, kind, expected) in cases {
            #expect(try resolver.resolve(specifier, from: importer, kind: kind) == expected, "\(specifier)")
        }
        // The override's own import of the original is not redirected (the issuer rule).
        let original = try resolver.resolve("resource://gre/modules/A.sys.mjs", from: root + "/assets/CC_Script/A.ios.mjs", kind: .import)
        #expect(original == .file(root + "/assets/CC_Script/A.sys.mjs"))
    }

    @Test func unexportedSubpathsAreErrors() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let resolver = Self.resolver(root)
        #expect(throws: ModuleResolutionError.self) {
            try resolver.resolve("ordered/features/private/x", from: root + "/app/src/index.js", kind: .import)
        }
        #expect(throws: ModuleResolutionError.self) {
            try resolver.resolve("ordered/browser.js", from: root + "/app/src/index.js", kind: .import)
        }
    }

    @Test func packageJSONKeepsKeyOrder() {
        let value = PackageJSONValue.parse(Array(#"{"b": 1, "a": {"y": "2", "x": [true, null, "s\n"]}}"#.utf8))
        guard case .object(let pairs)? = value else {
            Issue.record("not an object")
            return
        }
        #expect(pairs.map(\.key) == ["b", "a"])
        #expect(value?["a"]?["y"] == .string("2"))
        #expect(value?["a"]?["x"] == .array([.boolean(true), .other, .string("s\n")]))
        #expect(PackageJSONValue.parse(Array("{\"a\": }".utf8)) == nil)
        #expect(PackageJSONValue.parse(Array(String(repeating: "[", count: 1000).utf8)) == nil)
    }
}
