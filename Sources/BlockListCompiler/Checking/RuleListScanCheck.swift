/// The check of a list in one pass over its bytes, for a report without rules: each rule of the common shape is
/// checked on its bytes by `RuleScanner` (no JSON nodes, strings or `Rule`), which hands back a refused url-filter
/// or a selector that does not parse as data, reported here with the loader's messages; any other rule is parsed
/// alone and goes through `RuleLoader` and the pattern check, which report on it exactly as for the whole list. The
/// diagnostics are added in the whole-list path's order (loading, then patterns, then lints, each in rule order).
/// Whatever depends on the whole list (a JSON syntax error anywhere, the top level, the rule count, no rule
/// kept, mixed conditions on old targets) gives nil, and the caller takes the whole-list path.
struct RuleListScanCheck {
    let target: WebKitTarget
    /// What `target` lacks, found once for every rule loaded alone.
    private let tooNew: RuleLoader.TooNew

    init(target: WebKitTarget) {
        self.target = target
        tooNew = RuleLoader.TooNew(target: target)
    }

    struct Result {
        var ruleCount: Int
        /// The kept rules, in source order.
        var entries: [RuleListLints.Entry]
        /// Kept rules per action type, by position in `Action.Kind.allTypeNames`.
        var typeCounts: [Int]
        var sink: DiagnosticSink
        /// How many rules were parsed and loaded alone (not of the shape `RuleScanner` checks).
        var rulesLoadedAlone: Int
    }

    /// A rule loaded alone: its own document and what the loader made of it.
    private struct LoadedAlone {
        var document: JSONDocument
        var loaded: RuleLoader.LoadedRule
    }

    /// What the pattern check reports after loading, in rule order: a rule loaded alone, or a refused url-filter
    /// the scanner found.
    private enum PatternCheck {
        case loadedAlone(LoadedAlone)
        case refused(index: Int, RuleScanner.RefusedURLFilter)
    }

    func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Result? {
        guard !bytes.isEmpty, bytes.count < Int(Int32.max), let base = bytes.baseAddress else { return nil }
        var scanner = RuleScanner(base: base, count: bytes.count, target: target)
        let source = UnsafeRawBufferPointer(bytes)
        var sink = DiagnosticSink()
        var entries: [RuleListLints.Entry] = []
        entries.reserveCapacity(bytes.count / 128)
        var typeCounts = [Int](repeating: 0, count: Action.Kind.allTypeNames.count)
        var patternChecks: [PatternCheck] = []
        var loadedAloneCount = 0
        var hasDomainCondition = false, hasTopURLCondition = false
        func note(_ kind: TriggerCondition.Kind?) {
            guard let kind else { return }
            if kind.isDomainList { hasDomainCondition = true }
            if kind == .ifTopURL || kind == .unlessTopURL { hasTopURLCondition = true }
        }
        let parser = URLFilterParser()
        guard scanner.take(UInt8(ascii: "[")) else { return nil }
        var index = 0
        while true {
            scanner.skipSpace()
            let start = scanner.position
            if let scanned = scanner.rule() {
                var isKept = true
                if scanned.hasFindings {
                    let findings = scanner.findings
                    if let key = findings.unknownActionKey {
                        RuleLoader.reportUnknownKey(
                            key.string(in: base), in: "the action", at: key.offset,
                            place: .inRule(index: index, path: "/action", key: nil), rule: index, sink: &sink)
                    }
                    if let type = findings.unknownActionType {
                        // Not loaded: nothing else of the rule is checked or counted.
                        isKept = false
                        RuleLoader.reportUnknownActionType(
                            type.string(in: base), at: type.offset, place: .inRule(index: index, path: "/action/type", key: nil),
                            rule: index, sink: &sink)
                    } else if let dropped = findings.droppedSelector {
                        // Dropped: not kept, so neither linted nor counted.
                        isKept = false
                        RuleLoader.reportDroppedSelector(dropped.problem, at: dropped.offset, rule: index, sink: &sink)
                    } else if let refused = findings.refusedURLFilter {
                        patternChecks.append(.refused(index: index, refused))
                    }
                }
                if isKept {
                    entries.append(
                        RuleListLints.Entry(
                            index: index, start: start, end: scanner.position, isCatchAllIgnore: scanned.isCatchAllIgnore, source: source))
                    typeCounts[scanned.typeIndex] += 1
                    note(scanned.conditionKind)
                }
            } else {
                guard let (document, end) = try? JSONReader().parseValue(in: bytes, at: start, depth: 1) else { return nil }
                loadedAloneCount += 1
                scanner.position = end
                var loader = RuleLoader(document: document, target: target, sink: take(&sink), tooNew: tooNew)
                let loaded = loader.loadRule(index: index, node: document.root)
                sink = take(&loader.sink)
                if let loaded {
                    patternChecks.append(.loadedAlone(LoadedAlone(document: document, loaded: loaded)))
                    if !loaded.isDropped {
                        entries.append(
                            RuleListLints.Entry(
                                index: index, start: start, end: end,
                                isCatchAllIgnore: RuleListLints.isCatchAllIgnore(loaded.rule, parser: parser), source: source))
                        typeCounts[loaded.rule.action.kind.typeIndex] += 1
                        note(loaded.rule.trigger.condition?.kind)
                    }
                }
            }
            index += 1
            scanner.skipSpace()
            guard scanner.position < bytes.count else { return nil }
            let separator = base[scanner.position]
            scanner.position += 1
            if separator == UInt8(ascii: "]") { break }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
        scanner.skipSpace()
        guard scanner.position == bytes.count, index <= target.maximumRuleCount, !entries.isEmpty,
            !(target.refusesMixedDomainAndTopURLConditions && hasDomainCondition && hasTopURLCondition)
        else { return nil }

        let loader = RuleListLoader(target: target)
        var scratch: [UInt16] = []
        for check in patternChecks {
            switch check {
            case .loadedAlone(let rule):
                var ruleLoader = RuleLoader(document: rule.document, target: target, sink: take(&sink), tooNew: tooNew)
                loader.checkPatterns(of: rule.loaded, &ruleLoader, parser: parser, scratch: &scratch)
                sink = take(&ruleLoader.sink)
            case .refused(let index, let refused):
                RuleListLoader.reportRefusedURLFilter(
                    refused.result, refused.decoded(in: base), at: refused.sourceOffset(in: base), rule: index, isDropped: false,
                    sink: &sink)
            }
        }
        RuleListLints.addWarnings(
            entries, sink: &sink,
            sameRule: { first, second in
                let a = entries[first], b = entries[second]
                if a.end - a.start == b.end - b.start, RuleScanner.bytesEqual(base + a.start, base + b.start, a.end - a.start) {
                    return true
                }
                // Texts that differ and hash alike: the rules themselves decide.
                return rule(at: a.start, in: bytes) == rule(at: b.start, in: bytes)
            })
        return Result(ruleCount: index, entries: entries, typeCounts: typeCounts, sink: sink, rulesLoadedAlone: loadedAloneCount)
    }

    /// The rule whose JSON starts at `start`, loaded alone.
    private func rule(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Rule? {
        guard let (document, _) = try? JSONReader().parseValue(in: bytes, at: start, depth: 1) else { return nil }
        var loader = RuleLoader(document: document, target: target, sink: DiagnosticSink(), tooNew: tooNew)
        return loader.loadRule(index: 0, node: document.root)?.rule
    }

    /// Moves the diagnostics out of `sink`, so that the one copy is appended to in place.
    private func take(_ sink: inout DiagnosticSink) -> DiagnosticSink {
        var moved = DiagnosticSink()
        swap(&moved, &sink)
        return moved
    }
}
