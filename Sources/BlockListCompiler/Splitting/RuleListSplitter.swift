/// Splits a list into parts of at most `maximumRules` rules whose combined decisions (a load is blocked when any
/// part blocks it, and so on) equal the original's.
///
/// Parts hold consecutive runs of the original rules. An `ignore-previous-rules` rule cancels earlier matches of
/// its own list only, so each exception is also copied to the end of every earlier part holding a rule it can
/// cancel (one whose resource types, load types and load contexts overlap its own), keeping the exceptions'
/// relative order. Lists with `ignore-following-rules` are refused: it would have to cut later parts too.
public struct RuleListSplitter: Sendable {
    /// Most rules per part.
    public var maximumRules: Int

    /// Why a list cannot be split.
    public struct Problem: Error, Sendable, Equatable {
        /// Why the list cannot be split.
        public var message: String
    }

    /// Creates a splitter into parts of at most `maximumRules` rules.
    public init(maximumRules: Int) {
        self.maximumRules = maximumRules
    }

    /// The parts, in order; each part's rules keep their original relative order.
    public func split(_ rules: [Rule]) throws(Problem) -> [[Rule]] {
        guard maximumRules >= 2 else { throw Problem(message: "--max-rules must be at least 2") }
        if rules.count <= maximumRules { return [rules] }
        if rules.contains(where: { if case .ignoreFollowingRules = $0.action.kind { return true } else { return false } }) {
            throw Problem(message: "the list has ignore-following-rules rules, which cannot be kept exact across parts")
        }
        let shapes = rules.map { TriggerShape($0.trigger) }
        let isException = rules.map { if case .ignorePreviousRules = $0.action.kind { return true } else { return false } }
        // Exceptions at or after each index.
        var exceptionsFrom = [Int](repeating: 0, count: rules.count + 1)
        for index in rules.indices.reversed() { exceptionsFrom[index] = exceptionsFrom[index + 1] + (isException[index] ? 1 : 0) }

        let exceptionPositions = rules.indices.filter { isException[$0] }
        var parts: [[Rule]] = []
        var start = 0
        while start < rules.count {
            // The longest run [start, end) that fits together with the copies of the exceptions it needs.
            var end = start
            var copies: [Int] = []
            var masks = (resource: UInt32(0), load: UInt8(0), context: UInt8(0))
            while end < rules.count {
                let candidateEnd = end + 1
                var candidateMasks = masks
                if !isException[end] {
                    candidateMasks.resource |= shapes[end].masks.resourceMask
                    candidateMasks.load |= shapes[end].masks.loadTypeMask
                    candidateMasks.context |= shapes[end].masks.loadContextMask
                }
                // Upper bound first (cheap), exact count only when it might not fit.
                if candidateEnd - start + exceptionsFrom[candidateEnd] > maximumRules {
                    let needed = laterExceptions(after: candidateEnd, masks: candidateMasks, shapes: shapes, exceptions: exceptionPositions)
                    if candidateEnd - start + needed.count > maximumRules { break }
                }
                end = candidateEnd
                masks = candidateMasks
            }
            guard end > start else {
                throw Problem(
                    message: "rule \(start) cannot be placed: the exceptions after it alone need more than \(maximumRules) rules per part")
            }
            copies = laterExceptions(after: end, masks: masks, shapes: shapes, exceptions: exceptionPositions)
            parts.append(Array(rules[start..<end]) + copies.map { rules[$0] })
            start = end
        }
        return parts
    }

    /// The exceptions after `index` that can cancel a rule with flags within `masks`.
    private func laterExceptions(
        after index: Int, masks: (resource: UInt32, load: UInt8, context: UInt8), shapes: [TriggerShape], exceptions: [Int]
    ) -> [Int] {
        guard masks.resource != 0 else { return [] }
        var low = 0, high = exceptions.count
        while low < high {
            let middle = (low + high) / 2
            if exceptions[middle] < index { low = middle + 1 } else { high = middle }
        }
        return exceptions[low...].filter { position in
            shapes[position].masks.resourceMask & masks.resource != 0
                && shapes[position].masks.loadTypeMask & masks.load != 0 && shapes[position].masks.loadContextMask & masks.context != 0
        }
    }
}
