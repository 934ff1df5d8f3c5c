import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// What each rewrite of `TreeCompressor` saves, measured with the printer (minified, no renaming) over the `.js` files
/// below a folder: `WKPACK_TREE_COMPRESSION_FOLDER` when set (BENCHMARKS.md measures the firefox-shaped tree with it),
/// else the test fixtures. Per file, the compressed print is never longer than the plain print and parses again.
@Suite struct TreeCompressorSizeTests {
    /// The `.js` files below `folder`, sorted.
    static func javaScriptFiles(under folder: String) -> [String] {
        guard let paths = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] else { return [] }
        return paths.filter { $0.hasSuffix(".js") }.sorted().map { folder + "/" + $0 }
    }

    /// The total minified print size of `trees` compressed with `rewrites`.
    static func size(_ trees: [SyntaxTree], _ rewrites: TreeCompressor.Rewrites) -> Int {
        trees.reduce(0) { total, tree in
            var copy = tree
            TreeCompressor.compress(&copy, rewrites: rewrites)
            return total + SyntaxPrinter.print(copy, style: .minified).utf8.count
        }
    }

    @Test func eachRewriteSavesBytes() throws {
        let folder = ProcessInfo.processInfo.environment["WKPACK_TREE_COMPRESSION_FOLDER"] ?? TestSupport.fixtures
        var trees: [SyntaxTree] = []
        var sourceBytes = 0
        for path in Self.javaScriptFiles(under: folder) {
            let source = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            // Fixtures include files that must not parse.
            guard let tree = try? SyntaxParser.parse(source) else { continue }
            trees.append(tree)
            sourceBytes += source.count
            var compressed = tree
            TreeCompressor.compress(&compressed)
            let output = SyntaxPrinter.print(compressed, style: .minified)
            #expect(output.utf8.count <= SyntaxPrinter.print(tree, style: .minified).utf8.count, "\(path)")
            #expect(throws: Never.self, "\(path)") { _ = try SyntaxParser.parse(output) }
        }
        #expect(trees.count >= 10, "files to measure under \(folder)")
        let plain = Self.size(trees, [])
        let all = Self.size(trees, .all)
        var lines = [
            "tree compression over \(trees.count) files (\(sourceBytes) source bytes) of \(folder): printed \(plain) B, compressed \(all) B"
        ]
        lines.append("rewrite | saves alone | lost without it")
        for (name, rewrite) in TreeCompressor.Rewrites.named {
            lines.append(
                "\(name) | \(plain - Self.size(trees, rewrite)) | \(Self.size(trees, TreeCompressor.Rewrites.all.subtracting(rewrite)) - all)"
            )
        }
        print(lines.joined(separator: "\n"))
        #expect(all < plain)
    }
}
