/// A seeded generator of small ES module graphs that log what they compute with `__log.push(...)`: every module
/// logs its evaluation, exports `let` bindings changed through exported functions (live bindings), constants,
/// classes, default exports (functions or values), aliases, re-exports (`export *`, `export { x as y } from`),
/// exports nobody imports (with and without effects), and top-level helpers whose names every module shares
/// (scope hoisting must tell them apart). Importers use named, default, namespace (`Object.keys(ns)`, computed
/// members) and bare imports. Imports go from a module to later ones only, so the graph has no cycle and node
/// evaluates it as the bundles must: dependencies first, in import order.
struct ModuleGraphGenerator {
    /// A module's file name (`entry.js` is module 0) and its source.
    struct File {
        var name: String
        var source: String
    }

    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
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

        enum Kind { case value, live, bump, klass }
    }

    static func fileName(_ index: Int) -> String { index == 0 ? "entry.js" : "m\(index).mjs" }

    /// The modules of one graph: module 0 (the group's entry, `entry.js`) and 1 to 5 modules it reaches.
    mutating func graph() -> [File] {
        let count = number(2...6)
        var exports = [Exports](repeating: Exports(), count: count)
        var files = [File](repeating: File(name: "", source: ""), count: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            files[index] = File(name: Self.fileName(index), source: module(index, count: count, exports: &exports))
        }
        return files
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
            let path = "./\(Self.fileName(j))"
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
                    uses.append(target.defaultIsFunction ? "__log.push('def', def\(j)_\(k)())" : "__log.push('def', String(def\(j)_\(k)))")
                } else {
                    lines.append("import { \(specifiers.joined(separator: ", ")) } from '\(path)';")
                }
            case 1:
                // A namespace: members, a computed member, and (sometimes) its whole shape.
                lines.append("import * as ns\(j)_\(k) from '\(path)';")
                for (name, kind) in target.named where chance(50) {
                    uses += usage(of: "ns\(j)_\(k).\(name)", kind: kind, k: k)
                }
                if chance(50) { uses.append("__log.push('keys', Object.keys(ns\(j)_\(k)).sort().join())") }
                if let first = target.named.first, chance(30) {
                    uses.append("__log.push('computed', typeof ns\(j)_\(k)[['\(first.name)'][0]])")
                }
                if target.hasDefault, chance(40) {
                    uses.append(target.defaultIsFunction ? "__log.push('nsdef', ns\(j)_\(k).default())" : "__log.push('nsdef', String(ns\(j)_\(k).default))")
                }
            case 2 where target.hasDefault:
                lines.append("import def\(j)_\(k) from '\(path)';")
                uses.append(target.defaultIsFunction ? "__log.push('def', def\(j)_\(k)())" : "__log.push('def', String(def\(j)_\(k)))")
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
                if chance(50) {
                    lines.append("export * from './\(Self.fileName(j))';")
                    for entry in exports[j].named where !own.named.contains(where: { $0.name == entry.name }) { own.named.append(entry) }
                } else if let entry = exports[j].named.first {
                    lines.append("export { \(entry.name) as re\(j)_\(k) } from './\(Self.fileName(j))';")
                    own.named.append(("re\(j)_\(k)", entry.kind))
                }
            }
        }
        lines += uses.map { $0 + ";" }
        lines.append("__log.push('done m\(k)', local, counter);")
        exports[k] = own
        return lines.joined(separator: "\n") + "\n"
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
