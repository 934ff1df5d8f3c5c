import ScriptSyntax

/// Object rest: `const {a, [k()]: b, c: {d, ...e}, ...r} = o` becomes
/// `const _a = o, {a, [_c = k()]: b, c: _b} = _a, {d} = _b, e = __objRest(_b, ["d"]), r = __objRest(_a, ["a", _c, "c"])`:
/// the value is kept in a temporary, the properties before the rest are destructured from it as written (a nested
/// pattern with a rest through a temporary of its own, right after), and the rest copies the other own enumerable
/// properties. Gets happen in the source order. Lowered in declarations (also `for`-`in`/`of` heads, into the body),
/// assignment expressions (`(_a = o, {a} = _a, r = __objRest(_a, ["a"]), _a)`) and parameters without defaults or
/// computed keys inside them (into the body: `var {a} = _a, r = ...`). A rest inside an array pattern, a catch
/// binding, an exported declaration (its temporaries would be exported) or a parameter pattern with expressions
/// stays an error.
extension LoweringPass {
    /// Whether `pattern` holds an object pattern with a rest element (at any depth).
    func hasObjectRest(_ pattern: Int32) -> Bool {
        guard pattern >= 0 else { return false }
        let node = tree[pattern]
        switch node.kind {
        case .objectPattern:
            return tree.list(node.a).contains { member in
                let m = tree[member]
                return m.kind == .restElement || (m.kind == .property && hasObjectRest(m.b))
            }
        case .arrayPattern: return tree.list(node.a).contains { hasObjectRest($0) }
        case .assignmentPattern, .restElement: return hasObjectRest(node.a)
        default: return false
        }
    }

    /// Whether `pattern` holds an expression (a default or a computed key).
    func hasExpressions(_ pattern: Int32) -> Bool {
        guard pattern >= 0 else { return false }
        let node = tree[pattern]
        switch node.kind {
        case .objectPattern:
            return tree.list(node.a).contains { member in
                let m = tree[member]
                return m.kind == .restElement ? hasExpressions(m.a) : m.flags.contains(.computed) || hasExpressions(m.b)
            }
        case .arrayPattern: return tree.list(node.a).contains { hasExpressions($0) }
        case .restElement: return hasExpressions(node.a)
        case .assignmentPattern: return true
        default: return false
        }
    }

    /// `pattern = value` as pairs without an object rest, appended to `pairs`; false (and nothing appended) when a
    /// rest is where this does not lower it (inside an array pattern). With `declaring`, temporaries are new
    /// bindings of the declaration; else they are temporaries of the function, assigned.
    mutating func splitRest(_ pattern: Int32, _ value: Int32, declaring: Bool, into pairs: inout [(Int32, Int32)]) -> Bool {
        guard hasObjectRest(pattern) else {
            pairs.append((pattern, value))
            return true
        }
        let node = tree[pattern]
        guard node.kind == .objectPattern else { return false }
        let range = node.range
        // The value in a temporary, unless it is one already (a nested pattern's).
        var split: [(Int32, Int32)] = []
        let holderAgain: Int32
        if tree[value].kind == .identifier, tree[value].flags.contains(.synthetic) {
            holderAgain = value
        } else {
            let (holder, again) = restTemporary(declaring: declaring, at: range)
            split.append((holder, value))
            holderAgain = again
        }
        var kept: [Int32] = []
        var excluded: [Int32] = []
        var nested: [(Int32, Int32)] = []
        var restTarget: Int32?
        for member in tree.list(node.a) {
            var m = tree[member]
            if m.kind == .restElement {
                restTarget = m.a
                continue
            }
            if m.flags.contains(.computed) {
                // `[_c = key]`: the key is evaluated once, where it was, and excluded from the rest by value.
                let name = temporary()
                m.a = assignment(identifier(name, at: tree[m.a].range), m.a, at: tree[m.a].range)
                excluded.append(identifier(name, at: tree[m.a].range))
            } else {
                excluded.append(excludedKey(m.a))
            }
            if hasObjectRest(m.b) {
                let target = tree[m.b].kind == .assignmentPattern ? tree[m.b].a : m.b
                guard tree[target].kind == .objectPattern else { return false }
                let (temporary, again) = restTemporary(declaring: declaring, at: tree[target].range)
                if tree[m.b].kind == .assignmentPattern {
                    var withDefault = tree[m.b]
                    withDefault.a = temporary
                    m.b = tree.append(withDefault)
                } else {
                    m.b = temporary
                }
                m.flags.remove(.shorthand)
                nested.append((target, again))
            }
            kept.append(tree.append(m))
        }
        let keptPattern = self.node(.objectPattern, at: range, a: tree.appendList(kept))
        split.append((keptPattern, holderAgain))
        for (target, source) in nested {
            guard splitRest(target, source, declaring: declaring, into: &split) else { return false }
        }
        if let restTarget {
            let excludedList = self.node(.arrayExpression, at: range, a: tree.appendList(excluded))
            let copy = call(identifier(helperName(.objectRest), at: range), [copy(holderAgain), excludedList], at: range)
            split.append((restTarget, copy))
        }
        pairs.append(contentsOf: split)
        return true
    }

    /// A temporary for a value being destructured: a binding and a reference (declaring), or an assigned name.
    private mutating func restTemporary(declaring: Bool, at range: SourceRange) -> (Int32, Int32) {
        if declaring {
            let name = reserveName()
            return (tree.appendSynthetic(.bindingIdentifier, text: name, at: range), identifier(name, at: range))
        }
        let name = temporary()
        return (identifier(name, at: range), identifier(name, at: range))
    }

    /// The key of a non-computed property as the rest helper compares it: a string (numbers are converted by the
    /// helper).
    private mutating func excludedKey(_ key: Int32) -> Int32 {
        switch tree[key].kind {
        case .stringLiteral, .numberLiteral: return copy(key)
        default: return tree.appendSynthetic(.stringLiteral, text: javaScriptString(tree.name(key)), at: tree[key].range)
        }
    }

    private func javaScriptString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    // MARK: - Where rests are lowered

    /// A `var`/`let`/`const` declaration whose patterns hold an object rest: its declarators split.
    mutating func lowerRestDeclaration(_ id: Int32) {
        let node = tree[id]
        var declarators: [Int32] = []
        for declarator in tree.list(node.a) {
            let d = tree[declarator]
            var pairs: [(Int32, Int32)] = []
            guard d.b >= 0, splitRest(d.a, d.b, declaring: true, into: &pairs) else {
                declarators.append(declarator)
                continue
            }
            for (pattern, value) in pairs {
                declarators.append(self.node(.variableDeclarator, at: d.range, a: pattern, b: value))
            }
        }
        var changed = tree[id]
        changed.a = tree.appendList(declarators)
        tree.replace(id, with: changed)
    }

    /// `pattern = value` as an expression: `(_a = value, {a} = _a, r = __objRest(_a, ["a"]), _a)`.
    mutating func lowerRestAssignment(_ id: Int32) -> Int32? {
        let node = tree[id]
        var pairs: [(Int32, Int32)] = []
        guard splitRest(node.a, node.b, declaring: false, into: &pairs), let first = pairs.first else { return nil }
        var parts = pairs.map { assignment($0.0, $0.1, at: node.range) }
        // The assignment's value: the temporary holding it (or the temporary it was).
        let valueIsTemporary = tree[node.b].kind == .identifier && tree[node.b].flags.contains(.synthetic)
        parts.append(copy(valueIsTemporary ? node.b : first.0))
        return self.node(.sequenceExpression, at: node.range, a: tree.appendList(parts))
    }

    /// `for (const {a, ...r} of xs) body` becomes `for (const _a of xs) { const {a} = _a, r = ...; body }`
    /// (the body kept as a block of its own, so its declarations do not meet the pattern's).
    mutating func lowerRestLoopHead(_ id: Int32) {
        let node = tree[id]
        let head = tree[node.a]
        let range = head.range
        let pattern: Int32
        let declaration: Int32
        if head.kind == .variableDeclaration, let declarator = tree.list(head.a).first {
            pattern = tree[declarator].a
            let name = reserveName()
            var d = tree[declarator]
            d.a = tree.appendSynthetic(.bindingIdentifier, text: name, at: range)
            tree.replace(declarator, with: d)
            let inner = self.node(.variableDeclarator, at: range, a: pattern, b: identifier(name, at: range))
            declaration = tree.append(
                SyntaxNode(.variableDeclaration, op: head.op, start: Int(range.start), end: Int(range.end), a: tree.appendList([inner])))
            lowerRestDeclaration(declaration)
        } else {
            pattern = node.a
            let name = temporary()
            var loop = tree[id]
            loop.a = identifier(name, at: range)
            tree.replace(id, with: loop)
            let assigned = assignment(pattern, identifier(name, at: range), at: range)
            let lowered = lowerRestAssignment(assigned) ?? assigned
            declaration = self.node(.expressionStatement, at: range, a: lowered)
        }
        var loop = tree[id]
        let body = self.node(.blockStatement, at: tree[loop.c].range, a: tree.appendList([declaration, loop.c]))
        loop.c = body
        tree.replace(id, with: loop)
    }

    /// Parameters with an object rest and no expressions in them, when only plain names follow: each becomes a
    /// temporary destructured at the top of the body (`var {a} = _a, r = __objRest(_a, ["a"]);`). Returns the
    /// declaration to put there, if any.
    mutating func lowerRestParameters(_ function: Int32) -> Int32? {
        let node = tree[function]
        let parameters = Array(tree.list(node.b))
        var pairs: [(Int32, Int32)] = []
        for (index, parameter) in parameters.enumerated() where hasObjectRest(parameter) {
            let target = tree[parameter].kind == .assignmentPattern ? tree[parameter].a : parameter
            let later = parameters[(index + 1)...]
            guard tree[target].kind == .objectPattern, !hasExpressions(target),
                later.allSatisfy({ tree[$0].kind == .bindingIdentifier })
            else { continue }
            let name = reserveName()
            let range = tree[target].range
            var split: [(Int32, Int32)] = []
            guard splitRest(target, identifier(name, at: range), declaring: true, into: &split) else { continue }
            pairs.append(contentsOf: split)
            let binding = tree.appendSynthetic(.bindingIdentifier, text: name, at: range)
            if tree[parameter].kind == .assignmentPattern {
                var withDefault = tree[parameter]
                withDefault.a = binding
                tree.replace(parameter, with: withDefault)
            } else {
                tree.replaceListElement(node.b, at: index, with: binding)
            }
        }
        guard let range = pairs.first.map({ tree[$0.0].range }) else { return nil }
        let declarators = pairs.map { self.node(.variableDeclarator, at: range, a: $0.0, b: $0.1) }
        return tree.append(
            SyntaxNode(
                .variableDeclaration, op: SyntaxVariableKind.var.rawValue, start: Int(range.start), end: Int(range.end),
                a: tree.appendList(declarators)))
    }
}
