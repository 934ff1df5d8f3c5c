extension URLFilterParser {
    /// Parses `pattern` and, when WebKit accepts it, returns its term tree with letters folded to both cases
    /// unless `isCaseSensitive`.
    public func parseTerms(_ pattern: String, isCaseSensitive: Bool) -> (result: URLFilterResult, pattern: URLFilterPattern?) {
        parseTerms(units: Array(pattern.utf16), isCaseSensitive: isCaseSensitive)
    }

    /// Like `parseTerms(_:isCaseSensitive:)`, for UTF-16 code units.
    public func parseTerms(units: [UInt16], isCaseSensitive: Bool) -> (result: URLFilterResult, pattern: URLFilterPattern?) {
        let result = parse(units: units)
        guard result.isAccepted else { return (result, nil) }
        var probe = PatternScanner(units: units, namedGroupMode: false, delegate: URLFilterTermBuilder(isCaseSensitive: isCaseSensitive))
        probe.run()
        var scanner = probe
        if probe.sawNamedGroup {
            scanner = PatternScanner(units: units, namedGroupMode: true, delegate: URLFilterTermBuilder(isCaseSensitive: isCaseSensitive))
            scanner.run()
        }
        let pattern = URLFilterPattern(
            isAnchoredAtStart: scanner.delegate.isAnchoredAtStart, terms: scanner.delegate.terms,
            matchesEverything: result.status == .matchesEverything)
        return (result, pattern)
    }
}
