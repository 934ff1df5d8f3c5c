/// A list read up to the point where checking adds its lints (`RuleListLoader.read`): the rules kept and the
/// diagnostics so far, not yet sorted or located.
struct RuleListReading {
    /// Number of elements of the top-level array.
    var ruleCount = 0
    /// The rules that loaded and that WebKit keeps.
    var kept: [RuleLoader.LoadedRule] = []
    /// Set once the top level is an array: the loader, holding the document and the diagnostics.
    var loader: RuleLoader?
    /// The diagnostics when no loader was made (empty source, invalid JSON, top level not an array).
    var earlySink = DiagnosticSink()

    /// The kept rules, moved out (a copy would retain and then release every string and array of every rule);
    /// each kept entry is left holding an empty placeholder rule.
    mutating func takeRules() -> [Rule] {
        var rules: [Rule] = []
        rules.reserveCapacity(kept.count)
        for slot in kept.indices {
            var rule = RuleListReading.placeholder
            swap(&rule, &kept[slot].rule)
            rules.append(rule)
        }
        return rules
    }

    /// What a moved-out rule is left as (no storage of its own).
    private static let placeholder = Rule(trigger: Trigger(urlFilter: ""), action: Action(kind: .block))

    /// Every diagnostic so far.
    var sink: DiagnosticSink { loader?.sink ?? earlySink }

    /// The errors then the warnings, each in source order, with lines and columns; and the error WebKit stops at.
    func locatedDiagnostics(in bytes: [UInt8]) -> (diagnostics: [Diagnostic], webKitError: Diagnostic?) {
        RuleListReading.locatedDiagnostics(of: sink, in: bytes)
    }

    /// The errors then the warnings of `sink`, each in source order, with lines and columns; and the error WebKit
    /// stops at.
    static func locatedDiagnostics(of sink: DiagnosticSink, in bytes: [UInt8]) -> (diagnostics: [Diagnostic], webKitError: Diagnostic?) {
        bytes.withUnsafeBufferPointer { locatedDiagnostics(of: sink, in: $0) }
    }

    /// The errors then the warnings of `sink`, each in source order, with lines and columns in `buffer`; and the
    /// error WebKit stops at.
    static func locatedDiagnostics(of sink: consuming DiagnosticSink, in buffer: UnsafeBufferPointer<UInt8>) -> (
        diagnostics: [Diagnostic], webKitError: Diagnostic?
    ) {
        // The error WebKit reports, when none was chosen yet: the first loading error, else the first compile error
        // (marked on its copy in the result).
        let marked = sink.hasWebKitError ? nil : sink.firstLoadingError ?? sink.compileErrors.first
        let (errors, warnings) = sink.takeDiagnostics()
        // Errors, then warnings, each by offset (in the order added where offsets tie): the positions are sorted, not
        // the diagnostics (not at all when already in order, as the one-pass check adds them).
        func order(_ list: [Diagnostic]) -> [Int]? {
            for index in list.indices.dropFirst() where list[index - 1].offset > list[index].offset {
                return list.indices.sorted { (list[$0].offset, $0) < (list[$1].offset, $1) }
            }
            return nil
        }
        func offsets(_ list: [Diagnostic], in order: [Int]?) -> [Int] {
            guard let order else { return list.map(\.offset) }
            return order.map { list[$0].offset }
        }
        let errorOrder = order(errors), warningOrder = order(warnings)
        let places = locations(of: offsets(errors, in: errorOrder), and: offsets(warnings, in: warningOrder), in: buffer)
        // Lists in order are moved, not copied (a copy of a diagnostic retains each of its strings, and the list
        // copied from is destroyed after): the errors become the result, the warnings are added to it.
        var located: [Diagnostic]
        if let errorOrder {
            located = []
            located.reserveCapacity(errors.count + warnings.count)
            for index in errorOrder { located.append(errors[index]) }
        } else {
            located = consume errors
            located.reserveCapacity(located.count + warnings.count)
        }
        var webKitErrorPosition: Int?
        located.withUnsafeMutableBufferPointer { located in
            for rank in located.indices {
                located[rank].line = places[0][rank].line
                located[rank].column = places[0][rank].column
                if (errorOrder?[rank] ?? rank) == marked { located[rank].reportedByWebKit = true }
                if webKitErrorPosition == nil && located[rank].reportedByWebKit { webKitErrorPosition = rank }
            }
        }
        let errorCount = located.count
        if let warningOrder {
            for index in warningOrder { located.append(warnings[index]) }
        } else if errorCount == 0 {
            located = consume warnings
        } else {
            located.append(contentsOf: warnings)
        }
        located.withUnsafeMutableBufferPointer { located in
            for rank in places[1].indices {
                located[errorCount + rank].line = places[1][rank].line
                located[errorCount + rank].column = places[1][rank].column
            }
        }
        return (located, webKitErrorPosition.map { located[$0] })
    }

    /// The lines and columns of two ascending lists of offsets, found in one pass over `buffer` (the offsets merged
    /// in order, then handed back to their lists).
    private static func locations(of first: [Int], and second: [Int], in buffer: UnsafeBufferPointer<UInt8>) -> [[(
        line: Int, column: Int
    )]] {
        var merged: [Int] = []
        merged.reserveCapacity(first.count + second.count)
        var fromFirst: [Bool] = []
        fromFirst.reserveCapacity(first.count + second.count)
        var next = (0, 0)
        while next.0 < first.count || next.1 < second.count {
            if next.1 == second.count || (next.0 < first.count && first[next.0] <= second[next.1]) {
                merged.append(first[next.0])
                fromFirst.append(true)
                next.0 += 1
            } else {
                merged.append(second[next.1])
                fromFirst.append(false)
                next.1 += 1
            }
        }
        let places = SourceLocator.locations(of: merged, in: buffer)
        var result: [[(line: Int, column: Int)]] = [[], []]
        result[0].reserveCapacity(first.count)
        result[1].reserveCapacity(second.count)
        for (rank, place) in places.enumerated() { result[fromFirst[rank] ? 0 : 1].append(place) }
        return result
    }
}
