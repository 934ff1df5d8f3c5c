import ScriptSyntax

/// Comparisons written shorter (what `TypeofComparisons` and `UndefinedReferences` do to tokens):
/// - two strings compare the same with `==` as with `===`: `typeof x === "string"` is `typeof x=="string"` (an operand
///   is a string when it is a `typeof` expression or a string literal; one side must be `typeof`);
/// - of the strings `typeof` gives only `"undefined"` sorts after `"u"`: `typeof x == "undefined"` is `typeof x>"u"`
///   (`<"u"` for `!=` and `!==`);
/// - the global `undefined` compared with `==`, `!=`, `===` or `!==` (where it is never assigned to) is `void 0`: only a
///   name that resolves to no declaration, in a file without `with` or a direct `eval`.
extension TreeCompressorPass {
    /// The rewrites of a binary expression whose operands are compressed.
    mutating func rewriteBinary(_ id: Int32) -> Int32 {
        let node = tree[id]
        switch node.operator {
        case .equal, .notEqual, .strictEqual, .strictNotEqual:
            if does(.undefinedReferences) { replaceUndefinedOperands(id) }
            return does(.typeofComparisons) ? shortTypeofComparison(id) : id
        case .add:
            return does(.stringConcatenation) ? joinStrings(id) : id
        default:
            return id
        }
    }

    /// Replaces a free `undefined` operand of comparison `id` with `void 0`.
    mutating func replaceUndefinedOperands(_ id: Int32) {
        guard !isDynamic else { return }
        var node = tree[id]
        if isGlobalUndefined(node.a) { node.a = voidZero(at: tree[node.a].range) }
        if isGlobalUndefined(node.b) { node.b = voidZero(at: tree[node.b].range) }
        tree.replace(id, with: node)
    }

    /// Whether `id` is the name `undefined` resolving to no declaration.
    func isGlobalUndefined(_ id: Int32) -> Bool {
        let node = tree[id]
        guard node.kind == .identifier, node.b >= 0, tree.references[Int(node.b)].symbol < 0 else { return false }
        return tree.names[Int(node.a)] == "undefined"
    }

    /// `void 0` at `range`.
    mutating func voidZero(at range: SourceRange) -> Int32 {
        let zero = tree.appendSynthetic(.numberLiteral, text: "0", at: range)
        return tree.appendNode(.unaryExpression, op: .void, at: range, a: zero)
    }

    /// Comparison `id` of two strings, one of them `typeof`: `==`/`!=` for `===`/`!==`, and `>"u"`/`<"u"` for a
    /// comparison with `"undefined"`.
    mutating func shortTypeofComparison(_ id: Int32) -> Int32 {
        var node = tree[id]
        let left = tree[node.a], right = tree[node.b]
        let leftTypeof = left.kind == .unaryExpression && left.operator == .typeof
        let rightTypeof = right.kind == .unaryExpression && right.operator == .typeof
        guard leftTypeof || rightTypeof, leftTypeof || left.kind == .stringLiteral, rightTypeof || right.kind == .stringLiteral
        else { return id }
        let equal = node.operator == .equal || node.operator == .strictEqual
        let literal = leftTypeof ? node.b : node.a
        if tree[literal].kind == .stringLiteral, isUndefinedText(tree.bytes(literal)) {
            let u = tree.appendSynthetic(.stringLiteral, text: "\"u\"", at: tree[literal].range)
            // `typeof x > "u"`, or `"u" < typeof x` with the literal first.
            if leftTypeof {
                node.b = u
                node.op = (equal ? SyntaxOperator.greater : .less).rawValue
            } else {
                node.a = u
                node.op = (equal ? SyntaxOperator.less : .greater).rawValue
            }
        } else {
            node.op = (equal ? SyntaxOperator.equal : .notEqual).rawValue
        }
        tree.replace(id, with: node)
        return id
    }

    /// Whether a string literal's text is `"undefined"` or `'undefined'`.
    func isUndefinedText(_ text: ArraySlice<UInt8>) -> Bool {
        text.count == 11 && text.dropFirst().dropLast().elementsEqual("undefined".utf8)
    }
}
