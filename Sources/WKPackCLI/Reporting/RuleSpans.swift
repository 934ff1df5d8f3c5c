import BlockListCompiler
import Foundation

/// Where each rule of a list starts and how many bytes it spans (for locations and per-rule JSON size).
struct RuleSpans {
    private var starts: [Int] = []
    private var ends: [Int] = []
    private var locations: [(line: Int, column: Int)] = []

    init(bytes: [UInt8], ruleCount: Int) {
        guard let document = try? JSONReader().parse(bytes), document[document.root].kind == .array else { return }
        let elements = document.elements(of: document.root)
        starts = elements.map { Int(document[$0].start) }
        ends = elements.map { Int(document[$0].end) }
        locations = SourceLocator.locations(of: starts, in: bytes)
    }

    /// JSON bytes of rule `index` (0 when unknown).
    func byteCount(of index: Int) -> Int {
        index < starts.count ? max(0, ends[index] - starts[index]) : 0
    }

    /// 1-based line and column where rule `index` starts.
    func location(of index: Int) -> (line: Int, column: Int) {
        index < locations.count ? locations[index] : (1, 1)
    }
}
