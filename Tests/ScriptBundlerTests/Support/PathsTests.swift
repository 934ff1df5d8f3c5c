import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Lexical path normalization, including its fast path for paths that are already clean.
@Suite struct PathsTests {
    @Test(arguments: [
        ("/", "/"), ("/a/b.js", "/a/b.js"), ("a/b", "a/b"), ("a", "a"), ("", "."), (".", "."), ("./a", "a"),
        ("/a//b", "/a/b"), ("//a", "/a"), ("/a/", "/a"), ("a/", "a"), ("/a/./b", "/a/b"), ("/a/../b", "/b"),
        ("/..", "/"), ("../a", "../a"), ("a/../..", ".."), ("/a/b/..", "/a"), ("/.a/..b/b..", "/.a/..b/b.."),
        ("/a/.../b", "/a/.../b"),
    ])
    func normalizes(path: String, expected: String) {
        #expect(Paths.normalize(path) == expected)
        // The fast path only accepts paths that normalization leaves unchanged.
        if Paths.isNormalized(path) { #expect(expected == path) }
        #expect(Paths.isNormalized(expected) || expected == "." || expected.hasPrefix(".."))
    }

    /// The component-list definition of normalization, to compare the byte implementation with.
    static func reference(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", isAbsolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func agreesWithComponentDefinition(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = ["a", "bc", "é", "😀", ".", "..", "...", "/", "//", ".a", "a.", "-"]
        for _ in 0..<2_000 {
            var path = ""
            for _ in 0..<Int.random(in: 0...8, using: &random) { path += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            #expect(Paths.normalize(path) == Self.reference(path), "\(path)")
        }
    }

    @Test(arguments: [
        ("/a/b/c.js", "/a/b", "c.js"), ("c.js", ".", "c.js"), ("/c.js", "/", "c.js"), ("/é/😀.js", "/é", "😀.js"),
        ("a/", "a", ""),
    ])
    func directoryAndFileName(path: String, directory: String, fileName: String) {
        #expect(Paths.directory(of: path) == directory)
        #expect(Paths.fileName(of: path) == fileName)
    }

    @Test(arguments: [
        ("/p/UserScripts/a.js", "/p", "UserScripts/a.js"), ("/p/a.js", "/p/Assets", "../a.js"), ("/p", "/p", "."),
        ("/p/é/😀.js", "/p/é/x/y", "../../😀.js"), ("/q/a.js", "/p/b", "../../q/a.js"), ("/", "/p", ".."),
        ("a/b", ".", "a/b"), ("a/b", "a", "b"), ("/p/ab/c", "/p/a", "../ab/c"),
    ])
    func relativePaths(path: String, base: String, expected: String) {
        #expect(Paths.relative(path, from: base) == expected)
    }

    /// The component-list definition of `relative`, to compare the in-place walk with.
    static func relativeReference(_ path: String, from base: String) -> String {
        let target = Paths.normalize(path).split(separator: "/").map(String.init)
        let origin = Paths.normalize(base).split(separator: "/").map(String.init).filter { $0 != "." }
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let parts = Array(repeating: "..", count: origin.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    @Test(arguments: [4, 5] as [UInt64])
    func relativeAgreesWithComponentDefinition(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = ["a", "b", "é", "😀", ".", "..", "/", "ab"]
        func path() -> String {
            var path = Bool.random(using: &random) ? "/" : ""
            for _ in 0..<Int.random(in: 0...6, using: &random) { path += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            return path
        }
        for _ in 0..<2_000 {
            let (target, base) = (path(), path())
            #expect(Paths.relative(target, from: base) == Self.relativeReference(target, from: base), "\(target) from \(base)")
        }
    }
}
