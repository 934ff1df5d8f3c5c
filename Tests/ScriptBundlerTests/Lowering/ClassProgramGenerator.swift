/// A seeded generator of small programs with classes, for the lowering of class features: public, static, computed
/// and private fields whose initializers count and log their evaluation, private methods and accessors (static too),
/// static blocks, derived classes whose fields and static code use `super`, constructors (none, one `super` call or
/// several, parameters named as names the initializers read), a base class setter a derived field must not call
/// (define semantics), `#x in`, updates and compound, logical and destructuring assignments to private fields,
/// private calls through `?.`, classes evaluated in a loop (each evaluation with private names of its own), and
/// uses that must throw (a method called on another object; reading an accessor without a getter, writing one
/// without a setter or a method). Each statement after the classes runs in its own `try`, so an expected TypeError
/// is logged (by kind) and the program goes on.
struct ClassProgramGenerator {
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    static let prelude = """
        const show = (x, depth = 0) => typeof x === 'function' ? 'fn' : x === null || typeof x !== 'object' ? String(x) :
          depth > 2 ? 'deep' : Array.isArray(x) ? '[' + x.map((y) => show(y, depth + 1)).join(',') + ']' :
          '{' + Object.keys(x).map((k) => k + ':' + show(x[k], depth + 1)).join(',') + '}';
        const t = (tag, v) => { __log.push('eval ' + tag); return v; };
        let counter = 0;
        const next = (tag) => { __log.push('init ' + tag + ' ' + (++counter)); return counter; };
        class Base {
          constructor(a) { __log.push('Base ' + show(a)); this.fromBase = a; }
          set f0(v) { __log.push('Base setter f0 ' + v); }
          baseMethod() { return 'bm ' + (this instanceof Base); }
          static sm() { return 'sbase ' + (typeof this); }
        }

        """

    /// What one generated class declares.
    private struct Shape {
        var name: String
        var derived: Bool
        var fields: [String] = []
        var privateFields: [String] = []
        var staticPrivateFields: [String] = []
        var methods: [String] = []
        var getters: [String] = []
        var setters: [String] = []
        var staticMethods: [String] = []
    }

    /// A program: the prelude, two or three classes, and statements that use them.
    mutating func program() -> String {
        var lines = [Self.prelude]
        var shapes: [Shape] = []
        for index in 0..<Int.random(in: 2...3, using: &random) {
            let (text, shape) = classDefinition(index: index, previous: shapes.last)
            // Not in a `try`: the later statements read the class.
            lines.append(text + "\n__log.push('defined " + shape.name + "');")
            shapes.append(shape)
        }
        for _ in 0..<Int.random(in: 6...12, using: &random) {
            lines.append(guarded(use(pick(shapes))))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func guarded(_ statements: String) -> String {
        "try {\n\(statements)\n} catch (e) { __log.push('throw ' + (e && e.constructor ? e.constructor.name : typeof e)); }"
    }

    /// `class C1 ... { ... }` (or `var C1 = class ...`), and what it declares.
    private mutating func classDefinition(index: Int, previous: Shape?) -> (String, Shape) {
        let name = "C\(index)"
        // Only a class that extends Base (its methods are what `super` calls) is extended again.
        let extendsPrevious = previous?.derived == true && chance(40)
        let derived = extendsPrevious || chance(50)
        var shape = Shape(name: name, derived: derived)
        var members: [String] = []
        let prefix = "m\(index)"
        for member in 0..<Int.random(in: 3...8, using: &random) {
            let tag = "\(prefix)_\(member)"
            switch Int.random(in: 0..<11, using: &random) {
            case 0:
                let field = derived && chance(30) ? "f0" : "f\(member)"
                shape.fields.append(field)
                members.append("\(field) = next('\(tag)')\(derived && chance(50) ? " + super.baseMethod()" : "");")
            case 1:
                shape.fields.append("ck\(member)")
                members.append("[t('key \(tag)', 'ck\(member)')] = next('\(tag)');")
            case 2:
                members.append("static s\(member) = next('\(tag)') + (typeof this)\(derived ? " + super.sm()" : "");")
            case 3:
                shape.privateFields.append("p\(member)")
                members.append("#p\(member)\(chance(80) ? " = next('\(tag)')" : "");")
            case 4:
                shape.staticPrivateFields.append("sp\(member)")
                members.append("static #sp\(member) = next('\(tag)');")
            case 5:
                shape.methods.append("pm\(member)")
                let body = shape.privateFields.last.map { "this.#\($0)" } ?? "'none'"
                members.append(
                    "#pm\(member)(x) { __log.push('pm\(member) ' + x + ' ' + (this instanceof \(name))\(derived ? " + super.baseMethod()" : "")); return \(body); }"
                )
            case 6:
                let accessor = "g\(member)"
                let storage = "p\(member)s"
                shape.privateFields.append(storage)
                members.append("#\(storage) = 0;")
                if chance(80) {
                    shape.getters.append(accessor)
                    members.append("get #\(accessor)() { __log.push('get \(accessor)'); return this.#\(storage); }")
                }
                if chance(80) {
                    shape.setters.append(accessor)
                    members.append("set #\(accessor)(v) { __log.push('set \(accessor) ' + v); this.#\(storage) = v; }")
                }
            case 7:
                shape.staticMethods.append("spm\(member)")
                members.append(
                    "static #spm\(member)() { return 'spm\(member) ' + (typeof this)\(derived ? " + super.sm()" : ""); }")
            case 8:
                var block = "__log.push('static block \(tag) ' + (typeof this)); var local\(member) = next('\(tag)');"
                if derived { block += " __log.push(super.sm());" }
                if let field = shape.staticPrivateFields.last { block += " __log.push('static private ' + this.#\(field));" }
                members.append("static { \(block) }")
            case 9:
                members.append("shadow\(member) = counter + (typeof this);")
            default:
                members.append("plain\(member)() { return 'plain \(member)'; }")
            }
        }
        members.append(runMethod(shape))
        members.append("static check(o) { return [\(brandChecks(shape).joined(separator: ", "))]; }")
        if chance(60) { members.insert(constructor(derived: derived), at: Int.random(in: 0...members.count, using: &random)) }
        let heritage = derived ? " extends \(extendsPrevious ? previous?.name ?? "Base" : "Base")" : ""
        let body = members.map { "  " + $0 }.joined(separator: "\n")
        if chance(30) {
            return ("var \(name) = class\(heritage) {\n\(body)\n};", shape)
        }
        return ("class \(name)\(heritage) {\n\(body)\n}", shape)
    }

    private mutating func constructor(derived: Bool) -> String {
        guard derived else { return "constructor(counter) { __log.push('ctor ' + counter + ' ' + show(this)); }" }
        return pick([
            "constructor(counter) { __log.push('before super'); super(counter); __log.push('ctor ' + show(this)); }",
            "constructor(counter, again = counter) { if (again > 1) { super(again); } else { super('small'); } __log.push('ctor ' + show(this)); }",
            "constructor(x) { const make = () => super(x); make(); __log.push('ctor arrow ' + show(this)); }",
        ])
    }

    /// `#x in o` for the class's private names.
    private func brandChecks(_ shape: Shape) -> [String] {
        let names = shape.privateFields + shape.methods + Array(Set(shape.getters + shape.setters)).sorted()
        let checks = names.map { "#\($0) in o" } + shape.staticPrivateFields.map { "#\($0) in o" }
        return checks.isEmpty ? ["'no private names'"] : checks
    }

    /// `run(other)`: uses of the private members on `this` and on `other`.
    private mutating func runMethod(_ shape: Shape) -> String {
        var statements: [String] = []
        for _ in 0..<Int.random(in: 2...6, using: &random) {
            let target = pick(["this", "this", "other"])
            var options: [String] = []
            if let field = shape.privateFields.randomElement(using: &random) {
                options += [
                    "__log.push(show(\(target).#\(field)));",
                    "__log.push(show(\(target).#\(field)++), show(++\(target).#\(field)));",
                    "__log.push(show(\(target).#\(field) += t('add', 2)));",
                    "__log.push(show(\(target).#\(field) ??= t('nullish', 3)), show(\(target).#\(field) ||= t('or', 4)), show(\(target).#\(field) &&= t('and', 5)));",
                    "[\(target).#\(field), { a: \(target).#\(field) = t('default', 6) }] = [7, {}]; __log.push(show(\(target).#\(field)));",
                    "__log.push(show(\(target)?.#\(field)));",
                ]
            }
            if let method = shape.methods.randomElement(using: &random) {
                options += [
                    "__log.push(show(\(target).#\(method)(t('arg', 1))));",
                    "__log.push(show(\(target)?.#\(method)(2)), typeof \(target).#\(method));",
                    "__log.push(show((0, \(target).#\(method))?.call(\(target), 3)));",
                ]
            }
            if let getter = shape.getters.randomElement(using: &random) {
                options.append("__log.push(show(\(target).#\(getter)));")
            }
            if let setter = shape.setters.randomElement(using: &random) {
                options.append("__log.push(show(\(target).#\(setter) = t('set', 8)));")
                if shape.getters.contains(setter) { options.append("__log.push(show(\(target).#\(setter) += 1));") }
            }
            // What throws after the brand check: reading an accessor without a getter, writing one without a
            // setter or a method (the written value is evaluated first).
            if let accessor = shape.setters.filter({ !shape.getters.contains($0) }).randomElement(using: &random) {
                options.append("__log.push(show(\(target).#\(accessor)));")
                options.append("__log.push(show(\(target).#\(accessor) += t('add', 9)));")
            }
            if let accessor = shape.getters.filter({ !shape.setters.contains($0) }).randomElement(using: &random) {
                options.append("__log.push(show(\(target).#\(accessor) = t('set', 10)));")
                options.append("[\(target).#\(accessor)] = [t('pattern', 11)];")
            }
            if let method = shape.methods.randomElement(using: &random) {
                options.append("__log.push(show(\(target).#\(method) = t('write', 12)));")
                options.append("__log.push(show(\(target).#\(method)++));")
            }
            if let field = shape.staticPrivateFields.randomElement(using: &random) {
                options.append("__log.push(show(\(shape.name).#\(field)++));")
            }
            if let method = shape.staticMethods.randomElement(using: &random) {
                options.append("__log.push(show(\(shape.name).#\(method)()));")
            }
            options.append("__log.push(show(\(shape.name).check(\(target))));")
            let statement = pick(options)
            statements.append("try { \(statement) } catch (e) { __log.push('inner throw ' + e.constructor.name); }")
        }
        return "run(other) {\n    " + statements.joined(separator: "\n    ") + "\n  }"
    }

    /// A statement that creates instances and uses them.
    private mutating func use(_ shape: Shape) -> String {
        let name = shape.name
        switch Int.random(in: 0..<8, using: &random) {
        case 7:
            // Classes evaluated in a loop: each evaluation has its own private names.
            let kind = pick(["const K = class", "class K"])
            return
                "const made = []; for (let i = 0; i < 2; i++) { \(kind) extends \(name) { #v = i; static #n = t('n', i); get() { return this.#v + K.#n; } static { __log.push('loop static ' + K.#n); } }; made.push(new K(i)); } __log.push(made.map((o) => o.get()).join()); Object.getPrototypeOf(made[0]).get.call(made[1]);"
        case 0:
            return "const o = new \(name)(t('arg', 1)); __log.push(show(o));"
        case 1:
            return "const o = new \(name)(2); o.run(new \(name)(3));"
        case 2:
            return "new \(name)(4).run({});"
        case 3:
            return "__log.push(show(\(name).check(new \(name)(5))), show(\(name).check({})));"
        case 4:
            return "__log.push(show(\(name).check(1)));"
        case 5:
            return "__log.push(show(Object.keys(\(name))), show(Object.keys(new \(name)(6))));"
        default:
            return
                "class Sub extends \(name) { #p0 = 'sub'; own() { return this.#p0; } } const s = new Sub(7); __log.push(s.own(), show(s)); s.run(s);"
        }
    }
}
