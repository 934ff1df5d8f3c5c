import Foundation
import Synchronization
import Testing

@testable import WKPackCLI

private let list = #"""
    [{"trigger":{"url-filter":"ads\\.example"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"ads\\.example/ok"},"action":{"type":"ignore-previous-rules"}},
     {"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":".banner"}}]
    """#

/// A file system whose requests file is handed out by a reader that counts the lines taken from it, so a test can
/// see how far the runner had read when it wrote.
private final class CountingFileSystem: ListFileSystem {
    let files: InMemoryListFileSystem
    let readers = Mutex<[CountingLineReader]>([])

    init(_ files: [String: String]) { self.files = InMemoryListFileSystem(files) }

    func read(_ path: String) -> Result<[UInt8], ListFileProblem> { files.read(path) }
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(ListFileProblem) { try files.writeAtomically(bytes, to: path) }
    func lines(_ path: String) -> Result<any LineReader, ListFileProblem> {
        files.read(path).map { bytes in
            let reader = CountingLineReader(BufferLineReader(bytes))
            readers.withLock { $0.append(reader) }
            return reader
        }
    }
}

private final class CountingLineReader: LineReader, @unchecked Sendable {
    let inner: BufferLineReader
    var taken = 0
    init(_ inner: BufferLineReader) { self.inner = inner }
    func nextLine() throws(ListFileProblem) -> [UInt8]? {
        let line = try inner.nextLine()
        if line != nil { taken += 1 }
        return line
    }
}

private func requests(_ count: Int) -> String {
    (0..<count).map { #"{"url":"http://\#($0 % 2 == 0 ? "ads" : "cdn").example/\#($0).js","type":"script","top":"http://site.example/"}"# }
        .joined(separator: "\n")
}

@Suite struct RulesMatchRunnerTests {
    /// Results leave the runner batch by batch while the requests file is still being read: memory is bounded by
    /// the batch, not by the number of requests.
    @Test(arguments: ["json", "text", "decisions"])
    func writesEachBatchBeforeReadingTheNext(format: String) {
        let fileSystem = CountingFileSystem(["l.json": list, "r.jsonl": requests(10)])
        var writes: [(text: String, linesTaken: Int)] = []
        let outcome = RulesMatchRunner.run(
            .init(lists: ["l.json"], requestsFile: "r.jsonl", format: format), fileSystem: fileSystem, batchSize: 3
        ) { text in
            let taken = fileSystem.readers.withLock { $0.last?.taken ?? -1 }
            writes.append((text, taken))
        }
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        // A first pass reads every request (to stop on a bad line before writing), the second evaluates them.
        #expect(fileSystem.readers.withLock { $0.count } == 2)
        #expect(writes.count == 4)
        #expect(writes.map(\.linesTaken) == [3, 6, 9, 10])
        // The same output as one batch.
        let whole = RulesMatchRunner.run(
            .init(lists: ["l.json"], requestsFile: "r.jsonl", format: format),
            fileSystem: InMemoryListFileSystem(["l.json": list, "r.jsonl": requests(10)]))
        #expect(writes.map(\.text).joined() == whole.standardOutput)
        if format != "text" { #expect(whole.standardOutput.split(separator: "\n").count == 10) }
    }

    @Test func aBadLineStopsTheRunBeforeAnyOutput() {
        let fileSystem = InMemoryListFileSystem(["l.json": list, "r.jsonl": requests(7) + "\n{\"url\":\"not a url\"}\n"])
        var written = ""
        let outcome = RulesMatchRunner.run(
            .init(lists: ["l.json"], requestsFile: "r.jsonl", format: "json"), fileSystem: fileSystem, batchSize: 2
        ) {
            written += $0
        }
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError == "r.jsonl:8:1: error: 'not a url' is not an absolute URL\n")
        #expect(written.isEmpty)
        let undecodable = RulesMatchRunner.run(
            .init(lists: ["l.json"], requestsFile: "r.jsonl", format: "json"),
            fileSystem: InMemoryListFileSystem(["l.json": list, "r.jsonl": requests(3) + "\n\n{\"url\": 3}\n"]))
        #expect(undecodable.standardError == "r.jsonl:5:1: error: \"url\" must be a string\n")
        #expect(undecodable.standardOutput.isEmpty)
    }

    @Test func decisionsCountHidingRulesInsteadOfListingThem() {
        let outcome = RulesMatchRunner.run(
            .init(lists: ["l.json"], requestsFile: "r.jsonl", format: "decisions"),
            fileSystem: InMemoryListFileSystem(["l.json": list, "r.jsonl": requests(2)]))
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"blocked":true,"cookies_blocked":false,"https_upgrade":false,"third_party":true,"redirect_target":null,"hidden_selectors":1,"lists":[{"blocked":true,"fired":[{"index":0,"action":"block"}],"cancelled":[],"hiding_fired":1,"hiding_cancelled":0}]}"#,
                #"{"blocked":false,"cookies_blocked":false,"https_upgrade":false,"third_party":true,"redirect_target":null,"hidden_selectors":1,"lists":[{"blocked":false,"fired":[],"cancelled":[],"hiding_fired":1,"hiding_cancelled":0}]}"#,
            ])
    }

    @Test func summaryCountsEveryBatch() {
        let outcome = RulesMatchRunner.run(
            .init(lists: ["l.json"], requestsFile: "r.jsonl", format: "summary"),
            fileSystem: InMemoryListFileSystem(["l.json": list, "r.jsonl": requests(9)]), batchSize: 2
        ) { _ in
            Issue.record("the summary is returned, not streamed")
        }
        #expect(
            outcome.standardOutput.hasPrefix(
                "9 requests, 3 rules in 1 lists: 5 blocked, 0 cookies blocked, 0 upgraded to https, 9 with hidden elements"))
    }
}
