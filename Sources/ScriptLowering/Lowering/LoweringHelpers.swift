import ScriptSyntax

/// The functions lowered code calls (object spread's and rest's, class fields' and private members'), declared only
/// when used, under names no code that calls them holds: once at the top of the program by `SyntaxLowering.lower`
/// (their text parsed and copied into the tree as built nodes), or, in a build, once at the top of each bundle's
/// scope (`declarations(of:)`), the lowered files only calling them (`LoweredSource`).
package enum LoweringHelper: String, CaseIterable, Hashable {
    /// Copies a value's own enumerable properties (symbols too) as data properties, as `{...value}` does.
    case spreadValues = "__spreadValues"
    /// Defines an object literal's own property descriptors on an object (accessors stay accessors).
    case spreadProperties = "__spreadProps"

    /// Copies a value's own enumerable properties but the excluded keys, as a rest pattern `{...r}` does.
    case objectRest = "__objRest"

    /// Defines a class field on an object (define semantics, as a class field is).
    case publicField = "__publicField"
    /// Adds a private field, or the brand of a class's private methods and accessors (both WeakMaps), to an object,
    /// once.
    case privateAdd = "__privateAdd"
    /// Reads a private field, or calls a private getter, after the brand check.
    case privateGet = "__privateGet"
    /// Writes a private field, or calls a private setter, after the brand check.
    case privateSet = "__privateSet"
    /// Reads an accessor without a getter, or writes a method or an accessor without a setter: the brand check,
    /// then a TypeError (the lowering knows these uses where it writes them, so the other helpers need no check).
    case privateFail = "__privateFail"
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
    package var dependencies: [LoweringHelper] {
        switch self {
        case .privateWrapper: [.privateGet, .privateSet, .privateFail]
        // Each copied property is defined as `__publicField` defines a field (one copy of the descriptor's code).
        case .spreadValues, .objectRest: [.publicField]
        default: []
        }
    }

    /// The helper's declaration, with its own name as the variable's name. The class and object helpers are arrow
    /// functions in `var` declarations (a bundle's production code merges them into one `var`); they are declared
    /// before any code that calls them runs, and none uses `this` or `arguments`.
    package var source: String {
        switch self {
        case .spreadValues:
            """
            var __spreadValues = (target, source) => {
              if (source != null)
                for (var keys = Reflect.ownKeys(source = Object(source)), i = 0, key, descriptor; i < keys.length; i++)
                  if ((descriptor = Object.getOwnPropertyDescriptor(source, key = keys[i])) && descriptor.enumerable)
                    __publicField(target, key, source[key]);
              return target;
            };
            """
        case .objectRest:
            """
            var __objRest = (source, excluded) => {
              var target = {};
              if (source == null) throw new TypeError("Cannot destructure " + source);
              source = Object(source);
              for (var j = 0; j < excluded.length; j++) {
                if (typeof excluded[j] !== "symbol") excluded[j] = String(excluded[j]);
              }
              for (var keys = Reflect.ownKeys(source), i = 0, key, descriptor; i < keys.length; i++)
                if (excluded.indexOf(key = keys[i]) < 0 && (descriptor = Object.getOwnPropertyDescriptor(source, key)) && descriptor.enumerable)
                  __publicField(target, key, source[key]);
              return target;
            };
            """
        case .spreadProperties:
            """
            var __spreadProps = (target, properties) => Object.defineProperties(target, Object.getOwnPropertyDescriptors(properties));
            """
        case .publicField:
            """
            var __publicField = (object, key, value) =>
              Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
            """
        case .privateAdd:
            """
            var __privateAdd = (object, member, value) => {
              if (member.has(object)) throw new TypeError("Cannot add a private member twice");
              member.set(object, value);
            };
            """
        case .privateGet:
            """
            var __privateGet = (object, member, getter) => {
              if (!member.has(object)) throw new TypeError("Cannot read from private field");
              return getter ? getter.call(object) : member.get(object);
            };
            """
        case .privateSet:
            """
            var __privateSet = (object, member, value, setter) => {
              if (!member.has(object)) throw new TypeError("Cannot write to private field");
              if (setter) setter.call(object, value);
              else member.set(object, value);
              return value;
            };
            """
        case .privateFail:
            """
            var __privateFail = (object, member, value, writing) => {
              if (!member.has(object)) throw new TypeError(writing ? "Cannot write to private field" : "Cannot read from private field");
              throw new TypeError(writing ? "Private member is not writable" : "Private accessor has no getter");
            };
            """
        case .privateMethod:
            """
            var __privateMethod = (object, member, method) => {
              if (!member.has(object)) throw new TypeError("Cannot access private method");
              return method;
            };
            """
        case .privateWrapper:
            """
            var __privateWrapper = (object, member, setter, getter) => ({
              set _(value) { setter === null ? __privateFail(object, member, value, 1) : __privateSet(object, member, value, setter); },
              get _() { return getter === null ? __privateFail(object, member) : __privateGet(object, member, getter); }
            });
            """
        case .privateIn:
            """
            var __privateIn = (member, object) => {
              if (Object(object) !== object) throw new TypeError("Cannot use 'in' on a primitive");
              return member.has(object);
            };
            """
        case .privateExtract:
            """
            var __privateExtract = (home, key, part) => {
              var descriptor = Object.getOwnPropertyDescriptor(home, key);
              delete home[key];
              return part === 1 ? descriptor.get : part === 2 ? descriptor.set : descriptor.value;
            };
            """
        case .awaitMarker, .asyncIterator, .asyncGenerator, .yieldStar, .forAwait:
            asyncIterationSource
        }
    }
}

extension LoweringHelper {
    /// `helpers` with the helpers they call, each once, in the order of the cases (so a bundle's declarations do
    /// not depend on the order its files were lowered in).
    package static func closure(_ helpers: some Sequence<LoweringHelper>) -> [LoweringHelper] {
        var wanted = Set<LoweringHelper>()
        var pending = Array(helpers)
        while let helper = pending.popLast() {
            guard wanted.insert(helper).inserted else { continue }
            pending.append(contentsOf: helper.dependencies)
        }
        return allCases.filter { wanted.contains($0) }
    }

    /// The declarations of the helpers `names` holds, in the order of the cases, each under its name there (the
    /// helpers it calls too: `names` must hold them, see `closure(_:)`), readable, one line break after each. A
    /// bundle writes them once at the top of its scope; production minifies them as any generated code (their
    /// names stay as given, their parameters and locals are shortened).
    package static func declarations(of names: [LoweringHelper: String]) -> String {
        var renaming: [String: String] = [:]
        for (helper, name) in names { renaming[helper.rawValue] = name }
        var text = ""
        for helper in allCases where names[helper] != nil {
            text += renamingWords(in: helper.source, renaming) + "\n"
        }
        return text
    }

    /// `source` with each identifier-like word that is a key of `renaming` replaced by its value (the helpers'
    /// sources name other helpers only as whole words, never inside strings).
    private static func renamingWords(in source: String, _ renaming: [String: String]) -> String {
        func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
        }
        let bytes = Array(source.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard isWordByte(bytes[i]) else {
                out.append(bytes[i])
                i += 1
                continue
            }
            var end = i + 1
            while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[i..<end], as: UTF8.self)
            out.append(contentsOf: Array((renaming[word] ?? word).utf8))
            i = end
        }
        return String(decoding: out, as: UTF8.self)
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
