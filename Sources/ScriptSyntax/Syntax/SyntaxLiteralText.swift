/// The shortest text of a number or string literal, which the printer writes for it when it minifies literals
/// (`SyntaxPrinter.minifiesLiterals`) and the compressor counts on (`TreeMinifier.literalText`). In the syntax stage
/// because the printer writes it (as esbuild's printer picks a string's quote and a number's form).
package enum SyntaxLiteralText {
    /// A number literal in its shortest decimal form (`NumberLiterals`), a string literal with the quote needing the
    /// fewest escapes (`StringLiteralBody`; a template literal only where the printer passes `.templateLiteral`) of the
    /// literal's bytes `raw` (read in place: step 5m); `nil` where the source's text is as short.
    package static func shortest(_ kind: SyntaxKind, _ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if kind == .numberLiteral {
            // Most numbers are short integers, already their shortest spelling.
            if NumberLiterals.isShortestInteger(raw) { return nil }
            guard let shortest = NumberLiterals.shortest(raw), shortest.count < raw.count else { return nil }
            return shortest
        }
        // `.templateLiteral`: a string literal where the printer lets a template literal stand instead.
        let allowsTemplate = kind == .templateLiteral
        guard kind == .stringLiteral || allowsTemplate, raw.count >= 2, let quote = raw.first else { return nil }
        let body = UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)])
        // A body with neither its own quote (plain or escaped) nor a backslash costs nothing as it is and has no
        // `\n` a template could write: most strings (step 5h: the scan read every byte of every string literal,
        // 13 M instructions on the large tree).
        if quote == 0x22 || quote == 0x27, !holds(quote, or: 0x5C, in: body) { return nil }
        guard let content = StringLiteralBody.scan(body), content.cost(quote) > 0 || (allowsTemplate && content.newlines > 0)
        else { return nil }
        let best = content.bestQuote(preferring: quote, allowsTemplate: allowsTemplate)
        guard best != quote else { return nil }
        return Array(StringLiteralBody.encode(body, quote: best).utf8)
    }

    /// Whether `bytes` holds byte `first` or byte `second`: sixteen bytes at a time (the last sixteen overlapping the
    /// ones before), then two words that overlap, then byte by byte.
    package static func holds(_ first: UInt8, or second: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        if count >= 16 {
            let firsts = SIMD16<UInt8>(repeating: first), seconds = SIMD16<UInt8>(repeating: second)
            var offset = 0
            while true {
                let vector = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                let lanes = unsafeBitCast((vector .== firsts) .| (vector .== seconds), to: SIMD2<UInt64>.self)
                if lanes[0] | lanes[1] != 0 { return true }
                if offset == count &- 16 { return false }
                offset = min(offset &+ 16, count &- 16)
            }
        }
        if count >= 8 {
            let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
            let firsts = ones &* UInt64(first), seconds = ones &* UInt64(second)
            // A zero byte of `word ^ firsts` or `word ^ seconds` (the exact test of whether a word has one).
            let head = raw.loadUnaligned(as: UInt64.self), tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            let a = head ^ firsts, b = head ^ seconds, c = tail ^ firsts, d = tail ^ seconds
            return ((a &- ones) & ~a | (b &- ones) & ~b | (c &- ones) & ~c | (d &- ones) & ~d) & highBits != 0
        }
        var i = 0
        while i < count {
            if base[i] == first || base[i] == second { return true }
            i &+= 1
        }
        return false
    }
}
