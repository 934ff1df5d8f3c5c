/// A seeded generator of small ES module graphs that log what they compute with `__log.push(...)`: every module
/// logs its evaluation, exports `let` bindings changed through exported functions (live bindings), constants,
/// classes, default exports (functions or values), aliases, re-exports (`export *`, `export { x as y } from`),
/// exports nobody imports (with and without effects), and top-level helpers whose names every module shares
/// (scope hoisting must tell them apart). Importers use named, default, namespace (`Object.keys(ns)`, computed
/// members) and bare imports. Imports go from a module to later ones only, so the graph has no cycle and node
/// evaluates it as the bundles must: dependencies first, in import order. About a quarter of the modules are
/// CommonJS (`.cjs`), imported by default and named imports and required by other CommonJS modules.
struct ModuleGraphGenerator {
    /// A module's file name (`entry.js` is module 0) and its source.
    struct File {
        var name: String
        var source: String
    }

    private var random: SeededGenerator

    /// With lowered features on, each module may hold blocks of the syntax the lowering pass rewrites
    /// (`LoweredFeatureSnippets`, from a random stream of their own, so the rest of the graph stays the seed's).
    private var snippets: LoweredFeatureSnippets?

    /// A generator for `seed`; `loweredFeatures`: modules also hold blocks of the syntax the lowering pass rewrites.
    init(seed: UInt64, loweredFeatures: Bool = false) {
        random = SeededGenerator(seed: seed)
        snippets = loweredFeatures ? LoweredFeatureSnippets(seed: seed &+ 0x5EED) : nil
    }

    /// Zero to two blocks of lowered features for module `k` (none without `loweredFeatures`).
    private mutating func loweredFeatureBlocks(_ k: Int) -> [String] {
        guard var generator = snippets else { return [] }
        defer { snippets = generator }
        var blocks: [String] = []
        for _ in 0..<2 where generator.wanted() || blocks.isEmpty && k == 0 {
            blocks.append(generator.block(log: "__log.push", id: "m\(k)"))
        }
        return blocks
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    /// What a module exports, for its importers.
    private struct Exports {
        /// Named exports (not `default`): name -> kind.
        var named: [(name: String, kind: Kind)] = []
        var hasDefault = false
        var defaultIsFunction = false
        /// A CommonJS module's `module.exports` (logged by its keys).
        var defaultIsObject = false

        enum Kind { case value, live, bump, klass }
    }

    /// Per module: whether it is CommonJS (`m<k>.cjs`: `exports.x = ...`, `require` of later CommonJS modules).
    private var commonJS: [Bool] = []

    private func fileName(_ index: Int) -> String {
        index == 0 ? "entry.js" : commonJS[index] ? "m\(index).cjs" : "m\(index).mjs"
    }

    /// The modules of one graph: module 0 (the group's entry, `entry.js`) and 1 to 5 modules it reaches.
    mutating func graph() -> [File] {
        let count = number(2...6)
        commonJS = (0..<count).map { $0 > 0 && chance(25) }
        var exports = [Exports](repeating: Exports(), count: count)
        var files = [File](repeating: File(name: "", source: ""), count: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let source =
                commonJS[index] ? commonJSModule(index, count: count, exports: &exports) : module(index, count: count, exports: &exports)
            files[index] = File(name: fileName(index), source: source)
        }
        return files
    }

    /// A CommonJS module: named `exports.x` assignments (which node's ES importers see as named exports), and
    /// `require` of later CommonJS modules. Imported from ES modules by default or named imports.
    private mutating func commonJSModule(_ k: Int, count: Int, exports: inout [Exports]) -> String {
        var lines: [String] = []
        var own = Exports()
        own.hasDefault = true
        own.defaultIsObject = true
        lines.append("__log.push('eval m\(k)');")
        for j in (k + 1)..<count where commonJS[j] && chance(50) {
            lines.append("const required\(j) = require('./\(fileName(j))');")
            if let first = exports[j].named.first {
                lines += usage(of: "required\(j).\(first.name)", kind: first.kind, k: k).map { $0 + ";" }
            }
        }
        lines.append("const local = \(k * 10 + number(1...9));")
        lines.append("let counter = 0;")
        lines.append("function helper(x) { counter += 1; return x + local + counter; }")
        lines.append("exports.value\(k) = helper(\(number(1...9)));")
        own.named.append(("value\(k)", .value))
        if chance(60) {
            lines.append("exports.bump\(k) = function () { return helper(local); };")
            own.named.append(("bump\(k)", .bump))
        }
        if chance(40) { lines.append("exports.unused\(k) = [local];") }
        lines += loweredFeatureBlocks(k)
        lines.append("__log.push('done m\(k)', local, counter);")
        exports[k] = own
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func module(_ k: Int, count: Int, exports: inout [Exports]) -> String {
        var lines: [String] = []
        var own = Exports()
        // Imports, from later modules only.
        var uses: [String] = []
        let later = Array((k + 1)..<count)
        var imported: Set<Int> = []
        // Local names bound by named imports (one name may be reachable through two modules' re-exports).
        var boundNames: Set<String> = []
        for j in later where k == 0 && j == 1 || chance(55) {
            imported.insert(j)
            let target = exports[j]
            let path = "./\(fileName(j))"
            switch number(0...3) {
            case 0 where !target.named.isEmpty:
                // Named imports, some renamed.
                var specifiers: [String] = []
                for (name, kind) in target.named where chance(60) {
                    let local = chance(30) ? "\(name)_in\(k)_\(j)" : name
                    guard boundNames.insert(local).inserted else { continue }
                    specifiers.append(local == name ? name : "\(name) as \(local)")
                    uses += usage(of: local, kind: kind, k: k)
                }
                if specifiers.isEmpty, let first = target.named.first {
                    guard boundNames.insert("\(first.name)_first\(k)_\(j)").inserted else { break }
                    specifiers.append("\(first.name) as \(first.name)_first\(k)_\(j)")
                    uses += usage(of: "\(first.name)_first\(k)_\(j)", kind: first.kind, k: k)
                }
                if target.hasDefault, chance(50) {
                    lines.append("import def\(j)_\(k), { \(specifiers.joined(separator: ", ")) } from '\(path)';")
                    uses.append(defaultUsage("def\(j)_\(k)", target))
                } else {
                    lines.append("import { \(specifiers.joined(separator: ", ")) } from '\(path)';")
                }
            case 1:
                // A namespace: members, a computed member, and (sometimes) its whole shape.
                lines.append("import * as ns\(j)_\(k) from '\(path)';")
                for (name, kind) in target.named where chance(50) {
                    uses += usage(of: "ns\(j)_\(k).\(name)", kind: kind, k: k)
                }
                // (A CommonJS module's namespace keys differ between node versions and bundlers: not compared.)
                if !target.defaultIsObject, chance(50) { uses.append("__log.push('keys', Object.keys(ns\(j)_\(k)).sort().join())") }
                if let first = target.named.first, chance(30) {
                    uses.append("__log.push('computed', typeof ns\(j)_\(k)[['\(first.name)'][0]])")
                }
                if target.hasDefault, chance(40) {
                    uses.append(defaultUsage("ns\(j)_\(k).default", target))
                }
            case 2 where target.hasDefault:
                lines.append("import def\(j)_\(k) from '\(path)';")
                uses.append(defaultUsage("def\(j)_\(k)", target))
            default:
                lines.append("import '\(path)';")
            }
        }
        lines.append("__log.push('eval m\(k)');")
        // Top-level helpers every module has under the same names.
        lines.append("const local = \(k * 10 + number(1...9));")
        lines.append("let counter = 0;")
        lines.append("function helper(x) { counter += 1; return x + local + counter; }")
        if k > 0 {
            lines.append("export let live\(k) = \(number(1...5));")
            lines.append("export function bump\(k)() { live\(k) += 1; return helper(live\(k)); }")
            own.named += [("live\(k)", .live), ("bump\(k)", .bump)]
            lines.append("export const value\(k) = helper(\(number(1...9)));")
            own.named.append(("value\(k)", .value))
            if chance(50) {
                lines.append("export class Klass\(k) { get() { return local + live\(k); } }")
                own.named.append(("Klass\(k)", .klass))
            }
            if chance(50) {
                lines.append("export { local as alias\(k) };")
                own.named.append(("alias\(k)", .value))
            }
            // Exports nobody may import: pure ones can go, one with an effect must still run.
            if chance(50) { lines.append("export const unused\(k) = [1, 2, 3];") }
            if chance(30) { lines.append("export function unusedFunction\(k)() { return helper(1); }") }
            if chance(30) {
                lines.append("export const effect\(k) = (__log.push('effect m\(k)'), \(k));")
                own.named.append(("effect\(k)", .value))
            }
            switch number(0...2) {
            case 0:
                lines.append("export default function () { return 'default m\(k) ' + (local + counter); }")
                own.hasDefault = true
                own.defaultIsFunction = true
            case 1:
                lines.append("export default helper(\(number(1...9))) * 2;")
                own.hasDefault = true
            default:
                break
            }
            // Re-exports of a later module this one imports (so its names are known here).
            for j in imported.sorted() where chance(35) {
                if !exports[j].defaultIsObject, chance(50) {
                    lines.append("export * from './\(fileName(j))';")
                    for entry in exports[j].named where !own.named.contains(where: { $0.name == entry.name }) { own.named.append(entry) }
                } else if let entry = exports[j].named.first {
                    lines.append("export { \(entry.name) as re\(j)_\(k) } from './\(fileName(j))';")
                    own.named.append(("re\(j)_\(k)", entry.kind))
                }
            }
        }
        lines += uses.map { $0 + ";" }
        lines += loweredFeatureBlocks(k)
        lines.append("__log.push('done m\(k)', local, counter);")
        exports[k] = own
        return lines.joined(separator: "\n") + "\n"
    }

    /// A statement that logs a default export read as `name`.
    private func defaultUsage(_ name: String, _ target: Exports) -> String {
        if target.defaultIsObject { return "__log.push('def', Object.keys(\(name)).sort().join())" }
        return target.defaultIsFunction ? "__log.push('def', \(name)())" : "__log.push('def', String(\(name)))"
    }

    /// Statements that read `name` (an imported binding or a namespace member of `kind`) and log it.
    private mutating func usage(of name: String, kind: Exports.Kind, k: Int) -> [String] {
        switch kind {
        case .value: return ["__log.push('value', String(\(name)))"]
        case .live: return ["__log.push('live', \(name))"]
        case .bump:
            // Bumping changes the exporting module's live binding: importers must see the new value.
            return ["__log.push('bump', \(name)(), \(name)())"]
        case .klass: return ["__log.push('class', new \(name)().get())"]
        }
    }
}
