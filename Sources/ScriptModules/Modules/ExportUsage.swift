/// Which exports of each ES module of a graph some other module can read.
///
/// A module's namespace object is observable (every export may be read) when it is imported as
/// `* as ns`, re-exported with `export * as ns` or `export *`, required, loaded with `import()` or
/// reached through `require.context`. Otherwise only the names that importers ask for by name
/// (`import { a }`, `export { a } from`) are read; an entry nothing imports has no readers at all.
struct ExportUsage {
    /// Per module id: the names read, or `nil` when the whole namespace is observable.
    package private(set) var names: [Set<String>?]

    package init(graph: ModuleGraph) {
        names = Array(repeating: Set<String>(), count: graph.records.count)
        // Records are read in place (`records[slot].field`): a copy of one retains and releases each of its
        // references (step 5q).
        let records = graph.records
        for slot in records.indices {
            for target in records[slot].requireTargets.values { markAll(target) }
            for target in records[slot].dynamicTargets { if let target { markAll(target) } }
            for context in records[slot].contextTargets { for entry in context { markAll(entry.id) } }
            guard let module = records[slot].analysis?.module else { continue }
            for binding in module.imports where binding.request < records[slot].requestTargets.count {
                let target = records[slot].requestTargets[binding.request]
                if let name = binding.importedName { insert(name, in: target) } else { markAll(target) }
            }
            for export in module.exports {
                switch export.source {
                case .reexport(let request, let name) where request < records[slot].requestTargets.count:
                    insert(name, in: records[slot].requestTargets[request])
                case .namespace(let request) where request < records[slot].requestTargets.count:
                    markAll(records[slot].requestTargets[request])
                default:
                    break
                }
            }
            for request in module.starExports where request < records[slot].requestTargets.count {
                markAll(records[slot].requestTargets[request])
            }
        }
    }

    /// Per module id: the top-level declarations `UnusedDeclarationFinder` drops given `names` (sorted, disjoint
    /// token ranges), where known (`init(shaking:)`).
    private(set) var droppedRanges: [[Range<Int>]?] = []

    /// Tree shaking: as `init(graph:)`, but a named import counts only when code that stays reads it, so an
    /// export read only by dropped code is dropped too, across any chain of modules. A name a module reads is
    /// added to its target, whose kept code may then grow and read more, until nothing changes (each module's
    /// read names only grow, so it ends); the dropped ranges of that final state are kept for the linker.
    package init(shaking graph: ModuleGraph) {
        let count = graph.records.count
        names = Array(repeating: Set<String>(), count: count)
        droppedRanges = Array(repeating: nil, count: count)
        var dirty = Array(repeating: false, count: count)
        let records = graph.records
        for slot in records.indices {
            // `const { a, b } = require("x")` reads `a` and `b` of "x"; any other use of a required module reads it all.
            let calls = records[slot].analysis?.module.requireCalls ?? []
            let destructured = RequiredNames.names(in: records[slot])
            var wholeRequires = Set(records[slot].requireTargets.keys)
            for (index, call) in calls.enumerated() where index < destructured.count {
                guard let names = destructured[index], let target = records[slot].requireTargets[call.specifier] else { continue }
                for name in names { insert(name, in: target) }
                requiredByName.insert(target)
                wholeRequires.remove(call.specifier)
            }
            for (index, call) in calls.enumerated() where index >= destructured.count || destructured[index] == nil {
                wholeRequires.insert(call.specifier)
            }
            for specifier in wholeRequires { if let target = records[slot].requireTargets[specifier] { markAll(target) } }
            for target in records[slot].dynamicTargets { if let target { markAll(target) } }
            for context in records[slot].contextTargets { for entry in context { markAll(entry.id) } }
            guard let module = records[slot].analysis?.module else { continue }
            dirty[records[slot].id] = true
            for binding in module.imports where binding.request < records[slot].requestTargets.count && binding.importedName == nil {
                markAll(records[slot].requestTargets[binding.request])
            }
            for export in module.exports {
                if case .namespace(let request) = export.source, request < records[slot].requestTargets.count {
                    markAll(records[slot].requestTargets[request])
                }
            }
            for request in module.starExports where request < records[slot].requestTargets.count {
                markAll(records[slot].requestTargets[request])
            }
        }
        var pending = true
        while pending {
            pending = false
            for slot in records.indices where dirty[records[slot].id] {
                dirty[records[slot].id] = false
                guard let module = records[slot].analysis?.module else { continue }
                let read = names[records[slot].id]
                let unused =
                    records[slot].kind == .esModule ? UnusedDeclarationFinder.unusedRanges(in: records[slot], readExports: read) : []
                if records[slot].kind == .esModule { droppedRanges[records[slot].id] = unused }
                let live = UnusedDeclarationFinder.liveImports(in: records[slot], unused: unused, readExports: read)
                func add(_ name: String, request: Int) {
                    guard request < records[slot].requestTargets.count else { return }
                    let target = records[slot].requestTargets[request]
                    if insert(name, in: target) {
                        dirty[target] = true
                        if target <= records[slot].id { pending = true }
                    }
                }
                for binding in module.imports where live.contains(binding.declaration) {
                    if let name = binding.importedName { add(name, request: binding.request) }
                }
                for export in module.exports {
                    guard case .reexport(let request, let name) = export.source, read?.contains(export.exportedName) ?? true else {
                        continue
                    }
                    add(name, request: request)
                }
            }
        }
    }

    /// Modules some `require` call reads by name (`init(shaking:)`): their namespace object is what `require`
    /// returns, so its properties keep the export names.
    private(set) var requiredByName: Set<Int> = []

    /// Whether a `require` call reads module `id` (see `requiredByName`).
    func isRequiredByName(_ id: Int) -> Bool { requiredByName.contains(id) }

    /// The exports of module `id` that are read; `nil` when all of them may be.
    func readNames(of id: Int) -> Set<String>? {
        id < names.count ? names[id] : nil
    }

    private mutating func markAll(_ id: Int) {
        if id < names.count { names[id] = nil }
    }

    /// Adds `name` to the names read from module `id`; whether that changed them.
    @discardableResult
    private mutating func insert(_ name: String, in id: Int) -> Bool {
        guard id < names.count, names[id] != nil else { return false }
        return names[id]?.insert(name).inserted ?? false
    }

    /// The declarations of module `id` to drop, when `init(shaking:)` found them.
    func unusedRanges(of id: Int) -> [Range<Int>]? {
        id < droppedRanges.count ? droppedRanges[id] : nil
    }
}
