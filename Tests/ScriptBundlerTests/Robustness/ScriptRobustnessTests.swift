import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A file system that reports a file during discovery and then fails to read it, as if it were deleted
/// between discovery and read.
private struct VanishingFileSystem: BundlerFileSystem {
    let base = LocalFileSystem()
    let vanishing: String

    func itemKind(at path: String) -> FileItemKind? { base.itemKind(at: path) }
    func contentsOfDirectory(at path: String) throws -> [String] { try base.contentsOfDirectory(at: path) }
    func readFile(at path: String) throws -> [UInt8] {
        if path.hasSuffix(vanishing) { throw FileSystemError(path: path, code: ENOENT) }
        return try base.readFile(at: path)
    }
    func createDirectory(at path: String) throws { try base.createDirectory(at: path) }
    func createFile(at path: String, bytes: [UInt8]) throws { try base.createFile(at: path, bytes: bytes) }
    func replaceItem(at destination: String, with source: String) throws { try base.replaceItem(at: destination, with: source) }
    func removeItem(at path: String) throws { try base.removeItem(at: path) }
    func realPath(of path: String) -> String? { base.realPath(of: path) }
}

/// Hostile scripts: every one is a located error (or a correct bundle), never a crash, a hang or partial output.
@Suite struct ScriptRobustnessTests {
    static let group = "UserScripts/AllFrames/AtDocumentEnd/"

    /// Builds and writes a project; returns the folder and the error, if any.
    static func buildAndWrite(
        _ files: [String: [UInt8]], fileSystem: any BundlerFileSystem = LocalFileSystem(),
        mode: BundleMode = .production, prepare: (String) throws -> Void = { _ in }
    ) throws -> (folder: String, error: BundlerError?) {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(files, under: folder)
        try prepare(folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: mode)
        let bundler = ScriptBundler(fileSystem: fileSystem)
        do {
            let bundles = try bundler.build(configuration)
            _ = try bundler.write(bundles, to: configuration.output)
            return (folder, nil)
        } catch {
            return (folder, error)
        }
    }

    @Test(arguments: [
        ("'abc\\", 1, 1, "unterminated string literal"),
        ("\"abc\\\n", 1, 1, "unterminated string literal"),
        ("`a${ `b${ c } ", 1, 6, "unterminated template literal"),
        ("`a${ {", 1, 6, "'{' is never closed"),
        ("x = /[/]/; y = /[abc/", 1, 16, "unterminated regular expression literal"),
        ("x = 1;\n/* never closed", 2, 1, "unterminated block comment"),
        ("a = (b", 1, 5, "'(' is never closed"),
        ("a = b)", 1, 6, "unexpected ')' with no matching opening bracket"),
    ])
    func unterminatedLiteralsAreLocated(source: String, line: Int, column: Int, message: String) throws {
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": Array(source.utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.location == SourceLocation(path: folder + "/" + Self.group + "x.js", line: line, column: column), "\(failure)")
        #expect(failure.message.contains(message), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test(
        arguments: [
            ([0x61, 0x3D, 0xFF], 1, 3),  // never valid
            ([0x0A, 0x0A, 0x27, 0xC0, 0xAF, 0x27], 3, 2),  // overlong "/"
            ([0x27, 0xED, 0xA0, 0x80, 0x27], 1, 2),  // UTF-16 surrogate
            ([0x2F, 0x2F, 0x20, 0xE2, 0x82], 1, 4),  // truncated at end of file, in a comment
            ([0x27, 0xF4, 0x90, 0x80, 0x80, 0x27], 1, 2),  // above U+10FFFF
            ([0xEF, 0xBB, 0xBF, 0xE9, 0x3B], 1, 2),  // BOM, then Latin-1
        ] as [([UInt8], Int, Int)])
    func invalidUTF8IsLocated(bytes: [UInt8], line: Int, column: Int) throws {
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": bytes])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.kind == .syntax(.invalidUTF8))
        #expect(failure.location == SourceLocation(path: folder + "/" + Self.group + "x.js", line: line, column: column), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    /// Bundles are injected with WKUserScript, not inside HTML, so `</script>` is ordinary text and kept as is.
    @Test func closingScriptTagsAreKeptVerbatim() throws {
        let source = "var s = '</script>';\nvar t = `</SCRIPT><!--`;\n// </script>\nvar r = /<\\/script>/;\n"
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": Array(source.utf8)], mode: .development)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error == nil)
        let bundle = try String(contentsOfFile: folder + "/Assets/AllFramesAtDocumentEnd.js", encoding: .utf8)
        #expect(bundle.contains("var s = '</script>';"))
        #expect(bundle.contains("var t = `</SCRIPT><!--`;"))
        #expect(bundle.contains("var r = /<\\/script>/;"))
        let (minified, minifiedError) = try Self.buildAndWrite([Self.group + "x.js": Array(source.utf8)], mode: .production)
        defer { try? FileManager.default.removeItem(atPath: minified) }
        #expect(minifiedError == nil)
        let production = try String(contentsOfFile: minified + "/Assets/AllFramesAtDocumentEnd.js", encoding: .utf8)
        #expect(production.contains("</script>") && production.contains("</SCRIPT><!--") && production.contains("/<\\/script>/"))
    }

    /// Size of the single-line file: 50 MB with `WKPACK_LARGE_INPUTS=1` (about 70 s in a loaded debug build,
    /// mostly array copies that are unoptimized there), 5 MB otherwise to keep the suite fast.
    static let singleLineSize = ProcessInfo.processInfo.environment["WKPACK_LARGE_INPUTS"] == "1" ? 50_000_000 : 5_000_000

    /// A 50 MB file on one line (a minified prelude, then one huge string literal): bundled without source maps,
    /// and an error located at the far end of the line.
    @Test func fiftyMegabyteSingleLine() throws {
        let prelude = Array("var a=0,b=[0,1];a+=b[1]*2;var s='".utf8)
        var bytes = [UInt8](repeating: 0x78, count: Self.singleLineSize)
        bytes.replaceSubrange(0..<prelude.count, with: prelude)
        var valid = bytes
        valid.append(contentsOf: Array("';\n".utf8))
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write([Self.group + "big.js": valid], under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder,
            mode: .development, sourceMaps: .none)
        let bundles = try ScriptBundler().build(configuration)
        #expect(bundles.first?.code.count ?? 0 >= valid.count)

        try TestSupport.write([Self.group + "big.js": bytes], under: folder)
        let failure = try #require(throws: BundlerError.self) { try ScriptBundler().build(configuration) }
        #expect(failure.location == SourceLocation(path: folder + "/" + Self.group + "big.js", line: 1, column: 33), "\(failure)")
        #expect(failure.message == "unterminated string literal")
    }

    @Test func symbolicLinkLoopsAreReportedNotFollowedForever() throws {
        let (folder, error) = try Self.buildAndWrite([Self.group + "a.js": Array("ok();\n".utf8)]) { folder in
            let group = folder + "/" + Self.group
            try FileManager.default.createSymbolicLink(atPath: group + "loop1.js", withDestinationPath: "loop2.js")
            try FileManager.default.createSymbolicLink(atPath: group + "loop2.js", withDestinationPath: "loop1.js")
            try FileManager.default.createSymbolicLink(atPath: group + "self", withDestinationPath: ".")
            try FileManager.default.createSymbolicLink(atPath: folder + "/UserScripts/AllFrames/Loop", withDestinationPath: "..")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.kind == .unreadableFile)
        #expect(failure.location == SourceLocation(path: folder + "/" + Self.group + "loop1.js"), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test func brokenLinksAndSpecialFilesNamedLikeScriptsAreErrorsNotHangs() throws {
        let (folder, error) = try Self.buildAndWrite([Self.group + "a.js": Array("ok();\n".utf8)]) { folder in
            #expect(mkfifo(folder + "/" + Self.group + "pipe.js", 0o644) == 0)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.location == SourceLocation(path: folder + "/" + Self.group + "pipe.js"), "\(failure)")
        #expect(failure.message.contains("not a regular file"))

        let (dangling, danglingError) = try Self.buildAndWrite([Self.group + "a.js": Array("ok();\n".utf8)]) { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + Self.group + "gone.js", withDestinationPath: "nowhere.js")
        }
        defer { try? FileManager.default.removeItem(atPath: dangling) }
        #expect(danglingError?.location == SourceLocation(path: dangling + "/" + Self.group + "gone.js"))
    }

    @Test func fileDeletedBetweenDiscoveryAndRead() throws {
        let (folder, error) = try Self.buildAndWrite(
            [Self.group + "a.js": Array("ok();\n".utf8), Self.group + "b.js": Array("ok();\n".utf8)],
            fileSystem: VanishingFileSystem(vanishing: "/b.js"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.description == "\(folder)/\(Self.group)b.js:1:1: error: cannot read file: No such file or directory")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test func unreadableFilesAreLocated() throws {
        let (folder, error) = try Self.buildAndWrite([Self.group + "a.js": Array("ok();\n".utf8)]) { folder in
            // A directory named like a script cannot be read (and root can read any mode-000 file).
            try FileManager.default.createDirectory(atPath: folder + "/" + Self.group + "dir.js", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + Self.group + "proc.js", withDestinationPath: "/proc/self/mem")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.location.path.hasSuffix("proc.js"), "\(failure)")
    }

    /// A chain of operators, calls or member accesses is parsed in a loop but is a tree one level a link, and the
    /// passes after the parser recurse one level a node: a chain of two million `|` overflowed the compressor's stack.
    /// A tree higher than `SyntaxParser.maximumTreeHeight` is an error at the chain's start, whatever the chain.
    @Test(arguments: [" | q", ".b", "()", "?.b", "[0]", ".b()"])
    func chainsHigherThanTheBoundAreLocated(link: String) throws {
        let source = "window.x = q" + String(repeating: link, count: SyntaxParser.maximumTreeHeight + 10) + ";\n"
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": Array(source.utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.location == SourceLocation(path: folder + "/" + Self.group + "x.js", line: 1, column: 12), "\(failure)")
        #expect(failure.message.contains("nested more than \(SyntaxParser.maximumTreeHeight) levels deep"), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    /// A chain just under the bound builds in production with source maps (every pass recurses through it).
    @Test func chainsUnderTheBoundBuild() throws {
        let links = SyntaxParser.maximumTreeHeight - 100
        let source = "window.x = q" + String(repeating: "|q", count: links) + ";\n"
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": Array(source.utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error == nil, "\(String(describing: error))")
        let code = try String(contentsOfFile: folder + "/Assets/AllFramesAtDocumentEnd.js", encoding: .utf8)
        #expect(code.components(separatedBy: "|q").count - 1 == links)
    }

    /// Lowering nests what the parser reads in a loop (`a?.b?.c` becomes conditionals inside conditionals, `{...a,
    /// ...b}` calls inside calls), so a chain the parser accepts can lower to code nested deeper than
    /// `SyntaxParser.maximumDepth`. That is a located error in the file, in both modes (a development bundle of a
    /// plain script is not parsed again later), not an internal error, and nothing is written.
    @Test(
        arguments: [
            ("window.x = q" + String(repeating: "?.b", count: 1_100) + ";\n", 12),
            ("window.x = q" + String(repeating: " ?? q", count: 1_100) + ";\n", 12),
            ("class A { #a = 1; f(q) { return q" + String(repeating: ".#a", count: 2_100) + "; } }\nwindow.A = A;\n", 33),
            ("window.x = {" + String(repeating: "...q, ", count: 2_100) + "};\n", nil),
        ], [BundleMode.production, .development])
    func loweringTooDeepIsLocated(source: (text: String, column: Int?), mode: BundleMode) throws {
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": Array(source.text.utf8)], mode: mode)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.location.path == folder + "/" + Self.group + "x.js", "\(failure)")
        #expect(failure.location.line == 1, "\(failure)")
        if let column = source.column { #expect(failure.location.column == column, "\(failure)") }
        #expect(failure.message.contains("would be nested more than \(SyntaxParser.maximumDepth) levels deep"), "\(failure)")
        #expect(!failure.message.contains("internal error"), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    /// Chains whose lowered code stays under the parser's depth build, in both modes.
    @Test(arguments: [BundleMode.production, .development])
    func loweredChainsUnderTheDepthBuild(mode: BundleMode) throws {
        let source =
            "window.x = q" + String(repeating: "?.b", count: 400) + ";\nwindow.y = q" + String(repeating: " ?? q", count: 400)
            + ";\nwindow.z = {" + String(repeating: "...q, ", count: 800) + "};\n"
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": Array(source.utf8)], mode: mode)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error == nil, "\(String(describing: error))")
        let code = try String(contentsOfFile: folder + "/Assets/AllFramesAtDocumentEnd.js", encoding: .utf8)
        #expect(!code.contains("?."), "lowered")
        #expect(code.components(separatedBy: "__spreadValues(").count - 1 == 800 || mode == .production)
    }

    /// Joining a chain of string literals pair by pair writes the growing literal again at each link: a chain of
    /// 100,000 took 66 s and 5 GB before joins had a budget (9,000 links here: past the budget, under a debug build's
    /// `SyntaxParser.maximumTreeHeight`). Past the budget the chain stays as written, and the
    /// string it makes is the same.
    @Test func longStringChainsJoinWithinABudget() throws {
        let links = min(9_000, SyntaxParser.maximumTreeHeight - 100)
        let source = "window.x = \"ab\"" + String(repeating: " + \"cd\"", count: links) + ";\n"
        let (folder, error) = try Self.buildAndWrite([Self.group + "x.js": Array(source.utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error == nil, "\(String(describing: error))")
        let code = try String(contentsOfFile: folder + "/Assets/AllFramesAtDocumentEnd.js", encoding: .utf8)
        let expression = try #require(code.range(of: "window.x=").map { code[$0.upperBound...] })
        let literal = try #require(expression.split(whereSeparator: { $0 == ";" || $0 == "}" }).first)
        // Joined at the start (one literal holds many links), left as written past the budget.
        let parts = literal.components(separatedBy: "+")
        #expect(parts.count > 1 && parts.count < links, "\(parts.count) parts")
        #expect(parts[0].count > 1_000)
        let text = parts.map { $0.dropFirst().dropLast() }.joined()
        #expect(text == "ab" + String(repeating: "cd", count: links))
    }
}
