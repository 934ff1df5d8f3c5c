extension Minifier {
    /// Upper bounds of what `Writer.run` writes for `tokens[range]`, to size a piece's arrays once: per token at
    /// most a separator and its text (a boolean or `const` written as `!0`/`let` is shorter; a renamed token
    /// writes its new name, or for a shorthand its text, `:` and the name), and at most one mapping segment,
    /// one more for a shorthand and one per line its text continues on.
    ///
    /// The writer never relies on them: past `bytes` it moves to a buffer of its own, past `segments` the
    /// array grows.
    struct WrittenSizeBound {
        private(set) var bytes = 16
        private(set) var segments = 16

        init<Text: TokenText>(_ text: Text, tokens: [JavaScriptToken], range: Range<Int>, renames: IdentifierRenames, countsSegments: Bool)
        {
            // Per rename: the bytes its name adds (with a shorthand's `:`), and whether it is a shorthand.
            var nameCosts: [Int] = []
            var isShorthand: [Bool] = []
            nameCosts.reserveCapacity(renames.table.count)
            isShorthand.reserveCapacity(renames.table.count)
            // Read in place (a rename copied out would retain its name and original name).
            renames.table.withUnsafeBufferPointer { table in
                for index in table.indices {
                    nameCosts.append(table[index].name.count + 1)
                    isShorthand.append(table[index].isShorthand)
                }
            }
            let range = range.clamped(to: tokens.indices)
            var bytes = bytes + range.count
            var segments = segments + range.count
            tokens.withUnsafeBufferPointer { tokens in
                renames.byToken.withUnsafeBufferPointer { byToken in
                    for index in range {
                        let token = tokens[index]
                        bytes += token.end - token.start
                        if index < byToken.count {
                            let rename = Int(byToken[index])
                            if rename >= 0, rename < nameCosts.count {
                                bytes += nameCosts[rename]
                                if isShorthand[rename] { segments += 1 }
                            }
                        }
                        if countsSegments, token.canSpanLines { segments += Self.lineTerminatorCount(text.text(token.start, token.end)) }
                    }
                }
            }
            self.bytes = bytes
            self.segments = countsSegments ? segments : 0
        }

        /// The line terminators in `text` (CR LF counting once), as the writer counts a token's lines. Most strings
        /// and templates have none: a first pass, eight bytes at a time, looks for a byte that may start one.
        static func lineTerminatorCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
            guard mayHoldLineTerminator(text) else { return 0 }
            var count = 0
            var i = 0
            while i < text.count {
                let length = LineTerminator.length(text, at: i, end: text.count)
                if length == 0 {
                    i += 1
                } else {
                    i += length
                    count += 1
                }
            }
            return count
        }

        /// Whether `text` holds LF, CR or `E2` (the first byte of U+2028 and U+2029).
        @inline(__always)
        static func mayHoldLineTerminator(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = text.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            var j = 0
            while text.count - j >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
                if hasByte(word, 0x0A) || hasByte(word, 0x0D) || hasByte(word, 0xE2) { return true }
                j += 8
            }
            while j < text.count {
                let byte = base[j]
                if byte == 0x0A || byte == 0x0D || byte == 0xE2 { return true }
                j += 1
            }
            return false
        }

        /// Whether a byte of `word` is `byte`.
        @inline(__always)
        private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
            let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
        }
    }
}
