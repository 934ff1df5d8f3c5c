import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Byte-for-byte substring search on strings (paths and module specifiers).
@Suite struct UTF8SearchTests {
    @Test(arguments: [
        ("/a/node_modules/x/index.js", true), ("/a/node_modules", false), ("node_modules/", false),
        ("/node_modules/", true), ("", false), ("/a/node_module/x", false), ("/é/node_modules/ü", true),
        ("/node_modules/node_modules/", true), ("//node_modules/", true),
    ])
    func findsNodeModulesFolders(path: String, expected: Bool) {
        #expect(path.containsUTF8("/node_modules/") == expected)
        #expect(path.containsUTF8("/node_modules/") == path.utf8.elementsEqualSomewhere("/node_modules/".utf8))
    }

    @Test func anEmptyNeedleIsEverywhere() {
        #expect("".containsUTF8(""))
        #expect("abc".containsUTF8(""))
    }

    @Test func bridgedAndSubstringBackedStringsAreSearchedToo() {
        let sliced = String("xx resource://gre/modules/y.js yy".dropFirst(3).dropLast(3))
        #expect(sliced.containsUTF8("resource://"))
        #expect(!sliced.containsUTF8("resource:///x"))
    }
}

extension String.UTF8View {
    /// Reference search: some start offset where `pattern` matches.
    fileprivate func elementsEqualSomewhere(_ pattern: String.UTF8View) -> Bool {
        let bytes = Array(self), needle = Array(pattern)
        guard needle.count <= bytes.count else { return needle.isEmpty }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }
}
