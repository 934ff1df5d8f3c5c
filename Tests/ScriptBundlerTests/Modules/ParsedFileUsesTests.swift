import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// What a one-shot build frees as its groups finish: a file's parse and minifier results once no group holds it
/// any more, never before every group has said which files it holds, and nothing when the last group finishes.
@Suite struct ParsedFileUsesTests {
    /// Stores an (empty) tree template in `memo`, as the tree minifier stores a hoisted piece's (unless the memo
    /// keeps nothing).
    static func storeTemplate(in memo: PieceTemplateMemo, needsTerminator: Bool = false) throws {
        let key = try #require(
            TreePieceTemplate.Key.of(edits: [], topLevelNames: [:], needsTerminator: needsTerminator, mapSource: nil)
        ).key
        let template = TreePieceTemplate(
            template: RenamedPieceTemplate(piece: MinifiedPiece(), slots: [], names: []), spellings: [], sensitiveWords: [],
            plan: nil, slotOfName: [], symbolNames: [], renamedSymbols: [])
        memo.storeTreeTemplate(template, for: key, claimed: false)
    }

    /// A cache holding `paths` (each with a template in its memo), and a record per path.
    static func cache(_ paths: [String]) throws -> (ParsedFileCache, [String: ModuleRecord]) {
        let cache = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
        var records: [String: ModuleRecord] = [:]
        for (id, path) in paths.enumerated() {
            let memo = PieceTemplateMemo()
            let file = ParsedFile(bytes: Array("x".utf8), tokens: [], analysis: nil, passMemo: memo)
            try storeTemplate(in: memo)
            cache.store(file, at: path)
            var record = ModuleRecord(id: id, path: path, kind: .commonJS, bytes: file.bytes, tokens: [], analysis: nil)
            record.passMemo = memo
            records[path] = record
        }
        return (cache, records)
    }

    /// The minifier's memo of the parse of `path` held in `cache`.
    static func memo(_ path: String, in cache: ParsedFileCache) throws -> PieceTemplateMemo {
        try #require(cache.file(at: path)?.passMemo as? PieceTemplateMemo)
    }

    static func isKept(_ path: String, in cache: ParsedFileCache) -> Bool {
        cache.file(at: path) != nil
    }

    @Test func freesAFileOnceEveryGroupRegisteredAndNoneHoldsIt() throws {
        let (cache, records) = try Self.cache(["/a.js", "/b.js", "/c.js"])
        let a = records["/a.js"]!, b = records["/b.js"]!, c = records["/c.js"]!
        let memoA = try Self.memo("/a.js", in: cache)
        let uses = ParsedFileUses(groupCount: 3, cache: cache)
        uses.register([a, b])
        uses.register([b, c])
        // The first group is done before the third registered: that group might still hold /a.js.
        uses.release([a, b])
        #expect(Self.isKept("/a.js", in: cache))
        #expect(Self.isKept("/b.js", in: cache))
        uses.register([])
        #expect(!Self.isKept("/a.js", in: cache))
        #expect(memoA.storedCount == 0)
        // The second group still holds /b.js and /c.js; /b.js's results are kept for it.
        #expect(Self.isKept("/b.js", in: cache))
        #expect(Self.isKept("/c.js", in: cache))
        #expect(try Self.memo("/b.js", in: cache).storedCount == 1)
        #expect(uses.heldCount == 2)
        // The last group to finish frees nothing: the build frees its cache at its end.
        uses.release([])
        uses.release([b, c])
        #expect(Self.isKept("/b.js", in: cache))
        #expect(Self.isKept("/c.js", in: cache))
    }

    /// Once the budget of kept parses has been short (groups are then minified while later graphs are built), a
    /// finished group's files that no registered group holds are freed at once, before every group has registered
    /// (issue 41 step 4l); a file another registered group holds is not.
    @Test func freesAtOnceOnceTheBudgetHasBeenShort() throws {
        let (cache, records) = try Self.cache(["/a.js", "/b.js", "/c.js"])
        let a = records["/a.js"]!, b = records["/b.js"]!, c = records["/c.js"]!
        let memoA = try Self.memo("/a.js", in: cache)
        let uses = ParsedFileUses(groupCount: 3, cache: cache)
        uses.register([a, b])
        uses.register([b, c])
        #expect(cache.keptParses.take(ParsedFileCache.keptParseBytes - 10))
        #expect(!cache.keptParses.hasRoom(11))
        #expect(cache.keptParses.hasBeenShort)
        uses.release([a, b])
        #expect(!Self.isKept("/a.js", in: cache))
        #expect(memoA.storedCount == 0)
        #expect(Self.isKept("/b.js", in: cache))
        #expect(try Self.memo("/b.js", in: cache).storedCount == 1)
        #expect(uses.heldCount == 2)
        uses.register([])
        #expect(Self.isKept("/b.js", in: cache))
        #expect(Self.isKept("/c.js", in: cache))
    }

    @Test func freesAFileWhenTheLastOfSeveralHoldersIsDone() throws {
        let (cache, records) = try Self.cache(["/shared.js", "/own.js"])
        let shared = records["/shared.js"]!, own = records["/own.js"]!
        let uses = ParsedFileUses(groupCount: 3, cache: cache)
        uses.register([shared])
        uses.register([shared, own])
        uses.register([])
        uses.release([shared])
        #expect(Self.isKept("/shared.js", in: cache))
        uses.release([shared, own])
        #expect(!Self.isKept("/shared.js", in: cache))
        #expect(!Self.isKept("/own.js", in: cache))
        #expect(uses.heldCount == 0)
    }

    @Test func recordsWithoutAParseAreNotCounted() throws {
        let (cache, records) = try Self.cache(["/a.js"])
        let empty = ModuleRecord(id: 1, path: "(empty)", kind: .empty, bytes: [], tokens: [], analysis: nil)
        let uses = ParsedFileUses(groupCount: 2, cache: cache)
        uses.register([records["/a.js"]!, empty])
        uses.register([])
        #expect(uses.heldCount == 1)
        uses.release([records["/a.js"]!, empty])
        #expect(uses.heldCount == 0)
        #expect(!Self.isKept("/a.js", in: cache))
    }

    @Test func aFileOnlyOneGroupHoldsKeepsNoResults() throws {
        let (cache, records) = try Self.cache(["/own.js", "/shared.js"])
        let own = try Self.memo("/own.js", in: cache)
        let shared = try Self.memo("/shared.js", in: cache)
        let uses = ParsedFileUses(groupCount: 2, cache: cache)
        uses.register([records["/own.js"]!, records["/shared.js"]!])
        // The other group might still hold /own.js.
        #expect(own.keepsResults)
        #expect(own.storedCount == 1)
        uses.register([records["/shared.js"]!])
        #expect(!own.keepsResults)
        #expect(own.storedCount == 0)
        try Self.storeTemplate(in: own, needsTerminator: true)
        #expect(own.storedCount == 0)
        #expect(shared.keepsResults)
        #expect(shared.storedCount == 1)
        // The file itself stays while its group holds it.
        #expect(Self.isKept("/own.js", in: cache))
    }
}
