/// A seeded generator of small programs that use the syntax the lowering pass rewrites and log what happens:
/// optional chains on nullish and non-nullish bases (member accesses, calls that check their receiver, `delete`,
/// parenthesized chains called), `??` whose operands log their evaluation, logical assignment to names and to
/// getters and setters that count their calls, `**`, object spread of objects with getters, strings, arrays and
/// nullish values, object rest (declarations, nested, assignments, parameters, `for`-`of`), `catch` without a binding, numeric separators, temporaries in arrow bodies, parameter defaults
/// and `super.m?.()`. Each statement runs in its own `try`, so an expected TypeError is logged (by kind) and the
/// program goes on. Values are logged by `show`, which stops at depth 3 (assignments can make cycles).
struct LoweringProgramGenerator {
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
        function mk(tag, v) {
          let p = v, count = 0;
          const o = {
            get p() { __log.push('get ' + tag + '.p #' + (++count)); return p; },
            set p(x) { __log.push('set ' + tag + '.p ' + show(x)); p = x; },
            q: v, n: null, u: undefined, z: 0, e: '',
            m() { return this === o ? 'm this ' + tag : 'm other this'; },
            f: function () { return this === o ? 'f this ' + tag : 'f other this'; },
            inner: { w: 5, m() { return this === o.inner ? 'inner this' : 'inner other this'; } },
          };
          return o;
        }
        const o1 = mk('o1', 1), o2 = mk('o2', null), o3 = mk('o3', 'x');
        let nil = null, und = undefined, zero = 0, str = '', lv1 = null, lv2 = 1, lv3 = 0;
        const fnull = () => { __log.push('call fnull'); return null; };
        const fo1 = () => { __log.push('call fo1'); return o1; };
        class Base { m() { return 'base m ' + (this instanceof Base); } }
        class Derived extends Base {
          viaSuper() { return super.m?.(); }
          missing() { return super.zz?.(); }
          assign(v) { this.v ??= v; this.w ||= v; this.v &&= this.v + '!'; return show([this.v, this.w]); }
        }

        """

    /// A program: the prelude, then 8 to 16 logged statements.
    mutating func program() -> String {
        var lines = [Self.prelude]
        for _ in 0..<Int.random(in: 8...16, using: &random) { lines.append(statement()) }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func statement() -> String {
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
            return "try { t('try', 0); throw new Error('x'); } catch { __log.push('caught'); }"
        case 10:
            return guarded(objectRest())
        case 1:
            let target = assignmentTarget()
            return logged("(\(target) \(pick(["||=", "&&=", "??="])) \(value(1)))") + "\n" + logged(target)
        case 2:
            return logged("(\(assignmentTarget()) **= \(pick(["2", "t('e', 3)", "0.5"])))")
        default:
            return logged(value(0))
        }
    }

    private func logged(_ expression: String) -> String {
        guarded("__log.push(show(\(expression)));")
    }

    private func guarded(_ statements: String) -> String {
        "try { \(statements) } catch (e) { __log.push('throw ' + e.constructor.name); }"
    }

    /// Object rest in a declaration (nested too), an assignment, parameters and a `for`-`of` head.
    private mutating func objectRest() -> String {
        let source = value(1)
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            return "const { q, [t('k', 'z')]: zz, ...rest } = \(source); __log.push(show([q, zz, rest]));"
        case 1:
            return
                "let { inner: { w, ...innerRest } = t('d', {}), 'n': nn, ...rest } = \(source); __log.push(show([w, innerRest, nn, rest]));"
        case 2:
            return "let ra, rb; __log.push(show(({ q: ra, ...rb } = \(source)))); __log.push(show([ra, rb]));"
        case 3:
            return pick([
                "__log.push((({ q, ...others }) => show([q, others]))(\(source)));",
                "__log.push((function ({ m, ...others }, x) { return show([typeof m, others, x]); })(\(source), 1));",
            ])
        default:
            return "for (const { q, ...others } of [\(source), o1]) __log.push(show([q, others]));"
        }
    }

    private mutating func assignmentTarget() -> String {
        pick(["lv1", "lv2", "lv3", "o1.p", "o2.p", "o3.q", "o2[t('k', 'p')]", "fo1().p", "o1.inner.w", "o3.n"])
    }

    private mutating func atom() -> String {
        pick([
            "nil", "und", "zero", "str", "o1", "o2", "o3", "1_000", "0x1_0", "fnull()", "fo1()", "t('a', null)", "t('b', o3)",
            "t('c', 0)", "'ab'", "[1, 2]",
        ])
    }

    private mutating func links() -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            text += pick([
                ".p", "?.p", ".q", "?.q", "?.n", ".n", "?.u", "?.[t('k', 'p')]", "[t('k', 'q')]", "?.m()", ".m()", "?.f?.()",
                ".f?.()", ".inner?.m()", "?.inner.m()", "?.u?.()", ".z", "?.e",
            ])
        }
        return text
    }

    mutating func value(_ depth: Int) -> String {
        if depth > 2 { return atom() }
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return atom()
        case 1, 2: return "(\(value(depth + 1)))\(links())"
        case 3: return "(\(value(depth + 1))) ?? (\(value(depth + 1)))"
        case 4: return "(\(pick(["2", "t('b', 2)", "zero", "o1.q"]))) ** (\(pick(["3", "t('e', 2)", "-1"])))"
        case 5: return "({ a: t('a', 1), ...(\(value(depth + 1))), b: t('b', 2)\(chance(50) ? ", get g() { return 'g'; }" : "") })"
        case 6: return "delete (\(value(depth + 1)))?.\(pick(["q", "p", "n?.q", "inner?.w", "[t('k', 'z')]"]))"
        case 7:
            let called = "((\(pick(["o1", "fnull()", "fo1()", "o2.inner", "t('r', o3)"])))?.\(pick(["m", "inner.m", "f", "zz"])))()"
            if chance(20) { return "((\(pick(["o1", "fnull()", "fo1()", "t('r', o3)"])))?.\(pick(["m", "f", "zz"])))`tag`" }
            return chance(50) ? called : "(\(called))\(links())"
        case 8: return "((x) => x?.p ?? t('d', 'dflt'))(\(value(depth + 1)))"
        case 9: return "(function (a = (\(value(depth + 1)))?.q, b = a ?? t('d', 'dflt')) { return [a, b]; })()"
        case 10: return pick(["new Derived().viaSuper()", "new Derived().missing()", "new Derived().assign(\(atom()))"])
        default: return "\(pick(["fo1", "fnull", "o1.m", "o1.inner.m", "o2.zz"]))?.()"
        }
    }
}
