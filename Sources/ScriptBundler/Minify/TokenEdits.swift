/// The changes the minifier's passes make to a token stream: ranges of tokens left out, and tokens written as
/// other entries (written text, or a range of tokens moved there). `apply` makes the edited stream the writer
/// writes, each token keeping the original position it maps to.
struct TokenEdits {
    enum Entry: Equatable {
        /// Written text `texts[index]` of `kind`, mapped to the position of token `origin`.
        case text(Int32, JavaScriptToken.Kind, origin: Int32)
        /// Tokens `first..<end`, with their own edits.
        case span(Int32, Int32)
    }

    /// Per first token of a left-out range: the token after it (-1: none). Indexed by token, grown as edits
    /// come (a negative token, which no pass makes, would go to `otherSkips`).
    private var skipEnds: [Int32] = []
    /// Per token written otherwise: the index in `entryLists` of what is written in its place (-1: none).
    private var replacementSlots: [Int32] = []
    private var entryLists: [[Entry]] = []
    private var otherSkips: [Int32: Int32] = [:]
    private var otherReplacements: [Int32: [Entry]] = [:]
    private var editCount = 0
    private(set) var texts: [[UInt8]] = []

    /// No edits yet, for a stream of about `tokenCount` tokens (storage for them is made at once).
    init(tokenCount: Int = 0) {
        if tokenCount > 0 {
            skipEnds = [Int32](repeating: -1, count: tokenCount)
            replacementSlots = [Int32](repeating: -1, count: tokenCount)
        }
    }

    var isEmpty: Bool { editCount == 0 }

    /// Per first token of a left-out range: the token after it.
    func skipEnd(at token: Int32) -> Int32? {
        guard token >= 0 else { return otherSkips[token] }
        let k = Int(token)
        guard k < skipEnds.count, skipEnds[k] >= 0 else { return nil }
        return skipEnds[k]
    }

    /// Per token written otherwise: what is written in its place.
    func replacement(of token: Int32) -> [Entry]? {
        guard token >= 0 else { return otherReplacements[token] }
        let k = Int(token)
        guard k < replacementSlots.count, replacementSlots[k] >= 0 else { return nil }
        return entryLists[Int(replacementSlots[k])]
    }

    /// Leaves out tokens `range`.
    mutating func skip(_ range: Range<Int32>) {
        guard !range.isEmpty else { return }
        let first = range.lowerBound
        guard first >= 0 else {
            if otherSkips.updateValue(range.upperBound, forKey: first) == nil { editCount += 1 }
            return
        }
        let k = Int(first)
        grow(to: k + 1)
        if skipEnds[k] < 0 { editCount += 1 }
        skipEnds[k] = range.upperBound
    }

    /// Writes `entries` in place of `token` (nothing, when empty).
    mutating func replace(_ token: Int32, with entries: [Entry]) {
        guard token >= 0 else {
            if otherReplacements.updateValue(entries, forKey: token) == nil { editCount += 1 }
            return
        }
        let k = Int(token)
        grow(to: k + 1)
        if replacementSlots[k] >= 0 {
            entryLists[Int(replacementSlots[k])] = entries
        } else {
            replacementSlots[k] = Int32(truncatingIfNeeded: entryLists.count)
            entryLists.append(entries)
            editCount += 1
        }
    }

    private mutating func grow(to count: Int) {
        guard count > skipEnds.count else { return }
        let added = max(count, skipEnds.count * 2) - skipEnds.count
        skipEnds.append(contentsOf: repeatElement(-1, count: added))
        replacementSlots.append(contentsOf: repeatElement(-1, count: added))
    }

    func isEdited(_ token: Int32) -> Bool {
        guard token >= 0 else { return otherReplacements[token] != nil || otherSkips[token] != nil }
        let k = Int(token)
        // `skipEnds` and `replacementSlots` always have the same count.
        return k < skipEnds.count && (skipEnds[k] >= 0 || replacementSlots[k] >= 0)
    }

    /// Whether exactly `range` is left out.
    func isSkipped(_ range: Range<Int32>) -> Bool { skipEnd(at: range.lowerBound) == range.upperBound }

    /// The first and last tokens of every range written elsewhere (`Entry.span`): what stands next to them where
    /// they are written is not what stands next to them in the stream.
    var movedSpanBounds: TokenIndexSet {
        var result = TokenIndexSet()
        func add(_ entries: [Entry]) {
            for case .span(let first, let end) in entries where end > first {
                result.insert(first)
                result.insert(end - 1)
            }
        }
        // Every list is a live replacement (a token replaced again reuses its list's slot).
        for entries in entryLists { add(entries) }
        for entries in otherReplacements.values { add(entries) }
        return result
    }

    /// The ranges written elsewhere (`Entry.span`).
    var movedSpans: Set<Range<Int32>> {
        var result = Set<Range<Int32>>()
        for entries in replacementLists {
            for case .span(let first, let end) in entries where end > first { result.insert(first..<end) }
        }
        return result
    }

    /// The tokens right after each left-out range.
    var skippedRangeEnds: TokenIndexSet {
        var result = TokenIndexSet(otherSkips.values)
        for end in skipEnds where end >= 0 { result.insert(end) }
        return result
    }

    /// Every live replacement list (a token replaced again reuses its list's slot).
    private var replacementLists: [[Entry]] { entryLists + Array(otherReplacements.values) }

    /// The first tokens (`firsts`) and the last tokens (`lasts`) of the ranges written elsewhere.
    var movedSpanEnds: (firsts: TokenIndexSet, lasts: TokenIndexSet) {
        var firsts = TokenIndexSet(), lasts = TokenIndexSet()
        for entries in replacementLists {
            for case .span(let first, let end) in entries where end > first {
                firsts.insert(first)
                lasts.insert(end - 1)
            }
        }
        return (firsts, lasts)
    }

    /// An entry writing `text` as a token of `kind` at the position of `origin`.
    mutating func text(_ text: String, _ kind: JavaScriptToken.Kind, origin: Int32) -> Entry {
        texts.append(Array(text.utf8))
        return .text(Int32(truncatingIfNeeded: texts.count - 1), kind, origin: origin)
    }

    /// The edited stream of `tokens`; written text is placed from offset `textBase` on (after the text the
    /// tokens point into). `range` (the tokens to write) moves with the edits.
    func apply(to tokens: [JavaScriptToken], textBase: Int, range: Range<Int>) -> EditedTokens {
        var result = EditedTokens()
        // At most every token, plus what replacements write: the edited stream (kept by `MinifierPassMemo`) never
        // grows past its storage.
        let capacity = tokens.count + replacementTokenBound
        result.tokens.reserveCapacity(capacity)
        result.origins.reserveCapacity(capacity)
        result.isOriginal.reserveCapacity(capacity)
        var textOffsets: [Int] = []
        var offset = textBase
        for text in texts {
            textOffsets.append(offset)
            offset += text.count
            result.text.append(contentsOf: text)
        }
        var natural = 0
        var bounds = (lower: -1, upper: -1)
        applySpan(
            0..<tokens.count, tokens: tokens, textOffsets: textOffsets, into: &result, natural: &natural,
            range: range, bounds: &bounds)
        let lower = bounds.lower >= 0 ? bounds.lower : result.tokens.count
        let upper = bounds.upper >= 0 ? bounds.upper : result.tokens.count
        result.range = lower..<max(lower, upper)
        return result
    }

    /// An upper bound of the tokens replacements write: one per written text, the length of each moved span.
    private var replacementTokenBound: Int {
        var count = 0
        for entries in entryLists { count += Self.tokenBound(entries) }
        for entries in otherReplacements.values { count += Self.tokenBound(entries) }
        return count
    }

    private static func tokenBound(_ entries: [Entry]) -> Int {
        var count = 0
        for entry in entries {
            switch entry {
            case .text: count += 1
            case .span(let first, let end): count += max(0, Int(end) - Int(first))
            }
        }
        return count
    }

    /// Writes tokens `span` with their edits into `result`. `natural` is the token that would come next without
    /// edits (it keeps its line break; a moved token does not); `range`'s bounds are found at the top level.
    private func applySpan(
        _ span: Range<Int>, tokens: [JavaScriptToken], textOffsets: [Int], into result: inout EditedTokens, natural: inout Int,
        range: Range<Int>?, bounds: inout (lower: Int, upper: Int)
    ) {
        var k = span.lowerBound
        // A line break before a left-out range passes to what follows it.
        var pendingNewline = false
        var none = (lower: 0, upper: 0)
        while k < span.upperBound {
            if let range {
                if bounds.lower < 0, k >= range.lowerBound { bounds.lower = result.tokens.count }
                if bounds.upper < 0, k >= range.upperBound { bounds.upper = result.tokens.count }
            }
            let k32 = Int32(truncatingIfNeeded: k)
            if let end = skipEnd(at: k32), Int(end) > k {
                if k == natural { pendingNewline = pendingNewline || tokens[k].newlineBefore }
                k = min(Int(end), span.upperBound)
                if natural >= 0 { natural = k }
                continue
            }
            let isNatural = k == natural
            if let entries = replacement(of: k32) {
                var first = true
                for entry in entries {
                    switch entry {
                    case .text(let index, let kind, let origin):
                        let o = Int(origin)
                        let source = o >= 0 && o < tokens.count ? tokens[o] : tokens[k]
                        let text = texts[Int(index)]
                        let newline = first && isNatural ? tokens[k].newlineBefore || pendingNewline : false
                        let start = textOffsets[Int(index)]
                        result.tokens.append(
                            JavaScriptToken(
                                kind: kind, start: start, end: start + text.count, line: source.line, column: source.column,
                                newlineBefore: newline))
                        result.origins.append(o >= 0 && o < tokens.count ? origin : k32)
                        result.isOriginal.append(false)
                    case .span(let a, let b):
                        var inner = -1
                        let count = result.tokens.count
                        applySpan(
                            Int(a)..<Int(b), tokens: tokens, textOffsets: textOffsets, into: &result, natural: &inner,
                            range: nil, bounds: &none)
                        // The replaced token's line break (and one passed to it) goes to the span's first token.
                        if first, isNatural, tokens[k].newlineBefore || pendingNewline, count < result.tokens.count {
                            let t = result.tokens[count]
                            result.tokens[count] = JavaScriptToken(
                                kind: t.kind, start: t.start, end: t.end, line: t.line, column: t.column, newlineBefore: true)
                        }
                    }
                    first = false
                }
                pendingNewline = entries.isEmpty && isNatural && (pendingNewline || tokens[k].newlineBefore)
                k += 1
                natural = k
                continue
            }
            let token = tokens[k]
            let newline = isNatural ? token.newlineBefore || pendingNewline : false
            pendingNewline = false
            result.tokens.append(
                newline == token.newlineBefore
                    ? token
                    : JavaScriptToken(
                        kind: token.kind, start: token.start, end: token.end, line: token.line, column: token.column, newlineBefore: newline
                    ))
            result.origins.append(k32)
            result.isOriginal.append(true)
            k += 1
            natural = k
            // The tokens up to the next edit (or bound to record) are written as they are: copied as one run.
            var end = k
            var stop = span.upperBound
            if let range {
                if bounds.lower < 0, range.lowerBound >= k { stop = min(stop, range.lowerBound) }
                if bounds.upper < 0, range.upperBound >= k { stop = min(stop, range.upperBound) }
            }
            stop = min(stop, skipEnds.count)
            skipEnds.withUnsafeBufferPointer { skips in
                replacementSlots.withUnsafeBufferPointer { slots in
                    while end < stop, skips[end] < 0, slots[end] < 0 { end += 1 }
                }
            }
            if end > k {
                result.tokens.append(contentsOf: tokens[k..<end])
                result.origins.append(contentsOf: Int32(truncatingIfNeeded: k)..<Int32(truncatingIfNeeded: end))
                result.isOriginal.append(contentsOf: repeatElement(true, count: end - k))
                k = end
                natural = k
            }
        }
    }
}

/// A token stream after `TokenEdits`: per token, the original token it is (`isOriginal`) or whose position its
/// written text maps to (`origins`); written text is `text`, placed after the original text.
struct EditedTokens {
    var tokens: [JavaScriptToken] = []
    var origins: [Int32] = []
    var isOriginal: [Bool] = []
    var text: [UInt8] = []
    var range: Range<Int> = 0..<0
}
