/// A seeded generator of small programs with async iteration, for the lowering of async generators and `for await`:
/// async generator declarations, expressions, object and class methods (static too, and derived ones reading and
/// calling `super` members, also from an arrow function) whose bodies `yield` values,
/// promises and thenables, `await` them, delegate with `yield*` (to other generators, arrays of promises, sync
/// iterables and hand-written async iterables with or without `return`/`throw`, some returning non-objects),
/// loop with `for await` (with `break`, `continue`, a labeled `continue`, `return` and throws in the body), and
/// catch and finally; then a `main` that drives them with `for await`, by hand (`next`, `return`, `throw` in turn,
/// some before the start or after the end) and with several requests queued at once. Every step logs; each
/// statement of `main` runs in its own `try`, so an expected throw is logged (by message) and the program goes on.
/// The program sets `__done` to `main()`'s promise, which the runner awaits.
struct AsyncIterationProgramGenerator {
    private var random: SeededGenerator
    private var functions: [String] = []
    private var counter = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    private mutating func number() -> Int { Int.random(in: 0..<10, using: &random) }
    private mutating func tag() -> String {
        counter += 1
        return "t\(counter)"
    }

    static let prelude = """
        const log = (x) => { __log.push(String(x)); };
        const show = (x) => x === null || typeof x !== 'object' ? String(x) :
          '{' + Object.keys(x).sort().map((k) => k + ':' + show(x[k])).join(',') + '}';
        const message = (e) => e && typeof e === 'object' ? (e.constructor ? e.constructor.name : '?') + ':' + (e instanceof TypeError ? '' : e.message) : 'value ' + String(e);
        const tick = (v) => Promise.resolve(v);
        const fail = (m) => Promise.reject(new Error(m));
        const thenable = (v) => ({ then(resolve) { log('then ' + v); resolve(v); } });
        const syncIterable = (n, tag) => ({
          [Symbol.iterator]() {
            let i = 0;
            return {
              next(v) { log(tag + ' snext ' + i + ' ' + show(v)); return i < n ? { value: i++ % 2 ? tick(i) : i, done: false } : { value: 'end', done: true }; },
              return(v) { log(tag + ' sreturn ' + show(v)); return { value: v, done: true }; },
            };
          },
        });
        class GenBase {
          base(x) { return 'base ' + x + ' ' + (this instanceof GenBase); }
          get value() { return 'value ' + typeof this.base; }
        }
        const asyncIterable = (n, tag, mode) => ({
          [Symbol.asyncIterator]() {
            let i = 0;
            const it = {
              next(v) { log(tag + ' anext ' + i + ' ' + show(v)); if (mode === 3 && i === 1) return tick(7); return tick(i < n ? { value: 'a' + i++, done: false } : { value: 'aend', done: true }); },
            };
            if (mode !== 1) it.return = (v) => { log(tag + ' areturn ' + show(v)); return mode === 4 ? tick(1) : tick({ value: 'r' + show(v), done: true }); };
            if (mode !== 2) it.throw = (e) => { log(tag + ' athrow ' + message(e)); return i++ < n ? tick({ value: 'caught', done: false }) : fail('rethrown'); };
            return it;
          },
        });

        """

    /// A program: the prelude, two to four async generators, a `main` that drives them.
    mutating func program() -> String {
        functions = []
        var lines = [Self.prelude]
        for index in 0..<Int.random(in: 2...4, using: &random) {
            lines.append(generatorDefinition(index: index))
        }
        var main = ["async function main() {"]
        for _ in 0..<Int.random(in: 3...7, using: &random) {
            main.append("  try {\n" + drive() + "\n  } catch (e) { log('main caught ' + message(e)); }")
        }
        main.append("}")
        lines.append(main.joined(separator: "\n"))
        lines.append("__done = main();")
        return lines.joined(separator: "\n") + "\n"
    }

    /// An async generator `g<index>(n)` in one of its forms; `functions` gets the expression that calls it.
    private mutating func generatorDefinition(index: Int) -> String {
        let name = "g\(index)"
        let body = statements(depth: 0, loop: false).joined(separator: "\n")
        let text: String
        switch Int.random(in: 0..<6, using: &random) {
        case 5:
            text = """
                class \(name)D extends GenBase { async *m(n) {
                log(super.base(n)); log(await super.value); const up = () => super['base']('arrow'); log(up());
                \(body)
                } }
                """
            functions.append("new \(name)D().m")
        case 0:
            text = "async function* \(name)(n) {\n\(body)\n}"
            functions.append(name)
        case 1:
            text = "const \(name) = async function* (n) {\n\(body)\n};"
            functions.append(name)
        case 2:
            text = "const \(name)o = { base: 3, async *m(n) {\nlog('this ' + this.base);\n\(body)\n} };"
            functions.append("\(name)o.m")
        case 3:
            text = "class \(name)C { constructor() { this.base = 4; } async *m(n) {\nlog('this ' + this.base);\n\(body)\n} }"
            functions.append("new \(name)C().m")
        default:
            text = "class \(name)S { static async *['m'](n, extra = n + 1) {\nlog('extra ' + extra + ' ' + arguments.length);\n\(body)\n} }"
            functions.append("\(name)S.m")
        }
        return text
    }

    private mutating func statements(depth: Int, loop: Bool) -> [String] {
        (0..<Int.random(in: 2...5, using: &random)).map { _ in statement(depth: depth, loop: loop) }
    }

    private mutating func awaitable() -> String {
        let value = number()
        return pick(["\(value)", "tick(\(value))", "thenable(\(value))", "tick('s\(value)')"])
    }

    /// Something `yield*` and `for await` iterate.
    private mutating func iterable() -> String {
        let tag = tag()
        var choices = [
            "[1, tick(2), 'x']", "syncIterable(\(Int.random(in: 0...3, using: &random)), '\(tag)')",
            "asyncIterable(\(Int.random(in: 0...3, using: &random)), '\(tag)', \(Int.random(in: 0...4, using: &random)))",
        ]
        // Only generators defined before can be called (no unbounded recursion).
        if let callee = functions.last, chance(50) { choices.append("\(callee)(\(number()))") }
        return pick(choices)
    }

    private mutating func statement(depth: Int, loop: Bool) -> String {
        let tag = tag()
        let choice = Int.random(in: 0..<(depth > 1 ? 6 : 10), using: &random)
        switch choice {
        case 0:
            return "log('\(tag) ' + n);"
        case 1:
            return "log('\(tag) sent ' + show(yield \(awaitable())));"
        case 2:
            return "const \(tag) = await \(awaitable()); log('\(tag) awaited ' + \(tag));"
        case 3:
            if loop { return pick(["break;", "continue;", "if (n > 4) break;", "if (n % 2) continue;"]) }
            return pick([
                "if (n > \(number())) return \(awaitable());", "if (n === \(number())) throw new Error('\(tag)');",
                "yield await \(awaitable());",
            ])
        case 4:
            return "log('\(tag) delegated ' + show(yield* \(iterable())));"
        case 5:
            return "yield \(awaitable());"
        case 6:
            let inner = statements(depth: depth + 1, loop: true).joined(separator: "\n")
            return "for await (const \(tag) of \(iterable())) {\nlog('\(tag) item ' + show(\(tag)));\n\(inner)\n}"
        case 7:
            let inner = statements(depth: depth + 1, loop: loop).joined(separator: "\n")
            let handler = chance(70) ? " catch (e) { log('\(tag) caught ' + message(e)); }" : ""
            let finalizer = handler.isEmpty || chance(50) ? " finally { log('\(tag) finally'); }" : ""
            return "try {\n\(inner)\n}\(handler)\(finalizer)"
        case 8:
            let inner = statements(depth: depth + 1, loop: true).joined(separator: "\n")
            return """
                outer\(tag): for (const k of [1, 2]) {
                for await (const \(tag) of \(iterable())) {
                log('\(tag) k ' + k + ' ' + show(\(tag)));
                if (k === 1) continue outer\(tag);
                \(inner)
                }
                }
                """
        default:
            return "let \(tag) = 0; for await (\(tag) of [tick(1), 2]) { log('\(tag) assigned ' + \(tag)); }"
        }
    }

    /// One statement of `main`: drives a generator.
    private mutating func drive() -> String {
        let callee = pick(functions)
        let n = number()
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            let stop = chance(40) ? " if (v === \(number()) || show(v).length > 3) break;" : ""
            return "for await (const v of \(callee)(\(n))) { log('main got ' + show(v));\(stop) }"
        case 1:
            var steps = ["const it = \(callee)(\(n));"]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let request = pick([
                    "it.next()", "it.next('sent')", "it.return(\(awaitable()))", "it.throw(new Error('thrown in'))", "it.next(tick(3))",
                ])
                steps.append("try { log('main step ' + show(await \(request))); } catch (e) { log('main step caught ' + message(e)); }")
            }
            return steps.joined(separator: "\n")
        case 2:
            var requests: [String] = []
            for _ in 0..<Int.random(in: 2...5, using: &random) {
                requests.append(pick(["it.next()", "it.next(1)", "it.return(tick(9))", "it.throw(new Error('queued'))"]))
            }
            return """
                const it = \(callee)(\(n));
                const requests = [\(requests.joined(separator: ", "))];
                log('main queued');
                for (const request of requests) { try { log('main settled ' + show(await request)); } catch (e) { log('main rejected ' + message(e)); } }
                """
        case 3:
            return """
                const it = \(callee)(\(n));
                log('main first ' + show(await it.next()));
                for await (const v of it) { log('main rest ' + show(v)); }
                log('main after ' + show(await it.next()));
                """
        default:
            return
                "log('main spread ' + show(await (async () => { const all = []; for await (const v of \(callee)(\(n))) all.push(v); return all; })()));"
        }
    }
}
