import Foundation
import Synchronization
import Testing
import WKPackTestSupport

@testable import BlockListCompiler

/// The in-memory API: convert, check and optimize from bytes to bytes, cancellable, with progress.
@Suite struct ContentBlockerPipelineTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Conversion/Fixtures")
    static let corpusArchive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/corpus/extra/corpus-extra.tar.xz").standardized

    static func sample() throws -> ContentBlockerPipeline.FilterListSource {
        ContentBlockerPipeline.FilterListSource(
            name: "sample.txt", bytes: Array(try Data(contentsOf: fixtures.appendingPathComponent("sample.txt"))))
    }

    /// Collects the progress reports of a job.
    final class ProgressLog: Sendable {
        let reports = Mutex<[ContentBlockerPipeline.Progress]>([])
        func add(_ progress: ContentBlockerPipeline.Progress) { reports.withLock { $0.append(progress) } }
        var all: [ContentBlockerPipeline.Progress] { reports.withLock { $0 } }
    }

    @Test func convertGivesTheBytesOfTheConversionAndItsSerializer() throws {
        let source = try Self.sample()
        let converted = try ContentBlockerPipeline().convert([source])
        let reference = try FilterListConversion().run([
            FilterListFile(path: "sample.txt", text: String(decoding: source.bytes, as: UTF8.self))
        ])
        #expect(converted.parts == reference.parts.map { RuleListSerializer().serializedBytes($0) })
        #expect(converted.report.entries == reference.report.entries)
        #expect(converted.report.rulesOptimized == reference.report.rulesOptimized)
        #expect(converted.report.partRuleCounts == reference.report.partRuleCounts)
    }

    @Test func progressCoversEveryStageInOrder() throws {
        let log = ProgressLog()
        let converted = try ContentBlockerPipeline().convert([try Self.sample()], observer: .init(progress: { log.add($0) }))
        #expect(!converted.parts.isEmpty)
        let reports = log.all
        #expect(reports.first?.stage == .converting)
        #expect(reports.last?.stage == .writing)
        #expect(reports.contains { $0.stage == .checking })
        #expect(reports.filter { $0.stage == .optimizing }.count == FilterListConversion.optimizer.passCount)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completed < $1.completed })
        #expect(reports.allSatisfy { $0.total == reports[0].total && $0.completed < $0.total })
    }

    @Test func cancellingStopsAtTheNextStep() throws {
        // Cancel once the optimizer has started: the job throws instead of returning a list.
        let log = ProgressLog()
        let observer = ContentBlockerPipeline.Observer(
            progress: { log.add($0) }, isCancelled: { log.all.contains { $0.stage == .optimizing } })
        #expect(throws: ContentBlockerPipeline.Failure.cancelled) {
            try ContentBlockerPipeline().convert([try Self.sample()], observer: observer)
        }
        #expect(log.all.filter { $0.stage == .optimizing }.count == 1)
        #expect(!log.all.contains { $0.stage == .writing })
        let list = try ContentBlockerPipeline().convert([try Self.sample()]).parts[0]
        #expect(throws: ContentBlockerPipeline.Failure.cancelled) {
            try ContentBlockerPipeline().optimize(list, observer: .init(isCancelled: { true }))
        }
        #expect(throws: ContentBlockerPipeline.Failure.cancelled) {
            try ContentBlockerPipeline().check(list, observer: .init(isCancelled: { true }))
        }
    }

    @Test func asyncFormsStopWithTheirTask() async throws {
        let list = try ContentBlockerPipeline().convert([try Self.sample()], observer: .none).parts[0]
        let task = Task { () async throws(ContentBlockerPipeline.Failure) -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await ContentBlockerPipeline().optimize(list).ruleCount
        }
        await #expect(throws: ContentBlockerPipeline.Failure.cancelled) { try await task.value }
        let finished = try await ContentBlockerPipeline().optimize(list, forWebKit: true)
        #expect(finished.ruleCount > 0)
    }

    @Test func optimizeRefusesAListWebKitRefuses() throws {
        let bytes = Array(#"[{"trigger":{"url-filter":"a"},"action":{"type":"blok"}}]"#.utf8)
        do {
            _ = try ContentBlockerPipeline().optimize(bytes)
            Issue.record("an invalid list was optimized")
        } catch {
            guard case .invalidList(let diagnostic) = error else { Issue.record("unexpected \(error)"); return }
            #expect(diagnostic.line == 1)
            #expect(diagnostic.message.contains("blok"))
        }
    }

    /// Whether the test below takes all of EasyList + EasyPrivacy (`WKPACK_FULL_LISTS=1`; about 340 s in CI's debug
    /// build on 2 cores) instead of its default slice, every `sliceStride`-th line of each list.
    static let fullLists = ProcessInfo.processInfo.environment["WKPACK_FULL_LISTS"] == "1"
    /// The default slice keeps every `sliceStride`-th line of each list (starting with its first): filters of every
    /// kind the lists hold, in the same proportions, at about a tenth of the cost.
    static let sliceStride = 10

    /// EasyList + EasyPrivacy through the API alone: converted, the part checked valid, optimized for WebKit and the
    /// optimized list checked valid again (all ASCII; no more rules on the whole lists). By default a slice of both lists (every 10th
    /// line); `WKPACK_FULL_LISTS=1` runs the whole lists (`WKPACK_FULL_LISTS=1 swift test --filter easyListAndEasyPrivacy`).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpusArchive.path), "needs ../shared/corpus"))
    func easyListAndEasyPrivacyGoThroughTheAPIAlone() throws {
        var sources: [ContentBlockerPipeline.FilterListSource] = []
        var lineCount = 0
        for name in ["easylist/easylist.txt", "easylist/easyprivacy.txt"] {
            let output = try ChildProcess.run("/usr/bin/tar", ["-xJOf", Self.corpusArchive.path, name])
            try #require(output.status == 0, "tar: \(output.stderr)")
            let lines = output.standardOutput.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            lineCount += lines.count
            let kept = Self.fullLists ? lines[...] : lines.enumerated().filter { $0.offset % Self.sliceStride == 0 }.map(\.element)[...]
            sources.append(.init(name: name, bytes: Array(kept.joined(separator: [UInt8(ascii: "\n")]))))
        }
        // The whole lists hold over 130,000 filters; a slice about a tenth of their lines.
        let expectedFilters = Self.fullLists ? 130_000 : lineCount / Self.sliceStride * 9 / 10
        let expectedRules = Self.fullLists ? 100_000 : expectedFilters * 3 / 4
        let pipeline = ContentBlockerPipeline()
        let log = ProgressLog()
        let converted = try pipeline.convert(sources, observer: .init(progress: { log.add($0) }))
        #expect(converted.report.filterCount > expectedFilters)
        #expect(converted.parts.count == 1)
        let list = try #require(converted.parts.first)
        let report = try pipeline.check(list)
        #expect(report.isValid, "\(report.errors.prefix(3).map(\.message))")
        #expect(report.ruleCount == converted.report.rulesOptimized)
        #expect(report.ruleCount > expectedRules)
        // By default the check builds no rules (the one-pass read); asked to keep them, it reports the same.
        #expect(report.rules.isEmpty)
        let kept = try pipeline.check(list, keepsRules: true)
        #expect(kept.rules.count == report.ruleCount)
        #expect(kept.diagnostics == report.diagnostics)
        #expect(kept.actionCounts == report.actionCounts)
        #expect(log.all.last?.stage == .writing)

        let forWebKit = try pipeline.optimize(list, forWebKit: true)
        let checkedForWebKit = try pipeline.check(forWebKit.bytes)
        #expect(checkedForWebKit.isValid)
        #expect(checkedForWebKit.ruleCount == forWebKit.ruleCount)
        // Regrouping cosmetic rules by condition entry (for WebKit) may add a few rules: on the slice 11,713 -> 11,720.
        #expect(forWebKit.ruleCount <= (Self.fullLists ? report.ruleCount : report.ruleCount + report.ruleCount / 100))
        #expect(forWebKit.bytes.allSatisfy { $0 < 0x80 })
    }
}
