import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Behaviour equivalence of the minifier on generated programs: each seeded program runs in node as written,
/// bundled in development mode and bundled in production (minified) mode, and the three logs must be equal.
/// All programs run in one node process, each in a fresh context.
///
/// `WKPACK_PROPERTY_CASES=N` runs N programs instead of the default 200 (`scripts/robustness/property-tests`).
@Suite struct MinifierPropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 200

    /// Runs every file named in the JSON array at argv[1] in a fresh vm context; prints one log per file.
    static let runner = """
        const vm = require('node:vm'), fs = require('node:fs');
        const logs = JSON.parse(fs.readFileSync(process.argv[1], 'utf8')).map((file) => {
          const context = { __log: [] };
          vm.createContext(context);
          try { vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file, timeout: 2000 }); }
          catch (error) { context.__log.push('THROWN ' + (error && error.constructor ? error.constructor.name : typeof error)); }
          return context.__log.map(String);
        });
        process.stdout.write(JSON.stringify(logs));
        """

    /// The outcome of running programs as written, bundled for development and bundled for production.
    struct Outcome {
        var failures: [String] = []
        var entries = 0
        var thrown = 0
    }

    /// Bundles `programs` (one group each) in both modes for `target` and runs all three forms of each in one node
    /// process; `nil` without node.
    static func run(_ programs: [String], target: ScriptTarget = .newest) throws -> Outcome? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var groups: [ScriptGroupDefinition] = []
        for (index, program) in programs.enumerated() {
            try TestSupport.write(["programs/p\(index).js": program], under: folder)
            groups.append(ScriptGroupDefinition(name: "P\(index)", files: [folder + "/programs/p\(index).js"]))
        }
        try FileManager.default.createDirectory(atPath: folder + "/UserScripts", withIntermediateDirectories: true)
        let bundler = ScriptBundler()
        for mode in [BundleMode.development, .production] {
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: folder + "/\(mode)", projectFolder: folder,
                mode: mode, sourceMaps: .none, groups: groups, target: target)
            _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
        }
        let files = programs.indices.flatMap { index in
            [
                "\(folder)/programs/p\(index).js", "\(folder)/\(BundleMode.development)/P\(index).js",
                "\(folder)/\(BundleMode.production)/P\(index).js",
            ]
        }
        let manifest = folder + "/manifest.json"
        try JSONSerialization.data(withJSONObject: files).write(to: URL(fileURLWithPath: manifest))
        guard let output = try TestSupport.node(Self.runner, [manifest]) else { return nil }
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        try #require(logs.count == files.count)
        var outcome = Outcome()
        for index in programs.indices {
            let (source, development, production) = (logs[3 * index], logs[3 * index + 1], logs[3 * index + 2])
            outcome.entries += source.count
            if source.last?.hasPrefix("THROWN") == true { outcome.thrown += 1 }
            if source != development || source != production {
                guard outcome.failures.count < 3 else {
                    outcome.failures.append("program \(index)")
                    continue
                }
                let minified = (try? String(contentsOfFile: files[3 * index + 2], encoding: .utf8)) ?? ""
                outcome.failures.append(
                    "program \(index):\nsource \(source)\ndevelopment \(development)\nproduction \(production)\n\(programs[index])\nminified:\n\(minified)"
                )
            }
        }
        return outcome
    }

    /// The property programs (`JavaScriptProgramGenerator`), without the few that hold an early error (about 1 in
    /// 200, such as a `const` redeclaring a parameter): node refuses them as written, and the bundler refuses such a
    /// file with a located error.
    static func parsingPrograms() -> [String] {
        (0..<Self.caseCount).compactMap { seed -> String? in
            var generator = JavaScriptProgramGenerator(seed: UInt64(seed) &+ 7_000)
            let program = generator.program()
            return (try? SyntaxParser.parse(program)) == nil ? nil : program
        }
    }

    /// The programs minified by the tree minifier: each script file parsed once, compressed, renamed and printed
    /// from its tree.
    @Test func minifiedBundlesBehaveLikeTheSources() throws {
        let programs = Self.parsingPrograms()
        guard let outcome = try Self.run(programs) else { return }
        print(
            "minifier property: \(programs.count) programs, \(outcome.entries) log entries, \(outcome.thrown) programs ending in a throw, \(outcome.failures.count) differing"
        )
        #expect(outcome.entries >= programs.count * 3, "the programs should log something")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Lowering forced on: the programs, with blocks of the syntax the pass rewrites among their statements
    /// (`LoweredFeatureSnippets`: logical assignment through counting getters, optional chains in calls and
    /// deletes, `??`, object spread and rest, classes with private members and static blocks), bundled for safari11,
    /// which lacks every feature they use, behave in both modes as the sources do in node.
    @Test func loweredBundlesBehaveLikeTheSources() throws {
        // The generator now and then declares a parameter's name again with `const` in the body, a SyntaxError
        // (node throws it for the source too): the build refuses a script that does not parse. Those are left out.
        let programs = (0..<Self.caseCount).compactMap { seed -> String? in
            var generator = JavaScriptProgramGenerator(seed: UInt64(seed) &+ 7_000, loweredFeatures: true)
            let program = generator.program()
            return (try? SyntaxParser.parse(program)) == nil ? nil : program
        }
        guard let outcome = try Self.run(programs, target: .minimum) else { return }
        print(
            "minifier property, lowered for safari11: \(programs.count) programs, \(outcome.entries) log entries, \(outcome.thrown) programs ending in a throw, \(outcome.failures.count) differing"
        )
        #expect(
            programs.filter { $0.contains("#x") && $0.contains("??=") }.count >= programs.count / 10,
            "the programs should use lowered syntax")
        #expect(outcome.entries >= programs.count * 3, "the programs should log something")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Minimised from generated programs: a parameter default cannot see the body's declarations, so it must not
    /// be renamed with them (it was renamed to the body's `const`, a ReferenceError once minified).
    @Test func parameterDefaultsDoNotSeeTheBodysDeclarations() throws {
        let programs = [
            "let c = 1;\nfunction f(p = c) { const c = 2; return p + c; }\n__log.push(String(f()));\n",
            "var c = 'outer';\nfunction f(p = () => c) { var c = 'body'; return p() + c; }\n__log.push(f());\n",
            "let c = 3;\nconst g = (p = c, { q } = { q: c }) => { let c = 4; class K {} return [p, q, c].join(); };\n__log.push(g());\n",
            "let c = 5;\nclass A { m(p = c) { const c = 6; return p * c; } }\n__log.push(String(new A().m()));\n",
        ]
        guard let outcome = try Self.run(programs) else { return }
        #expect(outcome.thrown == 0)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }
    /// Programs where the rewriting passes (`MinifierPasses`) apply or must hold back: the order of effects
    /// (getters, calls that log), temporal dead zones, closures, `arguments`, `eval`, `__proto__` keys, quotes.
    @Test func rewritingPassesKeepBehaviour() throws {
        let programs = [
            // Inlined single-use locals, and the effects they must not pass.
            """
            function f(a, b) { const r = a + b * 3; return r; }
            function g(o) { const r = o.x; __log.push('after read'); return r; }
            const o = { get x() { __log.push('getter'); return 1; } };
            function h(a) { const r = a(); return [a.length, r]; }
            function k(a) { let x = a * 2; const y = x + 1; return y; }
            __log.push(f(1, 2), g(o), h(() => 3).join(), k(4));
            """,
            """
            let order = [];
            const t = (n) => { order.push(n); return n; };
            function f() { const r = t(1); return t(2) + r; }
            function g() { const r = t(3); return [r, t(4)]; }
            function h(c) { const r = t(5); return c && r; }
            function m() { const r = t(6); try { return z + r; } catch (e) { return 'tdz ' + e.constructor.name; } let z = 1; }
            __log.push(f(), g().join(), h(0), m(), order.join());
            """,
            """
            function a(x) { const r = arguments[0]; arguments[0] = 9; return r + x; }
            function b(x) { const r = x; eval('x = 5'); return r; }
            function c() { const r = []; return () => r.push(1) && r; }
            function d(o) { const r = o.f; return r(); }
            const obj = { v: 7, f() { return this === obj ? this.v : 'detached'; } };
            __log.push(a(1), b(2), c()().length, d(obj), typeof (function () { const r = this; return r; })());
            """,
            // `if` as expressions, merged declarations.
            """
            function p(a, b) { if (a) return b; return -b; }
            function q(a) { let out = []; if (a > 1) out.push('big'); else out.push('small'); if (a) { out.push('set'); } return out.join(); }
            function r(a, b) { if (a || b) a = 'either'; return a; }
            function s() { var x = 1; var y = x + 1; var z = y * 2; return [x, y, z].join(); }
            __log.push(p(true, 1), p(false, 1), q(2), q(0), r(0, 1), r(0, 0), s());
            """,
            // Quoted keys and quotes.
            """
            const o = { "a": 1, "b-c": 2, "1": 3, "__proto__": { inherited: 4 } };
            const p = { ["__proto__"]: 5 };
            __log.push(o["a"], o["b-c"], o["1"], o.inherited, Object.keys(o).join(), Object.keys(p).join(), o?.["a"]);
            __log.push('it\\'s', 'it\\'s "fine"', "say \\"hi\\"", 'a`b\\'c"${d}', '\\x41\\u0042');
            """,
        ]
        guard let outcome = try Self.run(programs) else { return }
        #expect(outcome.thrown == 0)
        #expect(outcome.entries >= 20)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Programs for the shortening passes: private names across nested classes, `new` without arguments next to
    /// member access, `typeof` tests (also of undeclared names), `undefined` shadowed and compared, single
    /// statements unbraced before `else` and inside loops, lone arrow parameters.
    @Test func shorteningPassesKeepBehaviour() throws {
        let programs = [
            """
            class A { #count = 0; #items = []; static #made = 0;
              constructor() { A.#made++; }
              add(x) { this.#items.push(x); this.#count += 1; return this; }
              get count() { return this.#count; }
              static made() { return A.#made; }
              has(o) { return #items in o; }
              inner() { return new (class { #count = 'inner'; read() { return this.#count; } })().read(); } }
            const a = new A().add(1).add(2);
            __log.push(a.count, A.made(), a.has(a), a.has({}), a.inner(), new A() instanceof A);
            """,
            """
            class M { constructor() { this.v = 'made'; } get x() { return 'getter'; } }
            const ns = { M };
            __log.push(new M().v, new ns.M().x, new M() instanceof M, [new M(), new Map()].length);
            const f = () => M;
            __log.push(new (f())().v);
            """,
            """
            var g;
            __log.push(typeof g === 'undefined', typeof g !== 'undefined', typeof nope === 'undefined', typeof 1 === 'number',
              'number' === typeof 1, typeof null === 'object', typeof g === typeof nope, typeof (() => 1) !== 'function');
            function h(undefined) { return [1 === undefined, undefined !== 2]; }
            __log.push(h(1).join(), h(3).join(), g === undefined, void 0 === undefined, null == undefined);
            """,
            """
            function p(a, b) { const out = []; if (a) { out.push('a'); } else { out.push('not a'); out.push('!'); }
              if (a) { if (b) out.push('b'); } else out.push('else a');
              for (let i = 0; i < 3; i++) { out.push(i); }
              let n = 2; while (n) { n--; }
              for (const k of [7, 8]) { if (k > 7) { break } }
              if (b) { switch (a) { case 1: out.push('one') } } else out.push('no b');
              return out.join() + n; }
            __log.push(p(1, 1), p(0, 1), p(1, 0), p(0, 0));
            """,
            """
            const xs = [1, 2, 3].map((x) => x * 2).filter(async (y) => y);
            const k = (z) => (w) => z + w;
            __log.push(xs.join(), k(1)(2), ((v) => typeof v)(1));
            """,
        ]
        guard let outcome = try Self.run(programs) else { return }
        #expect(outcome.thrown == 0)
        #expect(outcome.entries >= 25)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Programs for the passes of issue 25: parentheses left out by precedence (and kept around optional chains,
    /// `new C`, numbers, statement starts), error constructors called without `new` (and a shadowed one), unused
    /// function and class expression names, line breaks after statement heads (and after a method named `if`),
    /// `undefined` compared inside moved ranges, constants inlined (and one read in its temporal dead zone by a
    /// hoisted function), unused local declarations left out.
    @Test func issue25PassesKeepBehaviour() throws {
        let programs = [
            """
            const items = [{ key: 'a', v: 1 }, { key: 'b', v: 2 }];
            const byKey = items.reduce((c, b) => ((c[b.key] = b), c), {});
            const port = (m) => m[3] !== undefined ? Number(m[3]) : (m[1] === 'https' ? 443 : 80);
            const o = { a: { b: 2 }, n: null };
            __log.push(Object.keys(byKey).join(), port([0, 'https']), port([0, 'http']), port([0, 'x', 0, '8']));
            __log.push((o.n?.b)?.c, (o.a?.b), (a => a)(3), ((1)).toFixed(1), (2) ** (-1), (-(-4)), +(+'5'), typeof (o), !(o));
            __log.push((1 + 2) * 3, 1 - (2 - 3), '1' + (2 + 3), ('a' + 2) + 3, (o.n ?? 'd') || 'e', o.n ?? (0 || 'f'), 2 ** (3 ** 2));
            __log.push(JSON.stringify(({}).constructor === Object), (function () { return 'iife'; })(), (class { static k = 'cls' }).k);
            const esc = (s) => String(s).replace(/[&<]/g, (h) => ({ '&': '&amp;', '<': '&lt;' })[h]);
            const pick = (k) => ({ a: 1, b: 2 }).hasOwnProperty(k) ? ({ a: 1, b: 2 })[k] : (function () { return 'none'; }).call();
            __log.push(esc('a<b&c'), pick('b'), pick('z'));
            let q = 0; [(q)] = [7]; ({ v: (q) } = { v: q + 1 }); __log.push(q, delete (o.a), 'a' in o);
            """,
            """
            class C { constructor() { this.made = true; } get x() { return 'x'; } }
            __log.push((new C).made, (new C()).x, new (function () { return C; }())().made);
            function check(Error) { return new Error('shadowed'); }
            const shadow = function (m) { this.m = m; };
            __log.push(check(shadow).m, new Error('a').message, new TypeError('b') instanceof TypeError, (new RangeError('c')).name);
            try { throw new SyntaxError('thrown'); } catch (e) { __log.push(e.constructor.name, e.message, e instanceof Error); }
            __log.push(String(new AggregateError([1], 'agg').errors), new URIError('u').stack.split('\\n')[0]);
            """,
            """
            const named = function unused(g) { return g * 2; };
            const recursive = function fact(n) { return n ? n * fact(n - 1) : 1; };
            const K = class Inner { static make() { return new Inner(); } who() { return 'inner'; } };
            const gen = function* g() { yield 1; yield 2; };
            function* pairs(m, skip) { for (const [k, v] of m) { yield [k, v.value]; } if (!skip) { yield* [9]; } };;
            __log.push(JSON.stringify([...pairs(new Map([['a', { value: 1 }]]))]), [...pairs(new Map(), true)].length);
            __log.push(named(2), recursive(5), K.make().who(), [...gen()].join(), typeof named);
            """,
            """
            const o = { if(a) { return 'method ' + a; }, while(b) { return b; } };
            function f(a, list) { const out = [];
              if (!a)
                return 'none';
              for (const x of list)
                out.push(x);
              while (out.length > 3)
                out.pop();
              let x = o.if(a)
              out.push(x)
              do out.push('d'); while (false)
              out.push('after');
              return out.join(); }
            __log.push(f(0, []), f(1, [1, 2, 3, 4, 5]), o.while(2));
            """,
            """
            function consts() { const name = 'downloadManager', n = 3, t = true, long = 'a longer string';
              const post = (x) => __log.push(x + ':' + name + n + t);
              post('a'); post(long); post(long);
              function early() { try { return tdz; } catch (e) { return e.constructor.name; } }
              const before = early(); const tdz = 'late';
              return [before, early()].join(); }
            function unused() { let H = { name: 'consent', created: 0, enabled: false }, I = (...a) => a;
              function helper() { return other(); } function other() { return 1; }
              const k = function () { return k; }; const kept = [1, 2];
              { let inner = 'x'; } return kept.length; }
            __log.push(consts(), unused());
            function g(a) { if (a.b !== undefined) { return 'set'; } return 'unset'; }
            function h(a) { const r = a === undefined; return !r; }
            function k(a) { if (undefined === a) __log.push('k undefined'); else __log.push('k ' + a); }
            __log.push(g({ b: 1 }), g({}), h(), h(0)); k(); k(1);
            function joined() { const css = 'img { a: "b" }' + "\\n*:not(html) { c: 'd' }" + '\\u00e9';
              const directive = 'use ' + 'strict', octal = '\\0' + '1';
              const read = function () { directive; return [css, octal.length, directive].join('|'); };
              return read(); }
            __log.push(joined());
            """,
        ]
        guard let outcome = try Self.run(programs) else { return }
        #expect(outcome.thrown == 0)
        #expect(outcome.entries >= 40)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }
}
