/// Seeded blocks of the syntax lowering rewrites, for the minifier and module generators run with lowering forced on:
/// logical assignment (`||=`, `&&=`, `??=`, to names, members and computed members) through a getter and setter that
/// count their calls, optional chains in calls (receivers kept: `o?.m()`, `o.m?.()`, `(o?.m)()`), in `delete`, and
/// short-circuiting on a nullish base (the skipped key's effect must not happen), `??`, object spread and rest, and
/// classes with public, static and private fields, private methods and accessors, `#x in` and static blocks. Each
/// block is self-contained (`{ ... }`, its names suffixed with `id`) and logs through `log`, a function of the
/// program that takes values.
struct LoweredFeatureSnippets {
    private var random: SeededGenerator
    private var count = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    private mutating func value() -> String { pick(["0", "1", "''", "'s'", "null", "undefined", "false", "7"]) }

    /// Whether to put a block before the next statement (about one statement in four).
    mutating func wanted() -> Bool { chance(25) }

    /// One block; `log` is the program's logging function (`log` or `__log.push`).
    mutating func block(log: String, id: String) -> String {
        count += 1
        let k = "\(id)_\(count)"
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return logicalAssignment(log: log, k: k)
        case 1: return chains(log: log, k: k)
        default: return privateClass(log: log, k: k)
        }
    }

    private mutating func logicalAssignment(log: String, k: String) -> String {
        let operators = ["||=", "&&=", "??="]
        var lines = [
            "{",
            "let calls\(k) = 0, sets\(k) = 0, local\(k) = \(value());",
            "const o\(k) = { _p: \(value()), get p() { calls\(k)++; return this._p; }, set p(v) { sets\(k)++; this._p = v; }, q: { r: \(value()) } };",
            "const key\(k) = () => { calls\(k) += 100; return 'p'; };",
        ]
        for _ in 0..<Int.random(in: 2...5, using: &random) {
            let op = pick(operators)
            let right = pick(["\(value())", "(sets\(k) += 1000, \(value()))", "o\(k).p", "'r' + calls\(k)"])
            let target = pick(["o\(k).p", "o\(k)[key\(k)()]", "local\(k)", "o\(k).q.r", "(o\(k)).p"])
            lines.append("\(log)(\(target) \(op) \(right), calls\(k), sets\(k));")
        }
        lines.append("\(log)(o\(k)._p, local\(k), o\(k).q.r, calls\(k), sets\(k));")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private mutating func chains(log: String, k: String) -> String {
        let base = pick(["null", "undefined", "{ a: { b() { return this === z\(k).a ? 'b recv' : 'b lost'; } } }", "{ a: null }"])
        return [
            "{",
            "let n\(k) = 0;",
            "const o\(k) = { m(a) { return this === o\(k) ? 'recv ' + a : 'lost'; }, n: null, d: { x: 1, y: 2 }, ['k' + \(chance(50) ? 1 : 2)]: 3 };",
            "const z\(k) = \(base);",
            "\(log)(o\(k)?.m(1), o\(k).m?.(2), o\(k)?.['m']?.(3), o\(k).nope?.(4), (o\(k)?.m)(5), o\(k).n?.length, o\(k).n?.x.y.z());",
            "\(log)(delete o\(k)?.d.x, delete o\(k).nope?.x, delete z\(k)?.a, 'x' in o\(k).d, z\(k)?.a?.b(), z\(k)?.[n\(k)++], n\(k));",
            "\(log)(z\(k) ?? 'fallback', z\(k)?.a ?? (n\(k) += 10, 'none'), n\(k), 0 ?? 'zero', o\(k).n ?? o\(k).m(6));",
            "const { d: d\(k), ...rest\(k) } = { ...o\(k), extra: n\(k), ...(z\(k) ?? { fromZ: 1 }) };",
            "\(log)(Object.keys(rest\(k)).join(), JSON.stringify(d\(k) ?? null), { ...null, ...'ab', ...[n\(k)] }[1]);",
            "}",
        ].joined(separator: "\n")
    }

    private mutating func privateClass(log: String, k: String) -> String {
        let start = pick(["0", "1", "null", "'s'"])
        return [
            "{",
            "let made\(k) = 0;",
            "class P\(k) {",
            "  #x = \(start);",
            "  y = ++made\(k);",
            "  static #count = 0;",
            "  static label = 'P' + made\(k);",
            "  static { P\(k).#count = 10; \(log)('static block', this === P\(k), this.label); }",
            "  #m(a) { return [a, this.#x]; }",
            "  get #g() { return this.y * 2; }",
            "  set #s(v) { this.#x = v; }",
            "  static has(o) { return #x in o; }",
            "  bump() { this.#x ??= 5; this.#x ||= 6; this.#s = this.#x + 1; P\(k).#count++; return [this.#m(this.#g), P\(k).#count, this.#x]; }",
            "  static read(o) { try { return o.#x; } catch (e) { return e.constructor.name; } }",
            "}",
            "const p\(k) = new P\(k)();",
            "\(log)(p\(k).bump(), p\(k).bump(), P\(k).has(p\(k)), P\(k).has({}), P\(k).read({}), P\(k).label, made\(k), new P\(k)().y);",
            "}",
        ].joined(separator: "\n")
    }
}
