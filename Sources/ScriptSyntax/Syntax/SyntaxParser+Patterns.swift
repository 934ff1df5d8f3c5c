/// Binding patterns (declarations, parameters) and assignment targets (expressions reread as patterns).
extension SyntaxParserState {
    /// A binding name or pattern at `i`, its names declared as `kind`.
    mutating func parseBindingTarget(_ kind: Declaration.Kind) throws(JavaScriptSyntaxError) -> Int32 {
        try enter()
        defer { depth -= 1 }
        let start = i
        if eat("[") {
            let list = beginList
            while i < count, !at("]") {
                if at(",") {
                    scratch.append(nodes.add(SyntaxNode(.elision, start: tokens[i].start, end: tokens[i].start)))
                    i += 1
                    continue
                }
                if at("...") {
                    let restStart = i
                    i += 1
                    let target = try parseBindingTarget(kind)
                    scratch.append(add(.restElement, from: restStart, a: target))
                } else {
                    let child = try parseBindingElement(kind)
                    scratch.append(child)
                }
                if !at("]") { try expect(",") }
            }
            try expect("]")
            return add(.arrayPattern, from: start, a: endList(from: list))
        }
        if eat("{") {
            let list = beginList
            while i < count, !at("}") {
                let propertyStart = i
                if eat("...") {
                    recordFeature(.objectRestSpread, at: propertyStart)
                    let target = try parseBindingTarget(kind)
                    scratch.append(add(.restElement, from: propertyStart, a: target))
                } else {
                    let keyToken = i
                    guard isPropertyNameStart(keyToken), tokens[keyToken].kind != .privateName else {
                        throw unexpected("expected a property name")
                    }
                    let (key, computed) = try parsePropertyKey(allowPrivate: false)
                    if eat(":") {
                        let value = try parseBindingElement(kind)
                        scratch.append(
                            add(
                                .property, op: SyntaxPropertyKind.initializer.rawValue, flags: computed ? .computed : [],
                                from: propertyStart, a: key, b: value))
                    } else {
                        guard !computed, isIdentifierName(keyToken), keyToken == i - 1 else { throw unexpected("expected ':'") }
                        var value = binding(at: keyToken, kind, shorthand: true)
                        if eat("=") {
                            let fallback = try parseAssignmentAllowingIn()
                            value = add(.assignmentPattern, from: keyToken, a: value, b: fallback)
                        }
                        scratch.append(
                            add(
                                .property, op: SyntaxPropertyKind.initializer.rawValue, flags: .shorthand,
                                from: propertyStart, a: key, b: value))
                    }
                }
                if !at("}") { try expect(",") }
            }
            try expect("}")
            return add(.objectPattern, from: start, a: endList(from: list))
        }
        if isIdentifierName(i) { return bindingIdentifier(kind) }
        throw unexpected("expected a binding name")
    }

    /// A binding target with an optional default (`= value`).
    mutating func parseBindingElement(_ kind: Declaration.Kind) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        let target = try parseBindingTarget(kind)
        guard eat("=") else { return target }
        let fallback = try parseAssignmentAllowingIn()
        return add(.assignmentPattern, from: start, a: target, b: fallback)
    }

    /// A `bindingIdentifier` for token `k` (not consumed), declared as `kind`.
    package mutating func binding(at k: Int, _ kind: Declaration.Kind, shorthand: Bool = false) -> Int32 {
        let name = nameID(k)
        let node = addToken(.bindingIdentifier, k, a: name)
        declare(node: node, token: k, name: name, kind, shorthand: shorthand)
        return node
    }

    /// Rereads expression `node` as the target of `=` or of a `for`-`in`/`of` head (in place: array and object
    /// literals become patterns, `a = b` inside them defaults); marks the names it writes.
    mutating func toAssignmentTarget(_ node: Int32, at k: Int) throws(JavaScriptSyntaxError) -> Int32 {
        let n = nodes[Int(node)]
        switch n.kind {
        case .identifier:
            markWritten(node)
            return node
        case .memberExpression, .arrayPattern, .objectPattern:
            return node
        case .arrayExpression where !n.flags.contains(.parenthesized):
            nodes[Int(node)].kind = .arrayPattern
            // Elements convert in place (same IDs), so the list itself is not written.
            let elements = listChildren(n.a)
            for (index, element) in elements.enumerated() {
                let converted = try toAssignmentElement(element, at: k)
                if nodes[Int(converted)].kind == .restElement, index != elements.count - 1 {
                    throw unexpected(at: k, "a rest element must be last")
                }
            }
            return node
        case .objectExpression where !n.flags.contains(.parenthesized):
            nodes[Int(node)].kind = .objectPattern
            let members = listChildren(n.a)
            for (index, member) in members.enumerated() {
                let m = nodes[Int(member)]
                if m.kind == .spreadElement {
                    nodes[Int(member)].kind = .restElement
                    let convertedA = try toAssignmentTarget(m.a, at: k)
                    nodes[Int(member)].a = convertedA
                    if index != members.count - 1 { throw unexpected(at: k, "a rest element must be last") }
                } else if m.kind == .property, m.op == SyntaxPropertyKind.initializer.rawValue {
                    let convertedB = try toAssignmentElement(m.b, at: k)
                    nodes[Int(member)].b = convertedB
                } else {
                    throw unexpected(at: k, "invalid assignment target")
                }
            }
            return node
        default:
            throw unexpected(at: k, "invalid assignment target")
        }
    }

    private mutating func toAssignmentElement(_ node: Int32, at k: Int) throws(JavaScriptSyntaxError) -> Int32 {
        let n = nodes[Int(node)]
        switch n.kind {
        case .elision:
            return node
        case .assignmentExpression where n.op == SyntaxOperator.assign.rawValue && !n.flags.contains(.parenthesized):
            nodes[Int(node)].kind = .assignmentPattern
            let convertedA = try toAssignmentTarget(n.a, at: k)
            nodes[Int(node)].a = convertedA
            return node
        case .spreadElement:
            nodes[Int(node)].kind = .restElement
            let convertedA = try toAssignmentTarget(n.a, at: k)
            nodes[Int(node)].a = convertedA
            return node
        default:
            return try toAssignmentTarget(node, at: k)
        }
    }
}
