/// Object spread: `{a: f(), ...g(), b: h()}` becomes `__spreadProps(__spreadValues({a: f()}, g()), {b: h()})`:
/// the properties before the first spread stay a literal, each spread copies its own enumerable properties
/// (symbols too) into the object as data properties, and each run of properties after a spread is a literal whose
/// property descriptors are defined on the object (getters and setters stay accessors). Everything is evaluated in
/// the source order: a run of properties is created only after the spread before it has been copied.
extension LoweringPass {
    mutating func lowerObjectSpread(_ id: Int32) -> Int32 {
        let node = tree[id]
        let range = node.range
        let members = Array(tree.list(node.a))
        var index = 0
        var leading: [Int32] = []
        while index < members.count, tree[members[index]].kind != .spreadElement {
            leading.append(members[index])
            index += 1
        }
        var result = self.node(.objectExpression, at: range, a: tree.appendList(leading))
        while index < members.count {
            let member = members[index]
            if tree[member].kind == .spreadElement {
                let callee = identifier(helperName(.spreadValues), at: tree[member].range)
                result = call(callee, [result, tree[member].a], at: tree[member].range)
                index += 1
                continue
            }
            var run: [Int32] = []
            while index < members.count, tree[members[index]].kind != .spreadElement {
                run.append(members[index])
                index += 1
            }
            let properties = self.node(.objectExpression, at: tree[run[0]].range, a: tree.appendList(run))
            result = call(identifier(helperName(.spreadProperties), at: range), [result, properties], at: range)
        }
        return result
    }
}
