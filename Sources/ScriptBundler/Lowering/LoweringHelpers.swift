/// The functions lowered code calls (object spread's and rest's, class fields' and private members'), declared once at the top of the program and only when
/// used, under names the file does not hold. Their text is parsed once and copied into the tree as built nodes.
enum LoweringHelper: String, CaseIterable, Hashable {
    /// Copies a value's own enumerable properties (symbols too) as data properties, as `{...value}` does.
    case spreadValues = "__spreadValues"
    /// Defines an object literal's own property descriptors on an object (accessors stay accessors).
    case spreadProperties = "__spreadProps"

    /// Copies a value's own enumerable properties but the excluded keys, as a rest pattern `{...r}` does.
    case objectRest = "__objRest"

    /// Defines a class field on an object (define semantics, as a class field is).
    case publicField = "__publicField"
    /// Adds a private field (WeakMap) or a private method's brand (WeakSet) to an object, once.
    case privateAdd = "__privateAdd"
    /// Reads a private field, or calls a private getter (`null`: the accessor has none), after the brand check.
    case privateGet = "__privateGet"
    /// Writes a private field, or calls a private setter (`null`: a method or an accessor without one).
    case privateSet = "__privateSet"
    /// A private method, after the brand check.
    case privateMethod = "__privateMethod"
    /// An object whose `_` reads and writes a private member (for updates and destructuring targets).
    case privateWrapper = "__privateWrapper"
    /// `#x in object`: a TypeError for a primitive, else whether the object has the member.
    case privateIn = "__privateIn"
    /// Takes a private method or accessor out of the class body it was kept in under a symbol key.
    case privateExtract = "__privateExtract"

    /// What a lowered async generator's body yields to say "await this" (or "yield this as it is", "await this and
    /// return it"), told apart from its own `yield`s (`AsyncIterationLowering.swift`).
    case awaitMarker = "__await"
    /// `GetIterator(value, async)`: a value's `Symbol.asyncIterator` iterator, or its sync iterator made async.
    case asyncIterator = "__asyncIterator"
    /// Runs a generator as an async generator: the async iterator protocol with its request queue.
    case asyncGenerator = "__asyncGenerator"
    /// `yield*` in a lowered async generator: delegates to an async iterable (a sync iterator of markers).
    case yieldStar = "__yieldStar"
    /// The steps of a lowered `for await` loop: next, the result check, closing the iterator.
    case forAwait = "__forAwait"

    /// The helpers this one calls.
    var dependencies: [LoweringHelper] {
        self == .privateWrapper ? [.privateGet, .privateSet] : []
    }

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
        case .publicField:
            """
            function __publicField(object, key, value) {
              Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
              return value;
            }
            """
        case .privateAdd:
            """
            function __privateAdd(object, member, value) {
              if (member.has(object)) throw new TypeError("Cannot add a private member twice");
              if (member instanceof WeakSet) member.add(object);
              else member.set(object, value);
            }
            """
        case .privateGet:
            """
            function __privateGet(object, member, getter) {
              if (!member.has(object)) throw new TypeError("Cannot read from private field");
              if (getter === null) throw new TypeError("Private accessor has no getter");
              return getter ? getter.call(object) : member.get(object);
            }
            """
        case .privateSet:
            """
            function __privateSet(object, member, value, setter) {
              if (!member.has(object)) throw new TypeError("Cannot write to private field");
              if (setter === null) throw new TypeError("Private member is not writable");
              if (setter) setter.call(object, value);
              else member.set(object, value);
              return value;
            }
            """
        case .privateMethod:
            """
            function __privateMethod(object, member, method) {
              if (!member.has(object)) throw new TypeError("Cannot access private method");
              return method;
            }
            """
        case .privateWrapper:
            """
            function __privateWrapper(object, member, setter, getter) {
              return {
                set _(value) { __privateSet(object, member, value, setter); },
                get _() { return __privateGet(object, member, getter); }
              };
            }
            """
        case .privateIn:
            """
            function __privateIn(member, object) {
              if (Object(object) !== object) throw new TypeError("Cannot use 'in' on a primitive");
              return member.has(object);
            }
            """
        case .privateExtract:
            """
            function __privateExtract(home, key, part) {
              var descriptor = Object.getOwnPropertyDescriptor(home, key);
              delete home[key];
              return part === 1 ? descriptor.get : part === 2 ? descriptor.set : descriptor.value;
            }
            """
        case .awaitMarker, .asyncIterator, .asyncGenerator, .yieldStar, .forAwait:
            asyncIterationSource
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
        for dependency in helper.dependencies { _ = helperName(dependency) }
        return name
    }

    /// The declarations of the used helpers, in the order first used.
    mutating func helperDeclarations() -> [Int32] {
        var declarations: [Int32] = []
        var renaming: [String: String] = [:]
        for (helper, name) in helperNames { renaming[helper.rawValue] = name }
        for helper in helpers {
            guard let parsed = try? SyntaxParser.parse(helper.source, keepComments: false) else { continue }
            for statement in parsed.list(parsed[parsed.root].a) {
                declarations.append(graft(statement, from: parsed, renaming: renaming))
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
