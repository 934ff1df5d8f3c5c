/// The functions lowered code calls (object spread's and rest's), declared once at the top of the program and only when
/// used, under names the file does not hold. Their text is parsed once and copied into the tree as built nodes.
enum LoweringHelper: String, CaseIterable, Hashable {
    /// Copies a value's own enumerable properties (symbols too) as data properties, as `{...value}` does.
    case spreadValues = "__spreadValues"
    /// Defines an object literal's own property descriptors on an object (accessors stay accessors).
    case spreadProperties = "__spreadProps"

    /// Copies a value's own enumerable properties but the excluded keys, as a rest pattern `{...r}` does.
    case objectRest = "__objRest"

    /// The helper's declaration, with its own name as the function's name.
    var source: String {
        switch self {
        case .spreadValues:
            """
            function __spreadValues(target, source) {
              if (source != null) {
                source = Object(source);
                for (var keys = Reflect.ownKeys(source), i = 0; i < keys.length; i++) {
                  var key = keys[i], descriptor = Object.getOwnPropertyDescriptor(source, key);
                  if (descriptor && descriptor.enumerable) {
                    Object.defineProperty(target, key, { value: source[key], writable: true, enumerable: true, configurable: true });
                  }
                }
              }
              return target;
            }
            """
        case .objectRest:
            """
            function __objRest(source, excluded) {
              var target = {};
              if (source == null) throw new TypeError("Cannot destructure " + source);
              source = Object(source);
              for (var j = 0; j < excluded.length; j++) {
                if (typeof excluded[j] !== "symbol") excluded[j] = String(excluded[j]);
              }
              for (var keys = Reflect.ownKeys(source), i = 0; i < keys.length; i++) {
                var key = keys[i], descriptor = Object.getOwnPropertyDescriptor(source, key);
                if (excluded.indexOf(key) < 0 && descriptor && descriptor.enumerable) {
                  Object.defineProperty(target, key, { value: source[key], writable: true, enumerable: true, configurable: true });
                }
              }
              return target;
            }
            """
        case .spreadProperties:
            """
            function __spreadProps(target, properties) {
              return Object.defineProperties(target, Object.getOwnPropertyDescriptors(properties));
            }
            """
        }
    }
}

extension LoweringPass {
    /// The name of `helper` in the output (recorded as used).
    mutating func helperName(_ helper: LoweringHelper) -> String {
        if let name = helperNames[helper] { return name }
        let name = names.helper(helper.rawValue)
        helperNames[helper] = name
        helpers.append(helper)
        return name
    }

    /// The declarations of the used helpers, in the order first used.
    mutating func helperDeclarations() -> [Int32] {
        var declarations: [Int32] = []
        for helper in helpers {
            guard let parsed = try? SyntaxParser.parse(helper.source, keepComments: false), let name = helperNames[helper] else { continue }
            for statement in parsed.list(parsed[parsed.root].a) {
                declarations.append(graft(statement, from: parsed, renaming: [helper.rawValue: name]))
            }
        }
        return declarations
    }

    /// A copy of node `id` of `other` (and everything under it) as built nodes of this tree: leaves keep their
    /// text, names in `renaming` are renamed, bindings are dropped.
    mutating func graft(_ id: Int32, from other: SyntaxTree, renaming: [String: String]) -> Int32 {
        guard id >= 0 else { return id }
        var node = other[id]
        node.start = 0
        node.end = 0
        let shape = node.kind.fields
        let kinds = [shape.0, shape.1, shape.2, shape.3]
        if kinds.contains(.name) {
            let name = other.names[Int(node.a)]
            node.a = tree.appendName(renaming[name] ?? name)
            node.flags.insert(.synthetic)
            if kinds[1] == .binding { node.b = -1 }
            return tree.append(node)
        }
        switch node.kind {
        case .thisExpression, .superExpression, .nullLiteral, .booleanLiteral, .numberLiteral, .stringLiteral, .regexLiteral,
            .templateElement:
            node.a = tree.appendName(other.text(id))
            node.flags.insert(.synthetic)
            return tree.append(node)
        default:
            break
        }
        for (index, field) in kinds.enumerated() {
            let value = Self.field(node, index)
            switch field {
            case .node:
                Self.setField(&node, index, graft(value, from: other, renaming: renaming))
            case .list:
                let children = other.list(value).map { graft($0, from: other, renaming: renaming) }
                Self.setField(&node, index, tree.appendList(children))
            default:
                continue
            }
        }
        return tree.append(node)
    }
}
