import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct FileNameCollationTests {
    @Test(arguments: [
        ["__firefox__.js", "a.js", "B.js", "b2.js"],
        ["a.js", "A.js"],
        ["_a.js", "-a.js", "0.js", "9.js", "a.js"],
        ["a-b.js", "a_b.js", "ab.js"].sorted(by: FileNameCollation.areInIncreasingOrder),
        ["10.js", "9.js"],
        ["abc.js", "Abd.js", "abe.js"],
        ["ContextMenu.js", "contextMenu2.js", "DownloadHelper.js", "FindInPage.js", "focus.js"],
    ])
    func orders(_ names: [String]) {
        #expect(names.shuffled().sorted(by: FileNameCollation.areInIncreasingOrder) == names)
    }

    @Test func byteOrderIsNotUsed() {
        let names = ["b.js", "_x.js", "A.js", "a.js"]
        #expect(names.sorted(by: FileNameCollation.areInIncreasingOrder) == ["_x.js", "a.js", "A.js", "b.js"])
        #expect(names.sorted() != names.sorted(by: FileNameCollation.areInIncreasingOrder))
    }

    /// Compares with node's `localeCompare(b, 'en')` (ICU), which webpack's glob uses.
    @Test func matchesNodeLocaleCompare() throws {
        let names = [
            "__firefox__.js", "a.js", "A.js", "B.js", "b2.js", "b10.js", "_b.js", "-b.js", ".b.js", "a_b.js", "a-b.js",
            "ab.js", "AB.js", "aB.js", "Ab.js", "1.js", "01.js", "zeta.mjs", "Zeta.js", "x.mjs", "x.js", "x$.js",
            "x~.js", "x+.js", "x(1).js", "x[1].js", "x@.js", "x#.js", "x%.js", "x&.js", "x=.js", "x!.js", "x,.js",
            "x;.js", "x'.js", "x^.js", "x`.js", "x{.js", "x|.js", "x<.js", "x>.js", "x*.js", "x\\.js", "x:.js",
        ]
        let script = """
            const names = JSON.parse(require('fs').readFileSync(0, 'utf8'));
            names.sort((a, b) => a.localeCompare(b, 'en'));
            console.log(JSON.stringify(names));
            """
        guard let node = TestSupport.executable("node") else {
            print("node not found; skipping the localeCompare comparison")
            return
        }
        let json = "[" + names.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\") + "\"" }.joined(separator: ",") + "]"
        let output = try TestSupport.run(node, ["-e", script], input: json)
        try #require(output.status == 0, "\(output.stderr)")
        let expected = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let ours =
            "["
            + names.sorted(by: FileNameCollation.areInIncreasingOrder)
            .map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\") + "\"" }.joined(separator: ",") + "]"
        #expect(ours == expected)
    }
}
