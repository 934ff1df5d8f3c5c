import Testing

@testable import BlockListCompiler

@Suite struct WebKitTargetTests {
    /// `<` orders the targets as their cases are declared (release order), strictly, and `newest` is the last.
    @Test func comparisonFollowsReleaseOrder() {
        let targets = WebKitTarget.allCases
        for (i, lhs) in targets.enumerated() {
            for (j, rhs) in targets.enumerated() {
                #expect((lhs < rhs) == (i < j), "\(lhs.rawValue) < \(rhs.rawValue)")
            }
        }
        #expect(targets.last == WebKitTarget.newest)
    }

    @Test func olderTargetsRefuseMixedConditions() {
        #expect(WebKitTarget.safari14.refusesMixedDomainAndTopURLConditions)
        #expect(WebKitTarget.safari14_1.refusesMixedDomainAndTopURLConditions)
        #expect(!WebKitTarget.safari15.refusesMixedDomainAndTopURLConditions)
        #expect(!WebKitTarget.safari26.refusesMixedDomainAndTopURLConditions)
    }
}
