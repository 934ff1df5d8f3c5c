/// Finds, in one pass over a file's tokens, the `SyntaxFeature`s that single tokens or short token sequences
/// show: `?.`, `??`, logical assignment, numeric separators, BigInt literals, regular expression flags and
/// groups, `catch {`, `for await`, `async function*`, `#x in` and `...` directly inside braces. Class members and
/// async generator methods need the grammar: the parser records those (`ScopeAnalysis.syntaxFeatures`), and
/// `needsParser` says whether the file has any (a `class` keyword, or `async *`).
struct SyntaxFeatureScan {
    private(set) var uses = SyntaxFeatureUses()
    /// Whether the file may hold features only the parser finds.
    private(set) var needsParser = false

    /// Scans `tokens` (comments may be included) of `source` for every feature, or with `target`, for the features
    /// it lacks only (the others may go unrecorded): a target with all that punctuators, keywords, numbers and
    /// private names show has only regular expressions looked into.
    init(_ source: [UInt8], tokens: [JavaScriptToken], lackedBy target: ScriptTarget? = nil) {
        let tokenFeatures: [SyntaxFeature] = [
            .objectRestSpread, .optionalCatchBinding, .forAwait, .asyncGenerator, .numericSeparator,
            .optionalChain, .nullishCoalescing, .bigint, .logicalAssignment, .classPrivateBrandCheck,
        ]
        let readsTokens = target.map { target in tokenFeatures.contains { !target.supports($0) } } ?? true
        source.withUnsafeBytes { bytes in
            tokens.withUnsafeBufferPointer { tokens in
                if readsTokens {
                    scan(bytes, tokens)
                } else {
                    scanRegularExpressionsAndClasses(bytes, tokens)
                }
            }
        }
    }

    /// The regular expressions' features, and whether a class (or `async *`) needs the parser.
    private mutating func scanRegularExpressionsAndClasses(_ bytes: UnsafeRawBufferPointer, _ tokens: UnsafeBufferPointer<JavaScriptToken>)
    {
        var previous = -1
        for k in tokens.indices {
            let token = tokens[k]
            switch token.kind {
            case .regularExpression: regularExpression(bytes, token, at: k)
            case .keyword:
                if !needsParser, token.end - token.start == 5, TokenCode.of(bytes, token.start, token.end) == TokenCode.of("class") {
                    needsParser = true
                }
            case .punctuator:
                if !needsParser, token.end - token.start == 1, previous >= 0, bytes[token.start] == UInt8(ascii: "*"),
                    tokens[previous].kind == .identifier,
                    TokenCode.of(bytes, tokens[previous].start, tokens[previous].end) == TokenCode.of("async")
                {
                    needsParser = true
                }
            case .lineComment, .blockComment, .hashbang:
                continue
            default: break
            }
            previous = k
        }
    }

    private mutating func scan(_ bytes: UnsafeRawBufferPointer, _ tokens: UnsafeBufferPointer<JavaScriptToken>) {
        // Open brackets: `{` 1, `(` or `[` 2, a template substitution 3; a stack no deeper than the tokens are many.
        let open = UnsafeMutablePointer<UInt8>.allocate(capacity: tokens.count + 1)
        defer { open.deallocate() }
        var depth = 0
        func push(_ bracket: UInt8) {
            open[depth] = bracket
            depth += 1
        }
        func pop() { if depth > 0 { depth -= 1 } }
        var previous = -1
        var beforePrevious = -1
        func code(_ k: Int) -> UInt64 {
            k >= 0 && k < tokens.count ? TokenCode.of(bytes, tokens[k].start, tokens[k].end) : 0
        }
        func next(after k: Int) -> Int {
            var j = k + 1
            while j < tokens.count, tokens[j].isComment { j += 1 }
            return j
        }
        for k in tokens.indices {
            let token = tokens[k]
            switch token.kind {
            case .punctuator:
                switch TokenCode.of(bytes, token.start, token.end) {
                case TokenCode.of("{"): push(1)
                case TokenCode.of("("), TokenCode.of("["): push(2)
                case TokenCode.of(")"), TokenCode.of("]"), TokenCode.of("}"): pop()
                case TokenCode.of("?."): uses.record(.optionalChain, at: k)
                case TokenCode.of("??"): uses.record(.nullishCoalescing, at: k)
                case TokenCode.of("??="), TokenCode.of("||="), TokenCode.of("&&="): uses.record(.logicalAssignment, at: k)
                case TokenCode.of("..."): if depth > 0, open[depth - 1] == 1 { uses.record(.objectRestSpread, at: k) }
                case TokenCode.of("*"):
                    if previous >= 0, tokens[previous].kind == .identifier, code(previous) == TokenCode.of("async") {
                        // `async *m() {}` (a method) or `async * x` (a product): the parser tells them apart.
                        needsParser = true
                    } else if previous >= 0, code(previous) == TokenCode.of("function"), beforePrevious >= 0,
                        tokens[beforePrevious].kind == .identifier, code(beforePrevious) == TokenCode.of("async")
                    {
                        uses.record(.asyncGenerator, at: beforePrevious)
                    }
                default: break
                }
            case .templateHead: push(3)
            case .templateTail: pop()
            case .number: number(bytes, token, at: k)
            case .regularExpression: regularExpression(bytes, token, at: k)
            case .keyword:
                switch TokenCode.of(bytes, token.start, token.end) {
                case TokenCode.of("catch"):
                    if code(next(after: k)) == TokenCode.of("{") { uses.record(.optionalCatchBinding, at: k) }
                case TokenCode.of("for"):
                    if code(next(after: k)) == TokenCode.of("await") { uses.record(.forAwait, at: k) }
                case TokenCode.of("class"):
                    needsParser = true
                default: break
                }
            case .privateName:
                let before = previous >= 0 ? code(previous) : 0
                let after = next(after: k)
                if before != TokenCode.of("."), before != TokenCode.of("?."), after < tokens.count,
                    tokens[after].kind == .keyword, code(after) == TokenCode.of("in")
                {
                    uses.record(.classPrivateBrandCheck, at: k)
                }
            case .lineComment, .blockComment, .hashbang:
                continue
            default: break
            }
            beforePrevious = previous
            previous = k
        }
    }

    /// `1_000` and `1n`.
    private mutating func number(_ bytes: UnsafeRawBufferPointer, _ token: JavaScriptToken, at k: Int) {
        guard token.end > token.start, token.end <= bytes.count else { return }
        if bytes[token.end - 1] == UInt8(ascii: "n") { uses.record(.bigint, at: k) }
        var j = token.start
        while j < token.end {
            if bytes[j] == UInt8(ascii: "_") { return uses.record(.numericSeparator, at: k) }
            j += 1
        }
    }

    /// Flags `s`, `y`, `u`, `d`, `v`; `(?<name>` and `(?<=`/`(?<!` outside character classes.
    private mutating func regularExpression(_ bytes: UnsafeRawBufferPointer, _ token: JavaScriptToken, at k: Int) {
        guard token.end <= bytes.count else { return }
        var close = token.end - 1
        while close > token.start, bytes[close] != UInt8(ascii: "/") { close -= 1 }
        guard close > token.start else { return }
        for flag in bytes[(close + 1)..<token.end] {
            switch flag {
            case UInt8(ascii: "s"): uses.record(.regexpDotAllFlag, at: k)
            case UInt8(ascii: "y"), UInt8(ascii: "u"): uses.record(.regexpStickyAndUnicodeFlags, at: k)
            case UInt8(ascii: "d"): uses.record(.regexpMatchIndices, at: k)
            case UInt8(ascii: "v"): uses.record(.regexpSetNotation, at: k)
            default: break
            }
        }
        var j = token.start + 1
        var inClass = false
        while j < close {
            let b = bytes[j]
            if b == UInt8(ascii: "\\") {
                j += 2
                continue
            }
            if inClass {
                if b == UInt8(ascii: "]") { inClass = false }
            } else if b == UInt8(ascii: "[") {
                inClass = true
            } else if b == UInt8(ascii: "("), j + 3 < close, bytes[j + 1] == UInt8(ascii: "?"), bytes[j + 2] == UInt8(ascii: "<") {
                let c = bytes[j + 3]
                uses.record(
                    c == UInt8(ascii: "=") || c == UInt8(ascii: "!") ? .regexpLookbehindAssertions : .regexpNamedCaptureGroups, at: k)
            }
            j += 1
        }
    }
}
