import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The order a one-shot build of several groups runs their stages in (`StageScheduler`, issue 41 step 4l).
@Suite struct ScriptBundlerTests {
    /// Every stage `scheduler` hands out, in order, until it has none left.
    static func claims(_ scheduler: StageScheduler) -> [Int] {
        var stages: [Int] = []
        while let next = scheduler.next(), stages.count < 100 { stages.append(next) }
        return stages
    }

    /// Whether `stages` holds every stage of `order`'s groups once, the first stages and the second stages each in
    /// the groups' order, and each group's second stage after its first.
    static func expectComplete(_ stages: [Int], _ order: [Int]) {
        let count = order.count
        #expect(stages.sorted() == Array(0..<(2 * count)), "\(stages)")
        #expect(stages.filter { $0 < count } == order, "\(stages)")
        #expect(stages.filter { $0 >= count }.map { $0 - count } == order, "\(stages)")
        for group in order {
            let first = stages.firstIndex(of: group) ?? stages.count
            let second = stages.firstIndex(of: group + count) ?? -1
            #expect(first < second, "\(stages)")
        }
    }

    /// A budget of kept parses that has been short of room.
    static func shortBudget() -> KeptParseBudget {
        let budget = KeptParseBudget(bytes: 10)
        #expect(budget.take(6))
        #expect(!budget.hasRoom(5))
        #expect(budget.hasBeenShort)
        return budget
    }

    /// While the budget has room (or without one), every graph is built before any group is minified.
    @Test func everyGraphFirstWhileTheBudgetHasRoom() {
        let budget = KeptParseBudget(bytes: 10)
        #expect(!budget.hasRoom(11))
        #expect(!budget.hasBeenShort)
        #expect(Self.claims(StageScheduler(order: [2, 0, 1], lead: 2, budget: budget)) == [2, 0, 1, 5, 3, 4])
        #expect(Self.claims(StageScheduler(order: [1, 0], lead: 2, budget: nil)) == [1, 0, 3, 2])
        #expect(Self.claims(StageScheduler(order: [], lead: 2, budget: nil)) == [])
    }

    /// Once the budget is short, a group is minified as soon as `lead` graphs are claimed whose groups are not.
    @Test func aShortBudgetMinifiesEachGroupWhileLaterGraphsAreBuilt() {
        let order = [3, 0, 7, 1, 2, 6, 4, 5]
        let stages = Self.claims(StageScheduler(order: order, lead: 2, budget: Self.shortBudget()))
        #expect(stages == [3, 0, 11, 7, 8, 1, 15, 2, 9, 6, 10, 4, 14, 5, 12, 13])
        Self.expectComplete(stages, order)
        #expect(Self.claims(StageScheduler(order: [1, 0, 2], lead: 1, budget: Self.shortBudget())) == [1, 4, 0, 3, 2, 5])
        #expect(Self.claims(StageScheduler(order: [1, 0], lead: 4, budget: Self.shortBudget())) == [1, 0, 3, 2])
        for lead in 1...4 {
            for count in 0...6 {
                let order = Array((0..<count).reversed())
                Self.expectComplete(Self.claims(StageScheduler(order: order, lead: lead, budget: Self.shortBudget())), order)
            }
        }
    }

    /// The budget runs short while the third graph is built: from then on, groups are minified between graphs.
    @Test func theOrderChangesWhenTheBudgetRunsShort() {
        let budget = KeptParseBudget(bytes: 10)
        let scheduler = StageScheduler(order: [0, 1, 2, 3], lead: 2, budget: budget)
        var stages = [scheduler.next(), scheduler.next(), scheduler.next()].compactMap { $0 }
        #expect(stages == [0, 1, 2])
        #expect(!budget.take(11) && budget.take(10) && !budget.take(1))
        stages += Self.claims(scheduler)
        #expect(stages == [0, 1, 2, 4, 5, 3, 6, 7])
        Self.expectComplete(stages, [0, 1, 2, 3])
    }
}
