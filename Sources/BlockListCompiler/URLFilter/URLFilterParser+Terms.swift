extension URLFilterParser {
    /// Parses `pattern` and, when WebKit accepts it, returns its term tree with letters folded to both cases
    /// unless `isCaseSensitive`.
    public func parseTerms(_ pattern: String, isCaseSensitive: Bool) -> (result: URLFilterResult, pattern: URLFilterPattern?) {
        parseTerms(units: URLFilterParser.utf16Units(of: pattern), isCaseSensitive: isCaseSensitive)
    }

    /// Like `parseTerms(_:isCaseSensitive:)`, for UTF-16 code units.
    ///
    /// One scan: the term builder feeds WebKit's restrictions (`URLFilterDelegate`) as it goes, so the verdict is
    /// the one `parse(units:)` gives. A url-filter that begins with the converter's host anchor resumes from the
    /// builder's state after that prefix, as `parse(units:)` does.
    public func parseTerms(units: [UInt16], isCaseSensitive: Bool) -> (result: URLFilterResult, pattern: URLFilterPattern?) {
        parseTerms(units: units, isCaseSensitive: isCaseSensitive, resumingHostPrefix: true)
    }

    /// The term-builder state after the host prefix alone, scanned once per case sensitivity.
    private static let hostPrefixTerms = PatternScanner<URLFilterTermBuilder>.scanned(hostPrefix, isCaseSensitive: false)
    private static let caseSensitiveHostPrefixTerms = PatternScanner<URLFilterTermBuilder>.scanned(hostPrefix, isCaseSensitive: true)

    /// `parseTerms(units:isCaseSensitive:)`; `resumingHostPrefix` false always scans from the first unit.
    func parseTerms(units: [UInt16], isCaseSensitive: Bool, resumingHostPrefix: Bool) -> (
        result: URLFilterResult, pattern: URLFilterPattern?
    ) {
        if let refusal = URLFilterParser.refusalBeforeScanning(units) { return (refusal, nil) }
        var scanner: PatternScanner<URLFilterTermBuilder>
        if resumingHostPrefix && Self.resumesAfterHostPrefix(units) {
            scanner = PatternScanner(units: units, resuming: isCaseSensitive ? Self.caseSensitiveHostPrefixTerms : Self.hostPrefixTerms)
        } else {
            scanner = PatternScanner(
                units: units, namedGroupMode: false, delegate: URLFilterTermBuilder(isCaseSensitive: isCaseSensitive, capacity: units.count)
            )
        }
        scanner.run()
        if scanner.sawNamedGroup && scanner.yarrError == nil {
            scanner = PatternScanner(
                units: units, namedGroupMode: true, delegate: URLFilterTermBuilder(isCaseSensitive: isCaseSensitive, capacity: units.count))
            scanner.run()
        }
        let result = URLFilterParser.verdict(
            checker: scanner.delegate.checker, yarrError: scanner.yarrError.map { .init(offset: $0.offset, reason: $0.reason) },
            patternEnd: units.count)
        guard result.isAccepted else { return (result, nil) }
        let pattern = URLFilterPattern(
            isAnchoredAtStart: scanner.delegate.isAnchoredAtStart, terms: scanner.delegate.terms,
            matchesEverything: result.status == .matchesEverything)
        return (result, pattern)
    }
}

extension PatternScanner where Delegate == URLFilterTermBuilder {
    /// A term-builder scan of `units` alone, run to its end.
    fileprivate static func scanned(_ units: [UInt16], isCaseSensitive: Bool) -> PatternScanner {
        var scanner = PatternScanner(
            units: units, namedGroupMode: false, delegate: URLFilterTermBuilder(isCaseSensitive: isCaseSensitive, capacity: units.count))
        scanner.run()
        return scanner
    }
}
