import Testing
@testable import ScriptBundler

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
}
