/// Checks a pattern against the regular-expression subset of WebKit's content-blocker compiler.
///
/// It parses the pattern with the syntax of JavaScriptCore's YARR parser in legacy (non-Unicode, Annex B) mode and
/// applies the restrictions of WebKit's `URLFilterParser` delegate, so the status, and the first construct refused,
/// are the ones WebKit 2.50 reports. A YARR syntax error wins over any earlier refusal, as in WebKit.
public struct URLFilterParser: Sendable {
    /// YARR's pattern size limit.
    public static let maximumPatternLength = 1 << 20

    /// Creates a parser.
    public init() {}

    /// Parses `pattern`.
    public func parse(_ pattern: String) -> URLFilterResult {
        parse(units: URLFilterParser.utf16Units(of: pattern))
    }

    /// `Array(text.utf16)`, copied byte for byte when the text is ASCII (the common case: the generic copy
    /// through the UTF-16 view walks scalar by scalar).
    static func utf16Units(of text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { buffer in
            for byte in buffer where byte >= 0x80 { return Array(String(decoding: buffer, as: UTF8.self).utf16) }
            return [UInt16](unsafeUninitializedCapacity: buffer.count) { units, count in
                for index in buffer.indices { units[index] = UInt16(buffer[index]) }
                count = buffer.count
            }
        }
    }

    /// Parses a pattern given as UTF-16 code units.
    public func parse(units: [UInt16]) -> URLFilterResult {
        parse(units: units, resumingHostPrefix: true)
    }

    /// The host anchor the filter-list converter begins most url-filters with (`URLPatternTranslator`'s
    /// `hostAnchorPrefix`: 101,628 of the 112,017 url-filters of the converted EasyList + EasyPrivacy).
    static let hostPrefix = Array(#"^[^:]*://([^/:@]*\.)?"#.utf16)

    /// The scanner and delegate state after the host prefix alone, scanned once.
    static let hostPrefixScan: PatternScanner<URLFilterDelegate> = {
        var scanner = PatternScanner(units: hostPrefix, namedGroupMode: false, delegate: URLFilterDelegate())
        scanner.run()
        return scanner
    }()

    /// Whether a scan of `units` can start from `hostPrefixScan`: the units begin with the host prefix and go on
    /// with a lower-case letter or a digit. The prefix ends with `)?`, whose quantifier a following `?` would make
    /// lazy; after a letter or digit, every construct of the prefix reads the same as it did alone.
    static func resumesAfterHostPrefix(_ units: [UInt16]) -> Bool {
        let prefix = hostPrefix
        guard units.count > prefix.count else { return false }
        let next = units[prefix.count]
        guard (next >= 0x61 && next <= 0x7A) || (next >= 0x30 && next <= 0x39) else { return false }
        return units.withUnsafeBufferPointer { buffer in
            prefix.withUnsafeBufferPointer { expected in
                for index in 0..<expected.count where buffer[index] != expected[index] { return false }
                return true
            }
        }
    }

    /// Parses `units`; `resumingHostPrefix` false always scans from the first unit (the path the shortcut is
    /// tested against).
    func parse(units: [UInt16], resumingHostPrefix: Bool) -> URLFilterResult {
        if let refusal = URLFilterParser.refusalBeforeScanning(units) { return refusal }
        var scanner: PatternScanner<URLFilterDelegate>
        if resumingHostPrefix && Self.resumesAfterHostPrefix(units) {
            scanner = PatternScanner(units: units, resuming: Self.hostPrefixScan)
        } else {
            scanner = PatternScanner(units: units, namedGroupMode: false, delegate: URLFilterDelegate())
        }
        scanner.run()
        if scanner.sawNamedGroup && scanner.yarrError == nil {
            scanner = PatternScanner(units: units, namedGroupMode: true, delegate: URLFilterDelegate())
            scanner.run()
        }
        return URLFilterParser.verdict(checker: scanner.delegate, yarrError: scanner.yarrError, patternEnd: units.count)
    }

    /// The verdict on units refused before any scan (non-ASCII, empty, longer than YARR's limit), or nil.
    static func refusalBeforeScanning(_ units: [UInt16]) -> URLFilterResult? {
        if let index = units.firstIndex(where: { $0 >= 0x80 }) {
            return URLFilterResult(
                status: .nonASCII, offset: index, reason: "non-ASCII character; only ASCII is supported (percent-encode or use punycode)")
        }
        if units.isEmpty {
            return URLFilterResult(status: .emptyPattern, offset: 0, reason: "the pattern is empty")
        }
        if units.count > URLFilterParser.maximumPatternLength {
            return URLFilterResult(
                status: .yarrError, offset: 0,
                reason: "the pattern is longer than YARR's limit of \(URLFilterParser.maximumPatternLength) characters")
        }
        return nil
    }

    /// The verdict once a scan is over: a crash of WebKit's parser wins, then a YARR syntax error, then the
    /// delegate's own.
    static func verdict(checker: URLFilterDelegate, yarrError: PatternScanner<URLFilterDelegate>.SyntaxError?, patternEnd: Int)
        -> URLFilterResult
    {
        if checker.status == .crashesWebKit {
            return URLFilterResult(status: .crashesWebKit, offset: checker.offset, reason: checker.reason)
        }
        if let error = yarrError {
            return URLFilterResult(status: .yarrError, offset: error.offset, reason: error.reason)
        }
        var checker = checker
        return checker.finish(patternEnd: patternEnd)
    }
}

/// The restrictions of WebKit's `URLFilterParser` delegate, fed by the YARR-syntax scanner.
struct URLFilterDelegate: PatternDelegate, Sendable {
    private struct Term {
        var start: Int
        var canMatchEmpty: Bool
        var isEndOfLine: Bool
    }

    private var floating: Term?
    private var sunkCount = 0
    private var allSunkCanMatchEmpty = true
    private var openGroups: [(start: Int, allCanMatchEmpty: Bool)] = []
    private var endOfLineOffset: Int?
    private var processedEndOfLine = false
    private(set) var status: URLFilterStatus = .ok
    private(set) var offset: Int?
    private(set) var reason: String?

    private var hasError: Bool { status != .ok }

    mutating func fail(_ status: URLFilterStatus, at offset: Int, _ reason: String) {
        guard !hasError else { return }
        self.status = status
        self.offset = offset
        self.reason = reason
    }

    private mutating func sinkFloatingTerm() {
        guard let term = floating else { return }
        if processedEndOfLine {
            fail(
                .misplacedEndOfLine, at: term.start,
                "'$' at column \((endOfLineOffset ?? 0) + 1) must be the last term, but a term follows it")
            floating = nil
            return
        }
        if term.isEndOfLine { processedEndOfLine = true }
        if openGroups.isEmpty {
            sunkCount += 1
            allSunkCanMatchEmpty = allSunkCanMatchEmpty && term.canMatchEmpty
        } else {
            openGroups[openGroups.count - 1].allCanMatchEmpty = openGroups[openGroups.count - 1].allCanMatchEmpty && term.canMatchEmpty
        }
        floating = nil
    }

    mutating func character(_ value: UInt32, at start: Int) {
        guard !hasError else { return }
        if value >= 0x80 {
            fail(.nonASCII, at: start, "the escape produces a non-ASCII character; only ASCII is supported")
            return
        }
        if value == 0 {
            // WebKit encodes the end-of-line assertion as the character NUL, so a NUL is an end-of-line term.
            endOfLine(at: start)
            return
        }
        sinkFloatingTerm()
        floating = Term(start: start, canMatchEmpty: false, isEndOfLine: false)
    }

    mutating func dot(at start: Int) {
        guard !hasError else { return }
        sinkFloatingTerm()
        floating = Term(start: start, canMatchEmpty: false, isEndOfLine: false)
    }

    mutating func builtInClass(at start: Int, _ name: String) {
        guard !hasError else { return }
        sinkFloatingTerm()
        fail(.unsupportedCharacterClass, at: start, "the character class '\(name)' is not supported; use an explicit set such as [0-9]")
    }

    mutating func quantify(minimum: UInt64, maximum: UInt64?, at start: Int) {
        guard !hasError else { return }
        if minimum == 0 && maximum == 1 || minimum == 0 && maximum == nil {
            floating?.canMatchEmpty = true
        } else if minimum == 1 && maximum == nil {
            // One or more: unchanged.
        } else {
            fail(.invalidQuantifier, at: start, "counted repetition is not supported; only '?', '*' and '+' (or {0,1}, {0,}, {1,}) are")
        }
    }

    mutating func backReference(at start: Int) {
        fail(.backReference, at: start, "backreferences are not supported")
    }

    mutating func startOfLine(at start: Int) {
        guard !hasError else { return }
        if floating != nil || sunkCount > 0 || !openGroups.isEmpty {
            fail(.misplacedStartOfLine, at: start, "'^' is only allowed as the very first term (not inside a group)")
        }
    }

    mutating func endOfLine(at start: Int) {
        guard !hasError else { return }
        sinkFloatingTerm()
        floating = Term(start: start, canMatchEmpty: true, isEndOfLine: true)
        endOfLineOffset = start
    }

    mutating func wordBoundary(at start: Int) {
        fail(.wordBoundary, at: start, "word boundary assertions (\\b, \\B) are not supported")
    }

    mutating func characterClassBegin(at start: Int) {
        guard !hasError else { return }
        sinkFloatingTerm()
        floating = Term(start: start, canMatchEmpty: false, isEndOfLine: false)
    }

    mutating func characterClassBuiltIn(at start: Int, _ name: String) {
        fail(.atomCharacter, at: start, "'\(name)' inside a character set is not supported; list the characters or ranges instead")
    }

    mutating func characterClassCharacter(_ value: UInt32, at start: Int) {
        guard !hasError else { return }
        if value >= 0x80 {
            fail(.nonASCII, at: start, "the escape produces a non-ASCII character; only ASCII is supported")
        }
    }

    /// A character range that reaches past ASCII: WebKit 2.50 aborts on it.
    mutating func rangeBeyondASCII(at start: Int) {
        guard !hasError else { return }
        status = .crashesWebKit
        offset = start
        reason = "a character range reaching past ASCII makes WebKit crash (SIGABRT); keep ranges within \\x00-\\x7F"
    }

    /// Ends a character set; a set holding only NUL is an end-of-line term for WebKit.
    mutating func characterClassEnd(onlyNUL: Bool) {
        guard !hasError, onlyNUL, let term = floating else { return }
        floating = Term(start: term.start, canMatchEmpty: true, isEndOfLine: true)
        endOfLineOffset = term.start
    }

    mutating func groupBegin(at start: Int) {
        guard !hasError else { return }
        sinkFloatingTerm()
        openGroups.append((start, true))
    }

    mutating func unsupportedGroup(at start: Int, _ kind: String) {
        fail(.group, at: start, "\(kind) groups are not supported")
    }

    mutating func groupEnd(at start: Int) {
        guard !hasError else { return }
        sinkFloatingTerm()
        guard let group = openGroups.popLast() else { return }
        floating = Term(start: group.start, canMatchEmpty: group.allCanMatchEmpty, isEndOfLine: false)
    }

    mutating func disjunction(at start: Int) {
        fail(.disjunction, at: start, "'|' (alternatives) is not supported; write one rule per alternative")
    }

    /// The final verdict once the whole pattern was scanned without a YARR error.
    mutating func finish(patternEnd: Int) -> URLFilterResult {
        if !hasError { sinkFloatingTerm() }
        if hasError { return URLFilterResult(status: status, offset: offset, reason: reason) }
        if allSunkCanMatchEmpty {
            return URLFilterResult(
                status: .matchesEverything, offset: nil, reason: "every term can match the empty string, so the pattern matches every URL")
        }
        return URLFilterResult(status: .ok, offset: nil, reason: nil)
    }
}
