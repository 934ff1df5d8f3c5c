import Foundation
import Testing
import WKPackSupport

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The parses shared by a build's groups: a file asked for by several threads at once is parsed once, a failed
/// parse is stored for no one, and bytes that differ from the held parse's are parsed again.
@Suite struct ParsedFileCacheTests {
    /// Counts parses across threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() {
            lock.lock()
            value += 1
            lock.unlock()
        }
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    static func parsed(_ text: String) -> ParsedFile {
        ParsedFile(bytes: Array(text.utf8), tokens: [], analysis: nil, passMemo: PieceTemplateMemo())
    }

    @Test func threadsAskingAtOnceShareOneParse() {
        let cache = ParsedFileCache()
        let parses = Counter()
        let answers = IndexedResults<ParsedFile?>.map(count: 8) { _ in
            try? cache.file(at: "/p/shared.js", matching: nil) { () throws(BundlerError) in
                parses.increment()
                // Long enough for the other threads to arrive while it runs.
                Thread.sleep(forTimeInterval: 0.05)
                return Self.parsed("shared")
            }
        }
        let results = answers.map { $0 ?? nil }
        #expect(parses.count == 1)
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0?.bytes == Array("shared".utf8) })
        // They hold the same memo: bundles of the file share minified pieces.
        let memos = Set(results.compactMap { $0?.passMemo.map { ObjectIdentifier($0) } })
        #expect(memos.count == 1)
    }

    @Test func aFailedParseIsNotKept() throws {
        let cache = ParsedFileCache()
        #expect(throws: BundlerError.self) {
            try cache.file(at: "/p/bad.js", matching: nil) { () throws(BundlerError) in
                throw BundlerError(.syntax(.unexpectedCharacter), at: SourceLocation(path: "/p/bad.js", line: 1, column: 1), "bad")
            }
        }
        #expect(cache.file(at: "/p/bad.js") == nil)
        let parsed = try cache.file(at: "/p/bad.js", matching: nil) { () throws(BundlerError) in Self.parsed("fixed") }
        #expect(parsed.bytes == Array("fixed".utf8))
    }

    @Test func otherBytesAreParsedAgain() throws {
        let cache = ParsedFileCache()
        let parses = Counter()
        func ask(_ text: String) throws -> ParsedFile {
            try cache.file(at: "/p/a.js", matching: Array(text.utf8)) { () throws(BundlerError) in
                parses.increment()
                return Self.parsed(text)
            }
        }
        _ = try ask("one")
        _ = try ask("one")
        #expect(parses.count == 1)
        #expect(try ask("two").bytes == Array("two".utf8))
        #expect(parses.count == 2)
    }

    @Test func parseIfUnclaimedParsesOnlyFilesNoOneHolds() {
        let cache = ParsedFileCache()
        let parses = Counter()
        #expect(
            cache.parseIfUnclaimed(at: "/p/a.js") { () throws(BundlerError) in
                parses.increment()
                return Self.parsed("a")
            })
        #expect(cache.file(at: "/p/a.js")?.bytes == Array("a".utf8))
        // Held already: not parsed again.
        #expect(
            !cache.parseIfUnclaimed(at: "/p/a.js") { () throws(BundlerError) in
                parses.increment()
                return Self.parsed("again")
            })
        #expect(parses.count == 1)
        // A failure is not kept: the thread that needs the file parses it and reports the error.
        #expect(
            cache.parseIfUnclaimed(at: "/p/bad.js") { () throws(BundlerError) in
                throw BundlerError(.syntax(.unexpectedCharacter), at: SourceLocation(path: "/p/bad.js", line: 1, column: 1), "bad")
            })
        #expect(cache.file(at: "/p/bad.js") == nil)
    }

    /// A thread that needs a file another thread is parsing first does the other work it is given (here: parsing
    /// a second file the first thread has not started), then takes the first thread's parse.
    @Test func aWaitingThreadDoesOtherWorkFirst() throws {
        let cache = ParsedFileCache()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = DispatchSemaphore(value: 0)
        let parses = Counter()
        Thread.detachNewThread {
            _ = try? cache.file(at: "/p/shared.js", matching: nil) { () throws(BundlerError) in
                parses.increment()
                started.signal()
                _ = release.wait(timeout: .now() + 10)
                return Self.parsed("shared")
            }
            first.signal()
        }
        #expect(started.wait(timeout: .now() + 10) == .success)
        let calls = Counter()
        let parsed = try cache.file(
            at: "/p/shared.js", matching: nil,
            whileWaiting: {
                calls.increment()
                guard calls.count == 1 else { return false }
                let did = cache.parseIfUnclaimed(at: "/p/next.js") { () throws(BundlerError) in Self.parsed("next") }
                // The shared file may finish now: the next look finds it, or the wait that follows ends.
                release.signal()
                return did
            }
        ) { () throws(BundlerError) in
            parses.increment()
            return Self.parsed("mine")
        }
        #expect(parsed.bytes == Array("shared".utf8))
        #expect(parses.count == 1)
        #expect(calls.count >= 1)
        #expect(cache.file(at: "/p/next.js")?.bytes == Array("next".utf8))
        #expect(first.wait(timeout: .now() + 10) == .success)
    }
}
