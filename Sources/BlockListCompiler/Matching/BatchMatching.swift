import Dispatch
import Foundation
import WKPackSupport

/// Preparing and evaluating many requests at once, spread over the machine's cores in contiguous chunks.
/// Results come back in request order, identical to preparing and evaluating the requests one by one.
public enum BatchMatching {
    /// The first request that could not be prepared: its index in the batch and why.
    public struct Failure: Error, Sendable, Equatable {
        /// The request's index in the batch.
        public let index: Int
        /// Why it could not be prepared.
        public let problem: PreparedRequest.Problem
    }

    /// Prepares every request (each chunk with its own `RequestPreparer` memo).
    public static func prepare(_ requests: [MatchRequest]) -> Result<[PreparedRequest], Failure> {
        let chunks = chunkRanges(count: requests.count)
        let slots = IndexedResults<Result<[PreparedRequest], Failure>>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { chunk in
            var preparer = RequestPreparer()
            var prepared: [PreparedRequest] = []
            prepared.reserveCapacity(chunks[chunk].count)
            for index in chunks[chunk] {
                do throws(PreparedRequest.Problem) {
                    prepared.append(try preparer.prepare(requests[index]))
                } catch {
                    slots.set(chunk, .failure(Failure(index: index, problem: error)))
                    return
                }
            }
            slots.set(chunk, .success(prepared))
        }
        var all: [PreparedRequest] = []
        all.reserveCapacity(requests.count)
        for chunk in slots.all() {
            switch chunk {
            case .success(let prepared): all.append(contentsOf: prepared)
            case .failure(let failure): return .failure(failure)
            case nil: return .success(all)
            }
        }
        return .success(all)
    }

    /// The combined decision of `set` for every request, in request order.
    public static func decisions(of set: RuleListSet, for requests: [PreparedRequest]) -> [MatchDecision] {
        let chunks = chunkRanges(count: requests.count)
        let slots = IndexedResults<[MatchDecision]>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { chunk in
            slots.set(chunk, chunks[chunk].map { set.evaluate(requests[$0]).decision })
        }
        return slots.all().flatMap { $0 ?? [] }
    }

    /// The combined decision of `set` and each list's result for every request, in request order.
    public static func evaluations(of set: RuleListSet, for requests: [PreparedRequest]) -> [(
        decision: MatchDecision, results: [ListMatchResult]
    )] {
        let chunks = chunkRanges(count: requests.count)
        let slots = IndexedResults<[(decision: MatchDecision, results: [ListMatchResult])]>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { chunk in
            slots.set(chunk, chunks[chunk].map { set.evaluate(requests[$0]) })
        }
        return slots.all().flatMap { $0 ?? [] }
    }

    /// Contiguous index ranges: a few per core, so a slow chunk does not leave a core idle for long.
    static func chunkRanges(count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunkCount = min(count, cores * 4)
        let size = (count + chunkCount - 1) / chunkCount
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }
}
