/// Optional chaining: `a?.b.c` becomes `a == null ? void 0 : a.b.c`, with the part before the last `?.` lowered
/// first (its own short circuit gives `undefined`, which the outer test then short-circuits too), so each part is
/// evaluated once. A call through `?.(` keeps its receiver with `.call`: `a.b?.(x)` becomes
/// `(_a = a.b) == null ? void 0 : _a.call(a, x)` (`this` for `super.m?.()`). `delete a?.b` becomes
/// `a == null ? true : delete a.b`; a parenthesized chain that is called, `(a?.b)()`, keeps its receiver too
/// (and one that tags a template, with `.bind`).
extension LoweringPass {
    /// The member accesses and calls of a chain from its base outwards, and the base.
    func chainLinks(_ top: Int32) -> (base: Int32, links: [Int32]) {
        var links: [Int32] = []
        var current = top
        while tree[current].kind == .memberExpression || tree[current].kind == .callExpression {
            links.append(current)
            current = tree[current].a
        }
        return (current, links.reversed())
    }

    /// A `chainExpression`.
    mutating func lowerChain(_ id: Int32) -> Int32 {
        let (base, links) = chainLinks(tree[id].a)
        return lowerLinks(base, links[...], wantReceiver: false, deleting: false).value
    }

    /// `delete` of a `chainExpression`.
    mutating func lowerChainDelete(_ id: Int32) -> Int32 {
        let (base, links) = chainLinks(tree[tree[id].a].a)
        return lowerLinks(base, links[...], wantReceiver: false, deleting: true).value
    }

    /// A call whose callee is a parenthesized chain: `(a?.b)(x)` keeps `a` as its receiver.
    mutating func lowerParenthesizedChainCall(_ id: Int32) -> Int32 {
        let node = tree[id]
        let (base, links) = chainLinks(tree[node.a].a)
        let (callee, receiver) = lowerLinks(base, links[...], wantReceiver: true, deleting: false)
        visitList(node.b)
        var changed = tree[id]
        if let receiver {
            changed.a = member(callee, "call", at: node.range)
            changed.b = tree.appendList([receiver] + Array(tree.list(node.b)))
        } else {
            changed.a = callee
        }
        tree.replace(id, with: changed)
        return id
    }

    /// A template tagged with a parenthesized chain: ``(a?.b)`x` `` keeps `a` as the tag's receiver with `.bind`.
    mutating func lowerParenthesizedChainTag(_ id: Int32) -> Int32 {
        let node = tree[id]
        let (base, links) = chainLinks(tree[node.a].a)
        let (tag, receiver) = lowerLinks(base, links[...], wantReceiver: true, deleting: false)
        var changed = tree[id]
        changed.a = receiver.map { call(member(tag, "bind", at: node.range), [$0], at: node.range) } ?? tag
        changed.b = visit(node.b)
        tree.replace(id, with: changed)
        return id
    }

    /// `base` followed by `links`, lowered. With `wantReceiver`, also a node that reads again the object of the
    /// last member access (the receiver a call of the result needs), when the last link is one.
    mutating func lowerLinks(
        _ base: Int32, _ links: ArraySlice<Int32>, wantReceiver: Bool, deleting: Bool
    ) -> (value: Int32, receiver: Int32?) {
        guard let last = links.lastIndex(where: { tree[$0].flags.contains(.optional) }) else {
            // A parenthesized chain as the base: its receiver is wanted when it is called (`(a?.b)()` in a chain).
            let calledOrWanted = links.first.map { tree[$0].kind == .callExpression } ?? wantReceiver
            if calledOrWanted, tree[base].kind == .chainExpression {
                let (innerBase, innerLinks) = chainLinks(tree[base].a)
                let (value, receiver) = lowerLinks(innerBase, innerLinks[...], wantReceiver: true, deleting: false)
                if links.isEmpty { return (value, receiver) }
                return applyLinks(value, links, objectReceiver: receiver, wantReceiver: wantReceiver, deleting: deleting)
            }
            return applyLinks(visit(base), links, wantReceiver: wantReceiver, deleting: deleting)
        }
        let link = links[last]
        let range = tree[link].range
        let isCall = tree[link].kind == .callExpression
        let (prefix, receiver) = lowerLinks(base, links[links.startIndex..<last], wantReceiver: isCall, deleting: false)
        let (first, again) = capture(prefix)
        var object = again
        var rest = links[last...]
        var node = tree[link]
        node.flags.remove(.optional)
        tree.replace(link, with: node)
        if isCall, let receiver {
            // `prefix?.(args)` on a member: `_a.call(receiver, args)`.
            visitList(node.b)
            object = call(member(again, "call", at: range), [receiver] + Array(tree.list(node.b)), at: range)
            rest = links[(last + 1)...]
        }
        let (value, restReceiver) = applyLinks(object, rest, wantReceiver: wantReceiver, deleting: deleting)
        let short = deleting ? tree.appendSynthetic(.booleanLiteral, text: "true", at: range) : undefinedValue(at: range)
        return (conditional(isNullish(first, at: range), short, value, at: range), restReceiver)
    }

    /// `object` followed by `links` (none optional any more), their properties and arguments visited; the
    /// object of the last member access captured when `wantReceiver`; `delete` of the result when `deleting`.
    private mutating func applyLinks(
        _ object: Int32, _ links: ArraySlice<Int32>, objectReceiver: Int32? = nil, wantReceiver: Bool, deleting: Bool
    ) -> (value: Int32, receiver: Int32?) {
        var current = object
        var receiver: Int32?
        var privateReceiver: Int32?
        for (offset, link) in links.enumerated() {
            var node = tree[link]
            node.flags.remove(.optional)
            if offset == 0, node.kind == .callExpression, let objectReceiver {
                // A called parenthesized chain: `(value).call(receiver, args)`.
                node.a = member(current, "call", at: node.range)
                tree.replace(link, with: node)
                visitList(node.b)
                node = tree[link]
                node.b = tree.appendList([objectReceiver] + Array(tree.list(node.b)))
                tree.replace(link, with: node)
                current = link
                continue
            }
            let isLast = offset == links.count - 1
            if let privateMember = privateAccess(link) {
                // A lowered private member (`o?.#x`, `o?.#m()`): read through its helper, the object kept as
                // the receiver of a call that follows.
                let called = offset + 1 < links.count && tree[links[links.startIndex + offset + 1]].kind == .callExpression
                if called || (isLast && wantReceiver) {
                    let (first, again) = capture(current)
                    current = privateRead(first, privateMember, at: node.range)
                    if called { privateReceiver = again } else { receiver = again }
                } else {
                    current = privateRead(current, privateMember, at: node.range)
                }
                continue
            }
            if node.kind == .callExpression, let callReceiver = privateReceiver {
                privateReceiver = nil
                node.a = member(current, "call", at: node.range)
                tree.replace(link, with: node)
                visitList(node.b)
                node = tree[link]
                node.b = tree.appendList([callReceiver] + Array(tree.list(node.b)))
                tree.replace(link, with: node)
                current = link
                continue
            }
            if isLast, wantReceiver, node.kind == .memberExpression {
                if tree[current].kind == .superExpression {
                    receiver = tree.appendSynthetic(.thisExpression, text: "this", at: node.range)
                } else {
                    let (first, again) = capture(current)
                    current = first
                    receiver = again
                }
            }
            node.a = current
            tree.replace(link, with: node)
            if node.kind == .memberExpression {
                if node.flags.contains(.computed) {
                    let property = visit(node.b)
                    var changed = tree[link]
                    changed.b = property
                    tree.replace(link, with: changed)
                }
            } else {
                visitList(node.b)
            }
            current = link
        }
        if deleting {
            current = node(.unaryExpression, op: .delete, at: tree[current].range, a: current)
        }
        return (current, receiver)
    }
}
