/// `new` written shorter (what `ErrorConstructorCalls` and `NewArguments` do to tokens):
/// - `new Error(m)` is `Error(m)` for the global error constructors (`Error`, `TypeError`, `RangeError`,
///   `SyntaxError`, `ReferenceError`, `EvalError`, `URIError`, `AggregateError`), which called as functions create the
///   same object as with `new` (ECMA-262 says so of each): only a name that resolves to no declaration, in a file
///   without `with` or a direct `eval`, and not the callee of another `new` (`new new Error()()`);
/// - `new C()` is `new C` (the same construction without arguments), for a callee of names and `.name` steps that is
///   not itself the callee of a `new`. The printer parenthesizes `(new C).x` where a member or call follows.
extension TreeCompressorPass {
    /// The rewrites of a `new` expression whose children are compressed.
    mutating func rewriteNew(_ id: Int32) -> Int32 {
        var node = tree[id]
        guard id != calleeOfNew else { return id }
        if does(.errorConstructorCalls), !isDynamic, isGlobalErrorConstructor(node.a) {
            node.kind = .callExpression
            node.flags.remove(.hasArguments)
            tree.replace(id, with: node)
            return id
        }
        if does(.newArguments), node.flags.contains(.hasArguments), tree.list(node.b).isEmpty, isNameChain(node.a) {
            node.flags.remove(.hasArguments)
            tree.replace(id, with: node)
        }
        return id
    }

    /// Whether `id` is one of the global error constructors, named without a declaration.
    func isGlobalErrorConstructor(_ id: Int32) -> Bool {
        let node = tree[id]
        guard node.kind == .identifier, node.b >= 0, tree.references[Int(node.b)].symbol < 0 else { return false }
        switch tree.names[Int(node.a)] {
        case "Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError":
            return true
        default:
            return false
        }
    }

    /// Whether `id` is a name followed by `.name` steps (`a`, `a.b.C`).
    func isNameChain(_ id: Int32) -> Bool {
        var current = tree[id]
        while current.kind == .memberExpression, !current.flags.contains(.computed), !current.flags.contains(.optional),
            tree[current.b].kind == .identifierName
        {
            current = tree[current.a]
        }
        return current.kind == .identifier
    }
}
