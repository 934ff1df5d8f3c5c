import Testing

@testable import BlockListCompiler

/// The optimizer's numbered keys must group rules exactly as their shapes and actions do: equal keys for equal
/// shapes and actions, different keys otherwise, with or without each merge dimension, and again after a pass
/// changes a rule and numbers it again.
@Suite struct RuleShapeKeyTests {
    /// Rules that differ in one part each, with some parts spelled differently but equal as shapes (condition
    /// entries in another order or repeated).
    static func rules() -> [Rule] {
        let filters = ["^https://a\\.com/", "ads", "ADS"]
        let conditions: [TriggerCondition?] = [
            nil, TriggerCondition(kind: .ifDomain, values: ["*a.com", "*b.com"]),
            TriggerCondition(kind: .ifDomain, values: ["*b.com", "*a.com", "*a.com"]),
            TriggerCondition(kind: .unlessDomain, values: ["*a.com", "*b.com"]),
            TriggerCondition(kind: .ifTopURL, values: ["^https://a\\.com/"]),
            TriggerCondition(kind: .ifFrameURL, values: ["^https://a\\.com/"]),
        ]
        let types: [[ResourceType]?] = [nil, [.image], [.image, .script], [.script, .image]]
        let loadTypes: [[LoadType]?] = [nil, [.thirdParty], [.firstParty]]
        let actions: [Action.Kind] = [.block, .ignorePreviousRules, .cssDisplayNone(selector: ".ad"), .cssDisplayNone(selector: ".banner")]
        var rules: [Rule] = []
        var index = 0
        for filter in filters {
            for condition in conditions {
                for resourceTypes in types {
                    // Not every combination: enough to meet each part with each other one.
                    index += 1
                    var trigger = Trigger(urlFilter: filter, resourceTypes: resourceTypes, condition: condition)
                    trigger.loadTypes = loadTypes[index % loadTypes.count]
                    trigger.urlFilterIsCaseSensitive = index % 5 == 0 ? true : nil
                    trigger.topURLFilterIsCaseSensitive = index % 7 == 0 ? true : nil
                    trigger.frameURLFilterIsCaseSensitive = index % 11 == 0 ? true : nil
                    trigger.requestMethod = index % 13 == 0 ? .post : nil
                    rules.append(Rule(trigger: trigger, action: Action(kind: actions[index % actions.count])))
                    rules.append(Rule(trigger: trigger, action: Action(kind: actions[(index + 1) % actions.count])))
                }
            }
        }
        return rules
    }

    /// Checks every pair of rules; the number of pairs of two rules with equal shapes and actions.
    @discardableResult
    private func expectKeysMatchShapes(_ list: RuleListOptimizer.WorkingList) -> Int {
        var equalPairs = 0
        for left in list.rules.indices {
            for right in list.rules.indices {
                let sameAction = list.rules[left].action.kind == list.rules[right].action.kind
                let sameShape = list.shape(left) == list.shape(right)
                #expect((list.key(left) == list.key(right)) == (sameShape && sameAction), "rules \(left), \(right)")
                #expect(
                    (list.key(left, includingAction: false) == list.key(right, includingAction: false)) == sameShape,
                    "rules \(left), \(right)")
                for dimension in TriggerShape.MergeDimension.allCases {
                    let sameWithout = list.shape(left).without(dimension) == list.shape(right).without(dimension)
                    #expect(
                        (list.key(left).without(dimension) == list.key(right).without(dimension)) == (sameWithout && sameAction),
                        "rules \(left), \(right) without \(dimension)")
                }
                if left != right && sameShape && sameAction { equalPairs += 1 }
            }
        }
        return equalPairs
    }

    /// The passes that drop covered rules decide on keys: the same answer as on the shapes, for every pair.
    @Test func coveringOnKeysIsCoveringOnShapes() {
        var list = RuleListOptimizer.WorkingList(rules: Self.rules())
        list.number()
        var covered = 0
        for outer in list.rules.indices {
            for inner in list.rules.indices {
                for universal in [false, true] {
                    let onShapes = RuleListOptimizer.covers(list.shape(outer), list.shape(inner), outerIsUniversal: universal)
                    let onKeys = RuleListOptimizer.covers(list.key(outer), list.key(inner), outerIsUniversal: universal)
                    #expect(onKeys == onShapes, "rules \(outer), \(inner), universal \(universal)")
                    if onShapes && outer != inner { covered += 1 }
                }
            }
        }
        #expect(covered > 0)
    }

    /// The passes' table finds each key's first number, across growth, and forgets everything at a reset.
    @Test func theKeyTableFilesTheFirstNumberOfEachKey() {
        var list = RuleListOptimizer.WorkingList(rules: Self.rules())
        list.number()
        var table = RuleShapeKeyTable()
        for round in 0..<3 {
            // A small capacity: the table grows while filling.
            table.reset(capacity: round)
            var first: [RuleShapeKey: Int32] = [:]
            for index in list.rules.indices {
                let key = list.key(index, includingAction: round != 1)
                let number = Int32(index + round)
                let expected = first[key] ?? number
                first[key] = expected
                #expect(table.value(for: key, orInserting: number) == expected, "round \(round), rule \(index)")
            }
            #expect(first.count > 1 && first.count < list.rules.count)
        }
    }

    @Test func keysAreEqualExactlyWhenShapesAndActionsAre() {
        var list = RuleListOptimizer.WorkingList(rules: Self.rules())
        list.number()
        #expect(list.isNumbered)
        // The spellings that are equal as shapes met (so the keys were asked to be equal, not only different).
        #expect(expectKeysMatchShapes(list) > 0)
    }

    @Test func aChangedRuleNumberedAgainKeepsTheKeysExact() {
        var list = RuleListOptimizer.WorkingList(rules: Self.rules())
        list.number()
        for index in list.rules.indices where index % 3 == 0 {
            list.rules[index].trigger.condition?.values.append("*c.com")
            if case .cssDisplayNone(let selector) = list.rules[index].action.kind {
                list.rules[index].action.kind = .cssDisplayNone(selector: selector + ", .more")
            }
            list.renumber(index)
        }
        expectKeysMatchShapes(list)
        // Compacting keeps each rule's numbers with it.
        list.compact(keeping: list.rules.indices.map { $0 % 2 == 0 })
        expectKeysMatchShapes(list)

        // Two rules whose entries become the same set once changed: their keys become equal.
        let first = Rule(
            trigger: Trigger(urlFilter: "ads", condition: TriggerCondition(kind: .ifDomain, values: ["*a.com"])),
            action: Action(kind: .block))
        var second = first
        second.trigger.condition?.values = ["*b.com"]
        var pair = RuleListOptimizer.WorkingList(rules: [first, second])
        pair.number()
        #expect(pair.key(0) != pair.key(1))
        pair.rules[0].trigger.condition?.values.append("*b.com")
        pair.rules[1].trigger.condition?.values.append("*a.com")
        pair.renumber(0)
        pair.renumber(1)
        #expect(pair.key(0) == pair.key(1))
        #expect(expectKeysMatchShapes(pair) == 2)
    }
}
