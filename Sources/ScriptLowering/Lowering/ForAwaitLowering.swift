import ScriptSyntax

/// `for await`, for targets without async iteration (safari11, 11.1):
///
/// ```js
/// for await (const x of list) body
/// // becomes (the temporaries the function's)
/// {
///   _a = __forAwait(list), _c = void 0;
///   try {
///     for (; _a.s(_b = await _a.n()); ) { const x = _b.value; body }
///   } catch (_e) { _c = [_e]; } finally {
///     try { (_d = _a.r()) && _a.k(await _d[0]); } finally { if (_c) throw _c[0]; }
///   }
/// }
/// ```
///
/// `__forAwait` takes the iterator as the language does (`Symbol.asyncIterator`, else the sync iterator with its
/// values awaited) and its `next` once; `n` calls it, `s` checks that the awaited result is an object and reads
/// `done` once, `r` calls the iterator's `return` when the loop is left from its body (`break`, `return`, a throw,
/// a `continue` to an outer label) and `k` checks what it gave. A throw from the body is thrown again after the
/// iterator is closed, whatever closing did, as the language does. The loop's labels move onto the `for`.
extension LoweringPass {
    /// Lowers the (visited) `for await` statement `id`, its labels (outermost first) put on the new loop.
    mutating func lowerForAwait(_ id: Int32, labels: [Int32] = []) -> Int32 {
        let loop = tree[id]
        let range = loop.range
        let iterator = temporary(), result = temporary(), thrown = temporary(), closing = temporary()
        let caught = reserveName()
        let helper = identifier(asyncHelperName(.forAwait), at: range)
        // _a = __forAwait(list), _c = void 0;
        let start = node(
            .sequenceExpression, at: range,
            a: tree.appendList([
                assignment(identifier(iterator, at: range), call(helper, [loop.b], at: tree[loop.b].range), at: range),
                assignment(identifier(thrown, at: range), undefinedValue(at: range), at: range),
            ]))
        // _a.s(_b = await _a.n())
        let nextCall = call(member(identifier(iterator, at: range), "n", at: range), [], at: range)
        let awaited = node(.awaitExpression, at: range, a: nextCall)
        let stored = assignment(identifier(result, at: range), awaited, at: range)
        let test = call(member(identifier(iterator, at: range), "s", at: range), [stored], at: range)
        // const x = _b.value; (or x = _b.value;)
        let value = member(identifier(result, at: range), "value", at: range)
        let left = tree[loop.a]
        let binding: Int32
        if left.kind == .variableDeclaration, let declarator = tree.list(left.a).first {
            let target = tree[declarator].a
            let newDeclarator = node(.variableDeclarator, at: tree[declarator].range, a: target, b: value)
            binding = tree.append(
                SyntaxNode(
                    .variableDeclaration, op: left.op, start: Int(left.start), end: Int(left.end), a: tree.appendList([newDeclarator])))
        } else {
            binding = node(.expressionStatement, at: left.range, a: assignment(loop.a, value, at: left.range))
        }
        let body = node(.blockStatement, at: tree[loop.c].range, a: tree.appendList([binding, loop.c]))
        var statement = tree.append(
            SyntaxNode(.forStatement, start: Int(range.start), end: Int(range.end), b: test, d: body))
        for label in labels.reversed() {
            statement = node(.labeledStatement, at: tree[label].range, a: tree[label].a, b: statement)
        }
        // catch (_e) { _c = [_e]; }
        let array = node(.arrayExpression, at: range, a: tree.appendList([identifier(caught, at: range)]))
        let record = node(.expressionStatement, at: range, a: assignment(identifier(thrown, at: range), array, at: range))
        let handler = node(
            .catchClause, at: range, a: tree.appendSynthetic(.bindingIdentifier, text: caught, at: range),
            b: node(.blockStatement, at: range, a: tree.appendList([record])))
        // try { (_d = _a.r()) && _a.k(await _d[0]); } finally { if (_c) throw _c[0]; }
        let returned = assignment(
            identifier(closing, at: range), call(member(identifier(iterator, at: range), "r", at: range), [], at: range), at: range)
        let first = node(
            .memberExpression, flags: .computed, at: range, a: identifier(closing, at: range),
            b: tree.appendSynthetic(.numberLiteral, text: "0", at: range))
        let checked = call(
            member(identifier(iterator, at: range), "k", at: range), [node(.awaitExpression, at: range, a: first)], at: range)
        let close = node(.expressionStatement, at: range, a: node(.logicalExpression, op: .logicalAnd, at: range, a: returned, b: checked))
        let rethrown = node(
            .memberExpression, flags: .computed, at: range, a: identifier(thrown, at: range),
            b: tree.appendSynthetic(.numberLiteral, text: "0", at: range))
        let rethrow = node(.ifStatement, at: range, a: identifier(thrown, at: range), b: node(.throwStatement, at: range, a: rethrown))
        let closer = node(
            .tryStatement, at: range, a: node(.blockStatement, at: range, a: tree.appendList([close])),
            c: node(.blockStatement, at: range, a: tree.appendList([rethrow])))
        let guarded = node(
            .tryStatement, at: range, a: node(.blockStatement, at: range, a: tree.appendList([statement])), b: handler,
            c: node(.blockStatement, at: range, a: tree.appendList([closer])))
        return node(
            .blockStatement, at: range, a: tree.appendList([node(.expressionStatement, at: range, a: start), guarded]))
    }

    /// For `label: other: for await (...)`: the labels (outermost first) and the loop, when the loop is lowered.
    func labeledForAwait(_ id: Int32) -> (labels: [Int32], loop: Int32)? {
        var labels: [Int32] = []
        var current = id
        while tree[current].kind == .labeledStatement {
            labels.append(current)
            current = tree[current].b
        }
        let loop = tree[current]
        guard loop.kind == .forOfStatement, loop.flags.contains(.isAwait), lowers(.forAwait) else { return nil }
        return (labels, current)
    }
}
