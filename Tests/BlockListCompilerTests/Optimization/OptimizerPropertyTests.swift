import Foundation
import Testing

@testable import BlockListCompiler

/// Property tests: on seeded random small lists, the optimized list and the split parts give the same decision
/// as the original list for every generated request (checked with the library's matcher, `RuleListSet`).
///
/// `WKPACK_PROPERTY_CASES=N` runs N lists instead of the default 200 (`scripts/robustness/property-tests`).
@Suite struct OptimizerPropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 200
    static let requestsPerList = 120

    /// url-filter pieces: literals of both cases, `.`, `.*`, classes, quantifiers, anchors.
    static let filterPieces = [
        "a", "b", "ad", "ads", "A", "Ad", "x", "/", "\\.", ".", ".*", "[ab]", "[^a]", "[a-z]", "[A-Z0-9]", "s?", "b+",
        "d*", "(ab)?", "com", "/ads/", "example", "\\?", "=", "cdn\\.",
    ]
    static let domains = [
        "example.com", "*example.com", "ads.example.net", "*example.net", "site.org", "*site.org", "tracker.test", "www.google.com",
    ]
    static let topURLs = ["news", "^https://", "shop\\.example", "[a-c]", "post\\?id=1$", "^http://[^/]*/page"]
    static let resourceTypes = ["document", "image", "style-sheet", "script", "font", "raw", "media", "popup", "ping", "fetch", "other"]
    static let selectors = [".a", "#b", "div.x", ".a, .c"]

    static func pick<T>(_ values: [T], _ random: inout SeededGenerator) -> T {
        values[Int(random.next() % UInt64(values.count))]
    }

    static func chance(_ percent: UInt64, _ random: inout SeededGenerator) -> Bool { random.next() % 100 < percent }

    static func string(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\") + "\""
    }

    static func quoted(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ",") + "]"
    }

    static func subset(_ values: [String], _ random: inout SeededGenerator, most: Int) -> [String] {
        var chosen: [String] = []
        for _ in 0..<(1 + Int(random.next() % UInt64(most))) {
            let value = pick(values, &random)
            if !chosen.contains(value) { chosen.append(value) }
        }
        return chosen
    }

    static func urlFilter(_ random: inout SeededGenerator) -> String {
        if chance(8, &random) { return ".*" }
        var filter = chance(20, &random) ? (chance(50, &random) ? "^https?://" : "^") : ""
        for _ in 0..<(1 + random.next() % 3) { filter += pick(filterPieces, &random) }
        if chance(10, &random) { filter += "$" }
        return filter
    }

    /// One rule as JSON text.
    static func rule(_ random: inout SeededGenerator) -> String {
        var trigger = ["\"url-filter\":" + string(urlFilter(&random))]
        if chance(20, &random) { trigger.append("\"url-filter-is-case-sensitive\":true") }
        if chance(30, &random) { trigger.append("\"resource-type\":" + quoted(subset(resourceTypes, &random, most: 3))) }
        if chance(15, &random) { trigger.append("\"load-type\":" + quoted([pick(["first-party", "third-party"], &random)])) }
        if chance(10, &random) { trigger.append("\"load-context\":" + quoted([pick(["top-frame", "child-frame"], &random)])) }
        switch random.next() % 10 {
        case 0, 1: trigger.append("\"if-domain\":" + quoted(subset(domains, &random, most: 3)))
        case 2, 3: trigger.append("\"unless-domain\":" + quoted(subset(domains, &random, most: 3)))
        case 4: trigger.append("\"if-top-url\":" + quoted(subset(topURLs, &random, most: 2)))
        case 5: trigger.append("\"unless-top-url\":" + quoted(subset(topURLs, &random, most: 2)))
        default: break
        }
        let action: String
        switch random.next() % 20 {
        case 0...6: action = #"{"type":"block"}"#
        case 7...8: action = #"{"type":"block-cookies"}"#
        case 9...11: action = #"{"type":"css-display-none","selector":"\#(pick(selectors, &random))"}"#
        case 12...16: action = #"{"type":"ignore-previous-rules"}"#
        default: action = #"{"type":"make-https"}"#
        }
        return "{\"trigger\":{" + trigger.joined(separator: ",") + "},\"action\":" + action + "}"
    }

    static func list(seed: Int) -> String {
        var random = SeededGenerator(state: UInt64(seed) &* 0x1_0000_0001 &+ 77)
        let count = 1 + Int(random.next() % 12)
        return "[" + (0..<count).map { _ in rule(&random) }.joined(separator: ",\n") + "]"
    }

    /// Checks one list; returns a description of the first difference, or `nil`.
    static func difference(in json: String) throws -> String? {
        let report = RuleListChecker().check(Array(json.utf8))
        guard report.isValid else { return nil }
        let original = report.rules
        let optimized = RuleListOptimizer().optimize(original).rules
        let optimizedResult = try CorpusEquivalence.differences(
            original: [original], rewritten: [optimized], seedRules: original,
            count: requestsPerList, limit: 1)
        if let first = optimizedResult.differing.first { return "optimizer: \(first)" }
        let exceptions = original.filter { if case .ignorePreviousRules = $0.action.kind { return true } else { return false } }.count
        let budget = max(exceptions + 1 + original.count / 3, 2)
        let parts = try RuleListSplitter(maximumRules: budget).split(original)
        let splitResult = try CorpusEquivalence.differences(
            original: [original], rewritten: parts, seedRules: original,
            count: requestsPerList, limit: 1)
        if let first = splitResult.differing.first { return "splitter (\(parts.count) parts of at most \(budget)): \(first)" }
        return nil
    }

    @Test func optimizedAndSplitListsDecideLikeTheOriginal() throws {
        var valid = 0
        var failures: [String] = []
        for seed in 0..<Self.caseCount {
            let json = Self.list(seed: seed)
            guard RuleListChecker().check(Array(json.utf8)).isValid else { continue }
            valid += 1
            if let difference = try Self.difference(in: json), failures.count < 3 {
                failures.append("seed \(seed): \(difference)\n\(json)")
            }
        }
        print(
            "optimizer property: \(Self.caseCount) lists generated, \(valid) valid, \(valid * Self.requestsPerList * 2) request evaluations each side, \(failures.count) failing"
        )
        #expect(valid >= Self.caseCount * 9 / 10)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }
}
