/// Joins string literals added to each other into one: `"a"+"b"` as `"ab"`, and `x+"a"+"b"` as `x+"ab"` (`x+"a"`
/// is always a string, so adding `"b"` to it is adding `"ab"` to `x`). Only literals that are the operands of one
/// `+` are joined, never across an addition that may be numeric (`1+2+"a"`). The joined literal takes the quote
/// needing fewer escapes (see `StringQuotes`). Left alone: a join starting an expression statement (it could become a directive), one
/// where an octal escape would run into a following digit (`"\0"+"1"`), and strings holding line continuations.
struct StringConcatenation<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        // Per left string token: the string token added to it.
        var nextString: [Int32: Int32] = [:]
        var isRight = Set<Int32>()
        for node in syntax.nodes where node.kind == .binary && node.childCount == 2 && text.isPunctuator(tokens[Int(node.op)], "+") {
            let children = syntax.children(node)
            guard let right = stringToken(children[1]) else { continue }
            let left = syntax[children[0]]
            var leftString = stringToken(children[0])
            if leftString == nil, left.kind == .binary, left.childCount == 2, text.isPunctuator(tokens[Int(left.op)], "+") {
                leftString = stringToken(syntax.children(left)[1])
            }
            guard let leftString, leftString + 1 == node.op, node.op + 1 == right else { continue }
            nextString[leftString] = right
            isRight.insert(right)
        }
        guard !nextString.isEmpty else { return }
        // A join starting an expression statement could make it a directive.
        let statementStarts = syntax.expressionStatementStarts()
        for first in nextString.keys.sorted() where !isRight.contains(first) && !statementStarts.contains(first) {
            // The run `first + s1 + s2 ...`, cut where two literals cannot be joined.
            var run = [first]
            var current = first
            while let next = nextString[current] {
                if canJoin(current, next, edits) {
                    run.append(next)
                } else {
                    write(run, &edits)
                    run = [next]
                }
                current = next
            }
            write(run, &edits)
        }
    }

    /// The string token of `index` when it is a lone string literal.
    private func stringToken(_ index: Int32) -> Int32? {
        let node = syntax[index]
        guard node.kind == .literal, node.end == node.first + 1, tokens[Int(node.first)].kind == .string else { return nil }
        return node.first
    }

    private func body(_ k: Int32) -> UnsafeBufferPointer<UInt8> {
        let token = tokens[Int(k)]
        return text.text(token.start + 1, token.end - 1)
    }

    private func canJoin(_ left: Int32, _ right: Int32, _ edits: TokenEdits) -> Bool {
        guard !edits.isEdited(left), !edits.isEdited(left + 1), !edits.isEdited(right) else { return false }
        return Self.canJoin(body(left), body(right))
    }

    /// Whether string bodies `first` and `second` can be written as one: both are read in (`StringLiteralBody`)
    /// and no escape of `first` ends in a digit that a leading digit of `second` would extend (`"\0"+"1"`).
    static func canJoin(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard StringLiteralBody.scan(first) != nil, StringLiteralBody.scan(second) != nil else { return false }
        if let head = second.first, head >= 0x30, head <= 0x39 {
            var i = 0
            while i + 1 < first.count {
                if first[i] == 0x5C {
                    if first[i + 1] >= 0x30, first[i + 1] <= 0x39 { return false }
                    i += 2
                } else {
                    i += 1
                }
            }
        }
        return true
    }

    /// Writes the strings `run` (each the operand of the `+` after the one before) as one literal.
    private func write(_ run: [Int32], _ edits: inout TokenEdits) {
        guard run.count > 1, let first = run.first, let last = run.last,
            let joined = Self.joined(
                run.map(body), firstQuote: text.text(tokens[Int(first)].start, tokens[Int(first)].start + 1)[0],
                allowsTemplate: StringQuotes.allowsTemplate(at: Int(first), before: Int(last) + 1, text: text, tokens: tokens))
        else { return }
        // The literals as the writer would write them, with a `+` between each two.
        let original = run.reduce(run.count - 1) { $0 + tokens[Int($1)].end - tokens[Int($1)].start }
        guard joined.count < original else { return }
        edits.replace(
            first,
            with: [
                edits.text(
                    String(decoding: joined, as: UTF8.self), joined.first == 0x60 ? .template : .string,
                    origin: first)
            ])
        edits.skip((first + 1)..<(last + 1))
    }

    /// The string literal (quotes included) holding `bodies` one after the other, with the quote needing fewer
    /// escapes (`firstQuote`, the first literal's, on a tie; a template literal only where `allowsTemplate`); nil
    /// when a body holds an escape kept out of scope.
    static func joined(_ bodies: [UnsafeBufferPointer<UInt8>], firstQuote: UInt8, allowsTemplate: Bool = false) -> [UInt8]? {
        var content = StringLiteralBody.Content()
        for body in bodies {
            guard let scanned = StringLiteralBody.scan(body) else { return nil }
            content = content + scanned
        }
        let quote = content.bestQuote(preferring: firstQuote, allowsTemplate: allowsTemplate)
        var joined: [UInt8] = [quote]
        for body in bodies {
            // Each body encoded on its own between the chosen quotes, then without them.
            let encoded = Array(StringLiteralBody.encode(body, quote: quote).utf8)
            joined.append(contentsOf: encoded[1..<(encoded.count - 1)])
        }
        joined.append(quote)
        return joined
    }
}
