import BlockListCompiler
import Foundation

/// The counts and times of `wkpack rules match --format summary`, added up batch by batch.
struct MatchSummary {
    var requests = 0
    var blocked = 0, cookies = 0, upgraded = 0, hidden = 0
    var candidates = 0
    var preparation: Duration = .zero
    var preparationCPU = 0.0
    var matching: Duration = .zero
    var matchingCPU = 0.0

    /// Evaluates one batch of prepared requests (in parallel chunks) and counts its decisions and candidates.
    mutating func add(_ prepared: [PreparedRequest], of set: RuleListSet, matchers: [RuleListMatcher]) {
        var decisions: [MatchDecision] = []
        let cpuStart = RulesMatchRunner.processCPUSeconds()
        matching += ContinuousClock().measure { decisions = BatchMatching.decisions(of: set, for: prepared) }
        matchingCPU += RulesMatchRunner.processCPUSeconds() - cpuStart
        for decision in decisions {
            if decision.blocked { blocked += 1 }
            if decision.cookiesBlocked { cookies += 1 }
            if decision.upgradedToHTTPS { upgraded += 1 }
            if !decision.hiddenSelectors.isEmpty { hidden += 1 }
        }
        requests += prepared.count
        candidates = prepared.reduce(candidates) { sum, request in matchers.reduce(sum) { $0 + $1.candidateCount(request) } }
    }

    /// The one-line summary. CPU time is the process's, summed over every thread.
    func line(matchers: [RuleListMatcher]) -> String {
        func seconds(_ duration: Duration) -> String {
            String(format: "%.3f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        func cpu(_ value: Double) -> String { String(format: "%.3f", value) }
        let rules = matchers.reduce(0) { $0 + $1.rules.count }
        let unindexed = matchers.reduce(0) { $0 + $1.unindexedRuleCount }
        let perRequest = String(format: "%.1f", Double(candidates) / Double(max(1, requests)))
        return
            "\(requests) requests, \(rules) rules in \(matchers.count) lists: \(blocked) blocked, \(cookies) cookies blocked, \(upgraded) upgraded to https, \(hidden) with hidden elements; "
            + "URLs prepared in \(seconds(preparation)) s wall, \(cpu(preparationCPU)) s CPU; matched in \(seconds(matching)) s wall, \(cpu(matchingCPU)) s CPU; "
            + "in all \(seconds(preparation + matching)) s wall, \(cpu(preparationCPU + matchingCPU)) s CPU (\(unindexed) rules checked for every request, \(perRequest) candidate rules per request)\n"
    }
}
