import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The budget of kept parses (`KeptParseBudget`): when a taken parse stays for graphs still to be built, and when it
/// comes back at once because the budget has been short (issue 41 step 4l).
@Suite struct KeptParseBudgetTests {
    /// A taken parse stays for later graphs while they are awaited, until the budget is short of room for a parse that
    /// would fit in it whole; a parse larger than the whole budget does not count.
    @Test func takenParsesStayUntilTheBudgetIsShort() {
        let budget = KeptParseBudget(bytes: 100)
        #expect(!budget.keepsTakenParses)
        budget.awaitGraphs()
        #expect(budget.keepsTakenParses)
        #expect(!budget.hasRoom(101))
        #expect(!budget.take(101))
        #expect(budget.keepsTakenParses)
        #expect(budget.take(60))
        #expect(budget.hasRoom(40))
        #expect(budget.keepsTakenParses)
        #expect(!budget.hasRoom(41))
        #expect(!budget.keepsTakenParses)
        #expect(budget.isAwaitingGraphs)
        budget.graphsAreBuilt()
        #expect(!budget.isAwaitingGraphs && !budget.keepsTakenParses)

        let taking = KeptParseBudget(bytes: 100)
        taking.awaitGraphs()
        #expect(taking.take(70))
        #expect(!taking.take(31))
        #expect(!taking.keepsTakenParses)
    }

    /// Parses holding more than the budget's pressure count as a short budget (groups are then minified while later
    /// graphs are built, and taken parses come back at once), while the room above the pressure still takes parses;
    /// bytes given back do not undo it (issue 41 step 5g).
    @Test func holdingMoreThanThePressureCountsAsShort() {
        let budget = KeptParseBudget(bytes: 100, pressure: 30)
        budget.awaitGraphs()
        #expect(budget.take(20) && budget.take(10))
        #expect(!budget.hasBeenShort && budget.keepsTakenParses)
        #expect(budget.take(1))
        #expect(budget.hasBeenShort && !budget.keepsTakenParses)
        #expect(budget.hasRoom(69) && !budget.hasRoom(70))
        #expect(budget.take(69))
        budget.giveBack(100)
        #expect(budget.hasBeenShort)

        // Without a pressure, or with one above the budget, only a parse finding too little room makes it short.
        for unpressed in [KeptParseBudget(bytes: 100), KeptParseBudget(bytes: 100, pressure: 500)] {
            #expect(unpressed.take(100) && !unpressed.hasBeenShort)
            #expect(!unpressed.take(1) && unpressed.hasBeenShort)
        }
    }

    /// A build's cache counts as short of room once its kept parses hold `keptParsePressure`, well before its budget
    /// is spent.
    @Test func theCachesBudgetHasRoomAboveItsPressure() {
        let cache = ParsedFileCache()
        #expect(ParsedFileCache.keptParsePressure < ParsedFileCache.keptParseBytes)
        #expect(cache.keptParses.take(ParsedFileCache.keptParsePressure) && !cache.keptParses.hasBeenShort)
        #expect(cache.keptParses.take(1) && cache.keptParses.hasBeenShort)
        #expect(cache.keptParses.hasRoom(ParsedFileCache.keptParseBytes - ParsedFileCache.keptParsePressure - 1))
    }

    /// Two groups share every module. Once the budget has been short, the first group's pieces take the kept parses
    /// (no copy), so their bytes come back before the second graph is built; the second group's pieces then parse
    /// their files again, and every piece is still the piece minified from a parse of its own.
    @Test func aShortBudgetGivesTakenParsesBackAtOnce() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
        let uses = ParsedFileUses(groupCount: 2, cache: cache)
        let names = ["entry.js", "other.js", "self.js", "umd.js"]
        let first = try PieceParseTests.graph(TreeModulePieceTests.files, cache: cache, folder: folder)
        uses.register(first.records)
        let taken = first.records.filter { names.contains(Paths.fileName(of: $0.path)) }
        #expect(taken.count == 4 && taken.allSatisfy { $0.facts?.holdsParse == true })
        // A file's parse that finds too little room left.
        #expect(!cache.keptParses.hasRoom(ParsedFileCache.keptParseBytes))
        #expect(!cache.keptParses.keepsTakenParses)
        let own = try PieceParseTests.definitions(first, handover: false)
        let handed = try PieceParseTests.definitions(first, handover: true)
        #expect(handed.keys.sorted() == names)
        for (name, piece) in own { PieceParseTests.expectSame(try #require(handed[name]), piece, "\(name)") }
        #expect(taken.allSatisfy { $0.facts?.holdsParse == false })

        let second = try PieceParseTests.graph(TreeModulePieceTests.files, cache: cache, folder: folder)
        uses.register(second.records)
        let again = try PieceParseTests.definitions(second, handover: true)
        for (name, piece) in own { PieceParseTests.expectSame(try #require(again[name]), piece, "\(name), second group") }
        let reparsed = second.records.filter { ($0.facts?.reparseCount ?? 0) > 0 }.map { Paths.fileName(of: $0.path) }
        #expect(reparsed.sorted() == names)
    }

    /// Once the budget has been short, a finished group's files that no registered group holds are freed before every
    /// graph is built (`ParsedFileUses`), and the parses kept for them are let go, taken or not: their bytes come back.
    @Test func aFreedFileLetsItsKeptParseGo() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
        let uses = ParsedFileUses(groupCount: 2, cache: cache)
        let graph = try PieceParseTests.graph(TreeModulePieceTests.files, cache: cache, folder: folder)
        uses.register(graph.records)
        let kept = graph.records.filter { $0.facts?.holdsParse == true }
        #expect(kept.count == 5)
        #expect(!cache.keptParses.hasRoom(ParsedFileCache.keptParseBytes))
        uses.release(graph.records)
        #expect(graph.records.allSatisfy { $0.facts?.holdsParse != true })
        #expect(cache.keptParses.hasRoom(ParsedFileCache.keptParseBytes))
        #expect(uses.heldCount == 0)
    }
}
