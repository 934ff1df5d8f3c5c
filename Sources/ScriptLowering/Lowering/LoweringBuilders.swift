import ScriptSyntax

/// Node constructors for the rewrites, and `capture`, which makes an operand readable twice. Every built node
/// takes the range of the node it stands for (`at`).
extension LoweringPass {
    package mutating func node(
        _ kind: SyntaxKind, op: SyntaxOperator? = nil, flags: SyntaxFlags = [], at range: SourceRange,
        a: Int32 = SyntaxTree.none, b: Int32 = SyntaxTree.none, c: Int32 = SyntaxTree.none
    ) -> Int32 {
        tree.appendNode(kind, op: op, flags: flags, at: range, a: a, b: b, c: c)
    }

    /// A reference to `name` (a temporary, a helper or a global).
    package mutating func identifier(_ name: String, at range: SourceRange) -> Int32 {
        tree.appendSynthetic(.identifier, text: name, at: range)
    }

    /// `void 0`.
    mutating func undefinedValue(at range: SourceRange) -> Int32 {
        let zero = tree.appendSynthetic(.numberLiteral, text: "0", at: range)
        return node(.unaryExpression, op: .void, at: range, a: zero)
    }

    /// `x == null` (or `x != null` when `negated`).
    mutating func isNullish(_ value: Int32, negated: Bool = false, at range: SourceRange) -> Int32 {
        let null = tree.appendSynthetic(.nullLiteral, text: "null", at: range)
        return node(.binaryExpression, op: negated ? .notEqual : .equal, at: range, a: value, b: null)
    }

    mutating func conditional(_ test: Int32, _ consequent: Int32, _ alternate: Int32, at range: SourceRange) -> Int32 {
        node(.conditionalExpression, at: range, a: test, b: consequent, c: alternate)
    }

    package mutating func assignment(_ target: Int32, _ value: Int32, op: SyntaxOperator = .assign, at range: SourceRange) -> Int32 {
        node(.assignmentExpression, op: op, at: range, a: target, b: value)
    }

    /// `object.name` (a non-computed member with a built name).
    package mutating func member(_ object: Int32, _ name: String, at range: SourceRange) -> Int32 {
        let property = tree.appendSynthetic(.identifierName, text: name, at: range)
        return node(.memberExpression, at: range, a: object, b: property)
    }

    package mutating func call(_ callee: Int32, _ arguments: [Int32], at range: SourceRange) -> Int32 {
        node(.callExpression, at: range, a: callee, b: tree.appendList(arguments))
    }

    /// A copy of a leaf (an identifier keeps its name and reference index; `this` and literals their text).
    package mutating func copy(_ id: Int32) -> Int32 {
        tree.append(tree[id])
    }

    /// Whether `id` reads the same value when evaluated again right away, without effects: a name (as esbuild
    /// does, a global too), `this`, a literal.
    func isRereadable(_ id: Int32) -> Bool {
        switch tree[id].kind {
        case .identifier, .thisExpression, .numberLiteral, .stringLiteral, .nullLiteral, .booleanLiteral: true
        default: false
        }
    }

    /// `value` for its first evaluation and a node that reads it again: `value` and a copy when it is rereadable,
    /// else `(_a = value)` and `_a` with a new temporary.
    package mutating func capture(_ value: Int32) -> (first: Int32, again: Int32) {
        if isRereadable(value) { return (value, copy(value)) }
        let range = tree[value].range
        let name = temporary()
        let target = identifier(name, at: range)
        return (assignment(target, value, at: range), identifier(name, at: range))
    }

    /// The property of a member access `id`, made readable twice: a name or private name as is (copied), a
    /// computed key captured.
    mutating func captureProperty(of id: Int32) -> (first: Int32, again: Int32) {
        let node = tree[id]
        if node.flags.contains(.computed) {
            let key = visit(node.b)
            return capture(key)
        }
        return (node.b, copy(node.b))
    }
}
