/// A seeded generator of small, valid, deterministic JavaScript programs that log what they compute with
/// `log(...)`: nested functions, closures, shadowing, `var`/`let`/`const`, destructuring, classes, labels,
/// ASI-sensitive `return`s and `++`, regular expressions next to divisions, template literals, `try`/`catch`,
/// `arguments` and default parameters. Programs never log function text or names, and log errors by kind only,
/// so a correct minifier (which renames locals) gives the same log.
struct JavaScriptProgramGenerator {
    private var random: SeededGenerator
    /// Lexical names (`let`, `const`, `class`) are unique per block; `var` and function names come from their
    /// own pools so they never clash with a lexical name of an enclosing block.
    private static let lexicalNames = ["a", "b", "c", "x", "y", "value", "item"]
    private static let varNames = ["v1", "v2", "v3"]
    private static let functionNames = ["f", "g", "helper", "compute"]
    private static let classNames = ["K", "Box"]

    private struct Scope {
        var lexical: [String] = []
        /// Names that may be assigned (`let` and `var`).
        var mutable: [String] = []
        var readable: [String] = []
        var functions: [String] = []
        var classes: [String] = []
        /// Names used in this block so far (also inside nested blocks): declaring one of them later here with
        /// `let`/`const` would put the earlier uses in the temporal dead zone.
        var used: Set<String> = []
        var isFunction: Bool
    }

    private var scopes: [Scope] = []
    private var output = ""
    private var indent = 0
    private var labelCount = 0
    private var functionCount = 0

    /// With lowered features on, blocks of the syntax lowering rewrites (`LoweredFeatureSnippets`, drawn from a random
    /// stream of their own, so the other statements stay those of the seed) come before some statements.
    private var snippets: LoweredFeatureSnippets?

    /// A generator for `seed`; `loweredFeatures`: also write blocks of the syntax the lowering pass rewrites.
    init(seed: UInt64, loweredFeatures: Bool = false) {
        random = SeededGenerator(seed: seed)
        snippets = loweredFeatures ? LoweredFeatureSnippets(seed: seed &+ 0x5EED) : nil
    }

    /// A block of lowered features, now and then (only with `loweredFeatures`).
    private mutating func loweredFeatureBlock() {
        guard var generator = snippets else { return }
        defer { snippets = generator }
        guard generator.wanted() else { return }
        let text = generator.block(log: "log", id: "L")
        for part in text.split(separator: "\n") { line(String(part)) }
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    private mutating func line(_ text: String) {
        output += String(repeating: "  ", count: indent) + text + "\n"
    }

    private var readable: [String] { scopes.flatMap(\.readable) }
    private var mutable: [String] { scopes.flatMap(\.mutable) }
    private var functions: [String] { scopes.flatMap(\.functions) }

    /// A lexical name not yet declared in the innermost block.
    private mutating func freshLexical() -> String? {
        let taken = Set((scopes.last?.lexical ?? []) + (scopes.last?.functions ?? []) + (scopes.last?.classes ?? []))
        let free = Self.lexicalNames.filter { !taken.contains($0) && !(scopes.last?.used.contains($0) ?? false) }
        return free.isEmpty ? nil : pick(free)
    }

    /// Declares `name` in the innermost block; `readable: false` for functions, which expressions must not turn
    /// into strings (minified function text differs).
    private mutating func declare(_ name: String, mutable: Bool, lexical: Bool = true, readable: Bool = true) {
        guard var scope = scopes.popLast() else { return }
        if lexical { scope.lexical.append(name) }
        if mutable { scope.mutable.append(name) }
        if readable { scope.readable.append(name) }
        scopes.append(scope)
    }

    /// `name`, recorded as used in every open block.
    private mutating func use(_ name: String) -> String {
        for index in scopes.indices { scopes[index].used.insert(name) }
        return name
    }

    // MARK: - Expressions

    mutating func expression(_ depth: Int = 0) -> String {
        let names = readable
        let calls = functions
        switch number(0...(depth > 2 ? 3 : 15)) {
        case 0: return String(number(0...20))
        case 1: return pick(["'s'", "\"q\\\"t\"", "'a/b'", "''", "'\\u0041'"])
        case 2, 3: return names.isEmpty ? String(number(1...9)) : use(pick(names))
        case 4:
            return "(\(expression(depth + 1)) \(pick(["+", "-", "*", "%", "/", "<", "===", "&&", "||", "??"])) \(expression(depth + 1)))"
        case 5: return "(\(expression(depth + 1)) ? \(expression(depth + 1)) : \(expression(depth + 1)))"
        case 6: return "`t${\(expression(depth + 1))}-${`in${\(expression(depth + 1))}`}`"
        case 7:
            // Trailing commas and elisions: `[a, b,]` has length 2, `[a, b,,]` length 3, `[,]` length 1.
            let tail = pick(["", ",", ",,", ", ,", ",\n"])
            return chance(15) ? "[\(pick(["", ",", ",,"]))].length" : "[\(expression(depth + 1)), \(expression(depth + 1))\(tail)].length"
        case 8: return "({ k: \(expression(depth + 1)), 'q-1': 2\(pick(["", ",", ",\n"])) }).k"
        case 9:
            let parameter = pick(["p", "x", "a"])
            // Arrow bodies starting with parentheses around an object, a sequence, a nested conditional.
            if chance(30) {
                return pick([
                    "((\(parameter)) => ({ v: \(parameter) })['v'])(\(expression(depth + 1)))",
                    "((\(parameter)) => ({ \(parameter) }).\(parameter))(\(expression(depth + 1)))",
                    "((\(parameter), q) => ((q = \(parameter)), q))(\(expression(depth + 1)))",
                    "((\(parameter)) => (\(parameter) ? (-(-1)) : ((\(parameter) === 0) ? 'zero' : (typeof (\(parameter))))))(\(expression(depth + 1)))",
                ])
            }
            return "((\(parameter), q = \(expression(depth + 1))) => \(parameter) + q)(\(expression(depth + 1)))"
        case 10:
            return calls.isEmpty
                ? "typeof undefinedName" : "\(pick(calls))(\(expression(depth + 1)), \(number(0...3))\(pick(["", ",", ",\n"])))"
        case 11: return "/[/=]+\\//g.test('a/=/' + \(expression(depth + 1)))"
        case 12: return names.isEmpty ? "4 / 2 / 1" : "\(use(pick(names))) / 2 / 1"
        case 13:
            // Booleans as values, as operands binding tighter than `!` would, and as property names.
            return pick([
                "true", "false", "!true", "-true", "(true ** 2)", "(2 ** false)", "true.toString()", "false?.valueOf()",
                "true['toString']()", "(1 < true)", "(true in { true: 1 })", "('false' in { false: 0 })", "typeof false",
                "({ true: 'T', false: 'F' }).true", "({ true() { return 3; } }).true()", "[true, false,].indexOf(false)",
                "`${true}${false}`", "(true + 1)", "new Boolean(false).valueOf()", "(true === !0)",
            ])
        case 14: return "(\(expression(depth + 1)) ? true : false)"
        default: return "typeof \(names.isEmpty ? "nothing" : use(pick(names)))"
        }
    }

    // MARK: - Statements

    private mutating func block(_ statements: Int, depth: Int, isFunction: Bool = false, parameters: [String] = []) {
        scopes.append(Scope(readable: parameters, isFunction: isFunction))
        if isFunction { scopes[scopes.count - 1].mutable = parameters }
        indent += 1
        for _ in 0..<statements {
            loweredFeatureBlock()
            statement(depth)
        }
        indent -= 1
        scopes.removeLast()
    }

    mutating func statement(_ depth: Int) {
        let deep = depth >= 3
        switch number(0...(deep ? 6 : 22)) {
        case 0, 1:
            // The initializer first, so the new name avoids the names it uses (which would be in their dead zone).
            let initializer = expression()
            guard let name = freshLexical() else { return line("log(\(initializer));") }
            let kind = pick(["let", "const"])
            line("\(kind) \(name) = \(initializer);")
            declare(name, mutable: kind == "let")
        case 2:
            let name = pick(Self.varNames)
            line("var \(name) = \(expression());")
            declare(name, mutable: true, lexical: false)
        case 3, 4:
            line("log(\(expression()), \(expression()));")
        case 5:
            let targets = mutable
            if let target = targets.isEmpty ? nil : use(pick(targets)) {
                line("\(target) = \(expression());")
                line("log(\(target));")
            } else {
                line("log(\(expression()));")
            }
        case 6:
            // ASI: `r = q` then `++q` on the next line.
            guard let first = freshLexical() else { return }
            line("let \(first) = \(number(1...5))")
            declare(first, mutable: true)
            line("\(first)")
            line("++\(first)")
            line("log(\(first))")
        case 7:
            // Unique function names: with Annex B block functions overwriting outer ones, a reused name could
            // make functions call each other forever, and the recursion depth depends on frame sizes.
            functionCount += 1
            let name = pick(Self.functionNames) + String(functionCount)
            let parameters = Array(["p", "q", "x"].prefix(number(0...3)))
            let list = parameters.enumerated().map { index, parameter in
                index == parameters.count - 1 && chance(50) ? "\(parameter) = \(expression())" : parameter
            }
            line("function \(name)(\(list.joined(separator: ", "))\(list.isEmpty || chance(70) ? "" : ",")) {")
            block(number(0...3), depth: depth + 1, isFunction: true, parameters: parameters)
            indent += 1
            if chance(20) {
                line("return")  // ASI: returns undefined
                line("  \(expression());")
            } else {
                line("return [arguments.length, \(parameters.first ?? "0")].join(':') + \(expression());")
            }
            indent -= 1
            line("}")
            // Declared after its body, so no function calls itself (recursion depth would depend on frame sizes).
            scopes[scopes.count - 1].functions.append(name)
            line("log(\(name)(\(expression())), \(name)());")
        case 8:
            // Not shadowing a readable outer name: expressions would read the function (its text differs minified).
            guard let name = freshLexical(), !readable.contains(name) else { return }
            line("const \(name) = (function () { let count = \(number(0...5)); return () => (count += \(number(1...3))); })();")
            declare(name, mutable: false, readable: false)
            line("log(\(name)(), \(name)(), typeof \(name));")
        case 9:
            let taken = Set(scopes.last?.lexical ?? [])
            guard let name = Self.classNames.first(where: { !taken.contains($0) }) else { return }
            line(
                "class \(name) { constructor(a = \(expression())) { this.a = a; } get(k) { return this.a + k; } static make() { return new \(name)(\(number(1...9))); } }"
            )
            line("class \(name)Sub extends \(name) { get(k) { return 'sub' + super.get(k); } }")
            scopes[scopes.count - 1].classes += [name, name + "Sub"]
            scopes[scopes.count - 1].lexical += [name, name + "Sub"]
            line(
                "log(new \(name)().get(1), \(name).make().a, new \(name)Sub(2).get(\(expression())), \(name)Sub.make() instanceof \(name));"
            )
        case 10:
            labelCount += 1
            let label = "outer\(labelCount)"
            line("\(label): for (let i = 0; i < 3; i++) {")
            line(
                "  for (let j = 0; j < 3; j++) { if (j === \(number(0...2))) continue \(label); if (i === \(number(0...2))) break \(label); log(i, j); }"
            )
            line("}")
        case 11:
            line("try {")
            block(number(0...2), depth: depth + 1)
            line("  throw new Error('m' + \(expression()));")
            line("} catch (error) {")
            // Engine messages name variables (renamed by the minifier): log those by kind.
            line("  log(error instanceof ReferenceError || error instanceof TypeError ? error.constructor.name : error.message);")
            line("} finally {")
            line("  log('finally');")
            line("}")
            line("try { log(undefinedVariable\(number(0...9))); } catch { log('caught'); }")
        case 12:
            let (left, right) = (expression(), expression())
            let names = Self.lexicalNames.filter {
                !(scopes.last?.lexical ?? []).contains($0) && !(scopes.last?.used.contains($0) ?? false)
            }.prefix(3)
            guard names.count == 3 else { return }
            let (first, second, third) = (names[names.startIndex], names[names.startIndex + 1], names[names.startIndex + 2])
            line(
                "const { p: \(first), q: [\(second), , \(third) = \(number(1...9))\(pick(["", ","]))] = [], } = { p: \(left), q: [\(right), 2,] };"
            )
            for name in [first, second, third] { declare(name, mutable: false) }
            line("log(\(first), \(second), \(third));")
        case 13:
            line("{")
            block(number(1...4), depth: depth + 1)
            line("}")
        case 14:
            line("if (\(expression())) {")
            block(number(0...3), depth: depth + 1)
            line("} else {")
            block(number(0...2), depth: depth + 1)
            line("}")
        case 15:
            line("log(`tpl ${\(expression())} and ${'/'} ${\(expression())}`, 'x/y/z'.split(/\\//).length, 10 / 2 / 5);")
        case 16:
            line("log([1, 2, 3].map((n, i) => n / 2 + i).join(), [3, 1, 2].sort((l, r) => l - r).join(''));")
        case 17:
            line("log(((...rest) => rest.length)(\(expression()), \(expression())), (function () { return arguments.length; })(1, 2, 3));")
        case 18:
            line("for (var \(pick(Self.varNames)) = 0, k = 0; k < \(number(1...3)); k++) { log('loop', k); }")
        case 19:
            // A `const` written (a TypeError where it runs) or only read; loops with `const` heads.
            let initializer = expression()
            guard let name = freshLexical() else { return line("for (const k of [\(initializer), 2]) { log('of', k); }") }
            line("const \(name) = \(initializer);")
            declare(name, mutable: false)
            let write = pick([
                "\(name) = 1", "\(name) += 1", "\(name)++", "--\(name)", "[\(name)] = [1]", "({ k: \(name) } = { k: 2 })",
                "for (\(name) of [3]) ;", "for (\(name) in { p: 1 }) ;", "(() => { \(name) = 4; })()", "\(name) ??= 5",
                "eval('\(name) = 6')", "log(eval('\(name)'))", "log(\(name))", "log(typeof \(name))",
            ])
            line("try { \(write); log('wrote', \(name)); } catch (error) { log(error.constructor.name); }")
            line("for (const k in { p: 1, q: 2 }) { log('in', k, \(use(name))); }")
        case 20:
            // A statement or member ending in `}`, then a line starting with what could continue an expression.
            functionCount += 1
            let members = "Members\(functionCount)"
            for text in pick([
                ["{ log('block'); }", "(function () { log('iife'); })();"],
                ["if (\(expression())) { log('then'); } else { log('else'); }", "[1, 2].forEach((n) => log('each', n));"],
                ["try { log('try'); } finally { log('finally'); }", "/ab+c/.test('abbc') && log('regex');"],
                ["switch (\(number(0...2))) { case 1: log('one'); break; default: { log('other'); } }", "+1 && log('plus');"],
                ["while (false) {}", "-1 < 0 && log('minus');"],
                ["do { log('do'); } while (false)", "(() => log('arrow'))();"],
                ["{}", "`a${\(expression())}`.split('').forEach((c) => log(c));"],
                [
                    "class \(members) { m() { return 1; }", "['k']() { return 2; }", "static { log('static'); }",
                    "*g() { yield 3; } }", "log(new \(members)().k?.(), 'members');",
                ],
                ["try { const q = function () { return log; }", "(1)('called'); } catch (error) { log(error.constructor.name); }"],
                ["try { const q = {}", "(1); } catch (error) { log(error.constructor.name); }"],
            ]) {
                line(text)
            }
        case 21:
            // Early returns before expression statements, negated tests, added strings and numbers the minifier
            // rewrites (`ConditionalStatements`, `LogicalNegations`, `StringConcatenation`, `NumberLiterals`).
            functionCount += 1
            let name = "early\(functionCount)"
            line("function \(name)(p, q) {")
            indent += 1
            if chance(50) {
                line("if (\(pick(["p", "!p", "p > q", "!p && q"]))) return \(pick(["'early'", "p + 'a' + 'b'", "1000", "q"]));")
                line("log('between', p + 'x' + \"y\" + 'z\\'');")
                if chance(50) { line("if (\(pick(["!q", "q", "!q && p"]))) log('inner', 0.50, 1.0.toFixed(1));") }
                if chance(30) { line("p = q, q = 12e-5;") }
                line("return \(pick(["q", "[p, q].join()", "'late' + 'r'", "1e21 + 0.0001"]));")
            } else {
                line("if (\(pick(["p", "!p", "p || q", "!p.length"]))) return;")
                line("\(pick(["!p", "!q", "!!p"])) && log('negated', 10000);")
                if chance(50) { line("!q || log('or', 'a' + \"'\");") }
                if chance(50) { line("if (\(pick(["!q", "q", "!q && p"]))) log('inner');") }
            }
            if chance(40) {
                line("if (\(pick(["p", "!p"]))) log('a'); else if (\(pick(["!q", "q && p"]))) log('b');\(pick(["", " else log('c');"]))")
            } else if chance(40) {
                line("if (p) { let r = [p]; log(r, r); } else if (\(pick(["!q", "!q && p"]))) log('d');")
            }
            indent -= 1
            line("}")
            line("log(\(name)(\(expression()), \(expression())), \(name)(0, 1), \(name)('', 'q'), \(name)([], 2));")
        default:
            line(
                "log(typeof \(pick(Self.functionNames))\(number(1...4)), typeof \(readable.isEmpty ? "nothing" : use(pick(readable))) === 'undefined' ? 'u' : 'd');"
            )
        }
    }

    /// A whole program: a prelude defining `log`, then statements at the top level and inside a function.
    mutating func program() -> String {
        output = ""
        functionCount = 0
        scopes = [Scope(isFunction: true)]
        line(
            "var log = (...values) => __log.push(values.map((v) => typeof v === 'function' ? 'fn' : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)).join(' '));"
        )
        for _ in 0..<number(4...14) {
            loweredFeatureBlock()
            statement(0)
        }
        return output
    }
}
