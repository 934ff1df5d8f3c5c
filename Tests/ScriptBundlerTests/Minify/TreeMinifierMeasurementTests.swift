import Foundation
import Testing

@testable import ScriptBundler

/// The tree minifier measured against today's minifier on whole folders of `.js` files (the benchmark trees
/// under `.bench/`), each file minified as one piece by both:
///
///     WKPACK_TREE_MINIFIER_TREES=.bench/firefox,.bench/plain swift test --skip-build --filter TreeMinifierMeasurement
///
/// prints per folder the files whose tree-minified code is smaller, equal and larger, both totals, and requires
/// that every output of a file that parses parses again. With `WKPACK_TREE_MINIFIER_RUN=tree` (or `today`) the
/// second test only minifies every file with that minifier, for callgrind's `--toggle-collect` (BENCHMARKS.md).
/// `WKPACK_TREE_MINIFIER_MAPS=1` gives each file an intermediate map (a segment at every token, to itself);
/// `WKPACK_TREE_MINIFIER_OUT=FOLDER` writes both outputs of each file there (`.tree`, `.today`).
/// Both skip without `WKPACK_TREE_MINIFIER_TREES`.
@Suite struct TreeMinifierMeasurementTests {
    static let environment = ProcessInfo.processInfo.environment

    /// The `.js` files under each folder of `WKPACK_TREE_MINIFIER_TREES`, sorted, with their folder.
    static func files() throws -> [(folder: String, path: String, bytes: [UInt8])] {
        guard let list = environment["WKPACK_TREE_MINIFIER_TREES"] else { return [] }
        var result: [(String, String, [UInt8])] = []
        for folder in list.split(separator: ",").map(String.init) {
            let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: folder) as [String]?)
            for path in paths.sorted() where path.hasSuffix(".js") {
                let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
                result.append((folder, path, Array(data)))
            }
        }
        return result
    }

    /// An intermediate map of `code` copied as it is: a segment at each token's start, to itself.
    static func identityMap(_ code: [UInt8], path: String) -> SourceMapBuilder? {
        guard environment["WKPACK_TREE_MINIFIER_MAPS"] == "1" else { return nil }
        var map = SourceMapBuilder.intermediate()
        let source = map.addSource(path, content: code)
        guard let tokens = try? JavaScriptTokenizer.tokenize(code).tokens else { return map }
        for token in tokens {
            map.addMapping(
                generatedLine: token.line - 1, generatedColumn: token.column, source: source, originalLine: token.line - 1,
                originalColumn: token.column)
        }
        return map
    }

    /// A piece's code as the composer joins it to the next piece: without the printer's closing line break, ending
    /// its last statement (`;` added unless it ends with `;` or a statement's `}`), as today's pieces end.
    static func asJoined(_ piece: MinifiedPiece) -> [UInt8] {
        var code = piece.code
        if code.last == 0x0A { code.removeLast() }
        if !code.isEmpty, code.last != 0x3B, !piece.endsWithStatementBrace { code.append(0x3B) }
        return code
    }

    @Test func comparesBytesWithTodaysMinifier() throws {
        let files = try Self.files()
        guard !files.isEmpty else { return }
        struct Totals {
            var files = 0, smaller = 0, equal = 0, larger = 0, today = 0, tree = 0, notParsed = 0
        }
        var totals: [String: Totals] = [:]
        var folders: [String] = []
        var failures: [String] = []
        var largest: [(String, Int)] = []
        for file in files {
            if totals[file.folder] == nil { folders.append(file.folder) }
            var t = totals[file.folder] ?? Totals()
            t.files += 1
            let map = Self.identityMap(file.bytes, path: file.path)
            // A file that does not parse is refused; the bundler refuses it before it is minified.
            guard let minified = try? TreeMinifier.minifyPiece(file.bytes, map: map) else {
                t.notParsed += 1
                totals[file.folder] = t
                continue
            }
            let tree = Self.asJoined(minified)
            let today = Minifier.minifyPiece(file.bytes, map: map).code
            if let out = Self.environment["WKPACK_TREE_MINIFIER_OUT"] {
                let name = (file.folder + "/" + file.path).replacingOccurrences(of: "/", with: "_")
                try Data(tree).write(to: URL(fileURLWithPath: "\(out)/\(name).tree"))
                try Data(today).write(to: URL(fileURLWithPath: "\(out)/\(name).today"))
            }
            t.today += today.count
            t.tree += tree.count
            if tree.count < today.count { t.smaller += 1 } else if tree.count == today.count { t.equal += 1 } else { t.larger += 1 }
            largest.append((file.folder + "/" + file.path, tree.count - today.count))
            if (try? SyntaxParser.parse(tree)) == nil {
                failures.append(file.folder + "/" + file.path)
            }
            totals[file.folder] = t
        }
        for folder in folders {
            guard let t = totals[folder] else { continue }
            let change = Double(t.tree - t.today) / Double(max(t.today, 1)) * 100
            print(
                "tree minifier \(folder): \(t.files) files (\(t.notParsed) not parsed), smaller \(t.smaller), equal \(t.equal), larger \(t.larger); bytes today \(t.today), tree \(t.tree) (\(String(format: "%+.2f", change))%)"
            )
        }
        for (path, difference) in largest.sorted(by: { $0.1 > $1.1 }).prefix(5) { print("  largest gap: \(path) +\(difference)") }
        #expect(failures.isEmpty, "tree-minified output does not parse: \(failures.prefix(10))")
    }

    @Test func minifiesEveryFileWithOneMinifier() throws {
        guard let which = Self.environment["WKPACK_TREE_MINIFIER_RUN"] else { return }
        let files = try Self.files()
        var bytes = 0
        for file in files {
            let map = Self.identityMap(file.bytes, path: file.path)
            bytes +=
                which == "tree"
                ? ((try? TreeMinifier.minifyPiece(file.bytes, map: map))?.code.count ?? 0)
                : Minifier.minifyPiece(file.bytes, map: map).code.count
        }
        print("\(which) minifier: \(files.count) files, \(bytes) bytes")
        #expect(files.isEmpty || bytes > 0)
    }
}
