import ScriptSyntax

/// Uses of the private names of a lowered class (`ClassLowering.swift` declares them): `o.#x` becomes
/// `__privateGet(o, _x)` (a method `__privateMethod(o, _brand, _m)`, an accessor `__privateGet(o, _brand,
/// _get)`), `o.#x = v` `__privateSet(o, _x, v)`, a call `o.#m(a)` `__privateMethod(_a = o, _brand, _m).call(_a,
/// a)` (the receiver kept), `#x in o` `__privateIn(_x, o)`; updates, compound and logical assignments and
/// destructuring targets go through `__privateWrapper(o, _x)._`, an object whose `_` reads and writes the member,
/// so the object is evaluated once and the member read and written once each, in the source's order. Each
/// helper checks the brand first and throws a TypeError, as the language does; reading an accessor without a getter
/// or writing a method or an accessor without a setter is `__privateFail(o, _x)` (`__privateFail(o, _x, v, 1)`), the
/// brand check and then a TypeError.
extension LoweringPass {
    /// The lowered private member `#name` (node `nameNode`) names here; nil when a class that is not lowered
    /// declares it (or none does).
    func loweredPrivate(_ nameNode: Int32) -> PrivateMember? {
        let name = tree.name(nameNode)
        for scope in privateScopes.reversed() {
            if let entry = scope[name] { return entry }
        }
        return nil
    }

    /// The lowered private member that member access `id` (`o.#x`) reads; nil when it is no such access.
    func privateAccess(_ id: Int32) -> PrivateMember? {
        guard id >= 0 else { return nil }
        let node = tree[id]
        guard node.kind == .memberExpression, !node.flags.contains(.computed), node.b >= 0, tree[node.b].kind == .privateName
        else { return nil }
        return loweredPrivate(node.b)
    }

    /// Whether a chain expression has a link that reads a lowered private member (the chain is then lowered too).
    func chainHasLoweredPrivate(_ chain: Int32) -> Bool {
        guard !privateScopes.isEmpty else { return false }
        return chainLinks(tree[chain].a).links.contains { privateAccess($0) != nil }
    }

    private mutating func nullNode(at range: SourceRange) -> Int32 {
        tree.appendSynthetic(.nullLiteral, text: "null", at: range)
    }

    /// `name`, or `null` when absent.
    private mutating func nameOrNull(_ name: String?, at range: SourceRange) -> Int32 {
        name.map { identifier($0, at: range) } ?? nullNode(at: range)
    }

    /// Reads `object.#x` (`object` already visited).
    mutating func privateRead(_ object: Int32, _ member: PrivateMember, at range: SourceRange) -> Int32 {
        let storage = identifier(member.storage, at: range)
        switch member.kind {
        case .field:
            return call(identifier(helperName(.privateGet), at: range), [object, storage], at: range)
        case .method:
            let function = nameOrNull(member.function, at: range)
            return call(identifier(helperName(.privateMethod), at: range), [object, storage, function], at: range)
        case .accessor:
            guard let getter = member.getter else {
                // No getter: the brand check, then a TypeError.
                return call(identifier(helperName(.privateFail), at: range), [object, storage], at: range)
            }
            return call(identifier(helperName(.privateGet), at: range), [object, storage, identifier(getter, at: range)], at: range)
        }
    }

    /// `object.#x = value` (both visited): a method, or an accessor without a setter, throws.
    mutating func privateWrite(_ object: Int32, _ member: PrivateMember, _ value: Int32, at range: SourceRange) -> Int32 {
        var arguments = [object, identifier(member.storage, at: range), value]
        switch (member.kind, member.setter) {
        case (.field, _): break
        case (.accessor, let setter?): arguments.append(identifier(setter, at: range))
        default:
            // A method, or an accessor without a setter: the value is evaluated, then the brand check, then a TypeError.
            arguments.append(tree.appendSynthetic(.numberLiteral, text: "1", at: range))
            return call(identifier(helperName(.privateFail), at: range), arguments, at: range)
        }
        return call(identifier(helperName(.privateSet), at: range), arguments, at: range)
    }

    /// `__privateWrapper(o, _x)._` for the access `id` (`o.#x`, not visited yet: the result is visited as any
    /// assignment target).
    mutating func privateWrapper(_ id: Int32, _ member: PrivateMember) -> Int32 {
        let node = tree[id]
        let range = node.range
        var arguments = [node.a, identifier(member.storage, at: range)]
        switch member.kind {
        case .field: break
        case .method: arguments += [nullNode(at: range), nullNode(at: range)]
        case .accessor: arguments += [nameOrNull(member.setter, at: range), nameOrNull(member.getter, at: range)]
        }
        let wrapper = call(identifier(helperName(.privateWrapper), at: range), arguments, at: range)
        return self.member(wrapper, "_", at: range)
    }

    /// `o.#m(a)`: `__privateMethod(_a = o, _brand, _m).call(_a, a)`.
    mutating func lowerPrivateCall(_ id: Int32, _ member: PrivateMember) -> Int32 {
        let node = tree[id]
        let callee = tree[node.a]
        let (first, again) = capture(visit(callee.a))
        let read = privateRead(first, member, at: callee.range)
        let arguments = visitList(node.b)
        return call(self.member(read, "call", at: node.range), [again] + Array(tree.list(arguments)), at: node.range)
    }

    /// ``o.#m`x` ``: ``__privateMethod(_a = o, _brand, _m).bind(_a)`x` ``.
    mutating func lowerPrivateTag(_ id: Int32, _ member: PrivateMember) -> Int32 {
        let node = tree[id]
        let callee = tree[node.a]
        let (first, again) = capture(visit(callee.a))
        let read = privateRead(first, member, at: callee.range)
        var changed = tree[id]
        changed.a = call(self.member(read, "bind", at: node.range), [again], at: node.range)
        changed.b = visit(node.b)
        tree.replace(id, with: changed)
        return id
    }

    /// Replaces the private member accesses that are assignment targets directly inside pattern or loop head `id`
    /// by wrappers.
    mutating func wrapPrivateTargets(_ id: Int32) {
        guard !privateScopes.isEmpty else { return }
        let node = tree[id]
        switch node.kind {
        case .arrayPattern:
            for (index, element) in tree.list(node.a).enumerated() {
                if let member = privateAccess(element) { tree.replaceListElement(node.a, at: index, with: privateWrapper(element, member)) }
            }
        case .objectPattern:
            for property in tree.list(node.a) where tree[property].kind == .property {
                if let member = privateAccess(tree[property].b) {
                    var changed = tree[property]
                    changed.b = privateWrapper(changed.b, member)
                    tree.replace(property, with: changed)
                }
            }
        case .assignmentPattern, .restElement, .forInStatement, .forOfStatement:
            if let member = privateAccess(node.a) {
                var changed = node
                changed.a = privateWrapper(node.a, member)
                tree.replace(id, with: changed)
            }
        default:
            break
        }
    }
}
