import ScriptSyntax

/// Literals written shorter: `true` and `false` as `!0` and `!1` (what the token writer does), and string literals
/// added to each other joined (what `StringConcatenation` does to tokens): `"a"+"b"` is `"ab"`, and `x+"a"+"b"` is
/// `x+"ab"` (`x+"a"` is always a string, so adding `"b"` to it is adding `"ab"` to `x`); never across an addition that
/// may be numeric (`1+2+"a"`). The joined literal takes the quote needing fewer escapes. Left alone: a join that would
/// be a whole expression statement (it could become a directive), one where an escape would run into a following
/// digit (`"\0"+"1"`), and strings holding line continuations.
///
/// Joins are made pair by pair, bottom-up, each writing the joined literal whole, so the bytes they write grow with the
/// square of a chain's length: a chain of 100,000 short literals took 66 s and 5 GB. A pass writes at most
/// `joinBudget(sourceSize:)` bytes of joined literals (1 MiB, and 64 bytes more per source byte: far more than the
/// joins of any real file write); past it, the rest of the chain is left as it is written.
extension TreeCompressorPass {
    /// The bytes of joined literals a pass over a source of `sourceSize` bytes may write.
    static func joinBudget(sourceSize: Int) -> Int { (1 << 20) + 64 * sourceSize }

    /// `!0` for `true`, `!1` for `false`.
    mutating func shortBoolean(_ id: Int32) -> Int32 {
        let range = tree[id].range
        let digit = tree.appendSynthetic(.numberLiteral, text: tree.bytes(id).first == UInt8(ascii: "t") ? "0" : "1", at: range)
        return tree.appendNode(.unaryExpression, op: .not, at: range, a: digit)
    }

    /// Addition `id` with its string literals joined.
    mutating func joinStrings(_ id: Int32) -> Int32 {
        let node = tree[id]
        guard tree[node.b].kind == .stringLiteral else { return id }
        let left = tree[node.a]
        if left.kind == .stringLiteral {
            guard id != statementExpression, let joined = joinedLiteral(node.a, node.b, at: node.range) else { return id }
            return joined
        }
        guard left.kind == .binaryExpression, left.operator == .add, tree[left.b].kind == .stringLiteral,
            let joined = joinedLiteral(left.b, node.b, at: SourceRange(start: Int(tree[left.b].start), end: Int(node.end)))
        else { return id }
        return tree.appendNode(.binaryExpression, op: .add, at: node.range, a: left.a, b: joined)
    }

    /// One string literal of the text of `first` followed by that of `second`; nil where that is not safe (see the
    /// extension's description).
    mutating func joinedLiteral(_ first: Int32, _ second: Int32, at range: SourceRange) -> Int32? {
        let x = Array(tree.bytes(first)), y = Array(tree.bytes(second))
        guard x.count >= 2, y.count >= 2, let quote = x.first, x.count + y.count <= joinBudget else { return nil }
        // An escape at the end of the first (`\0`, `\x4`) must not take a digit of the second.
        if let next = y.dropFirst().first, next >= 0x30, next <= 0x39, x.suffix(5).contains(0x5C) { return nil }
        let text: String? = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                let bodyX = UnsafeBufferPointer(rebasing: xs[1..<(xs.count - 1)])
                let bodyY = UnsafeBufferPointer(rebasing: ys[1..<(ys.count - 1)])
                guard let contentX = StringLiteralBody.scan(bodyX), let contentY = StringLiteralBody.scan(bodyY) else { return nil }
                let chosen = (contentX + contentY).bestQuote(preferring: quote, allowsTemplate: false)
                return String(StringLiteralBody.encode(bodyX, quote: chosen).dropLast())
                    + String(StringLiteralBody.encode(bodyY, quote: chosen).dropFirst())
            }
        }
        guard let text else { return nil }
        joinBudget -= x.count + y.count
        return tree.appendSynthetic(.stringLiteral, text: text, at: range)
    }
}
