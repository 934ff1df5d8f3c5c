import Foundation
import Testing

@testable import BlockListCompiler

/// Decision check of `scripts/cost/goal.sh`: each pair of lists (original, optimized with `--for-webkit`) named in
/// the file WKPACK_COST_GOAL_PAIRS must decide alike on generated requests. Skipped without that variable.
@Suite struct CompileCostGoalTests {
    static let pairsFile = ProcessInfo.processInfo.environment["WKPACK_COST_GOAL_PAIRS"]
    static let requests = ProcessInfo.processInfo.environment["WKPACK_COST_GOAL_REQUESTS"].flatMap { Int($0) } ?? 3_000

    @Test(.enabled(if: pairsFile != nil, "set WKPACK_COST_GOAL_PAIRS (scripts/cost/goal.sh does)"))
    func optimizedGoalListsDecideLikeTheOriginals() throws {
        let text = try String(contentsOfFile: Self.pairsFile ?? "", encoding: .utf8)
        let pairs = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { $0.count == 2 }
        #expect(!pairs.isEmpty)
        for pair in pairs {
            let original = RuleListChecker().check([UInt8](try Data(contentsOf: URL(fileURLWithPath: pair[0])))).rules
            let optimized = RuleListChecker().check([UInt8](try Data(contentsOf: URL(fileURLWithPath: pair[1])))).rules
            let result = try CorpusEquivalence.differences(
                original: [original], rewritten: [optimized], seedRules: original,
                count: Self.requests, limit: 3)
            print(
                "goal equivalence \((pair[0] as NSString).lastPathComponent): \(result.checked) requests, \(result.differing.count) differences"
            )
            #expect(result.differing.isEmpty, "\(pair[0]): \(result.differing)")
        }
    }
}
