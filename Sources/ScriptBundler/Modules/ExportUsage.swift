/// Which exports of each ES module of a graph some other module can read.
///
/// A module's namespace object is observable (every export may be read) when it is imported as
/// `* as ns`, re-exported with `export * as ns` or `export *`, required, loaded with `import()` or
/// reached through `require.context`. Otherwise only the names that importers ask for by name
/// (`import { a }`, `export { a } from`) are read; an entry nothing imports has no readers at all.
struct ExportUsage {
    /// Per module id: the names read, or `nil` when the whole namespace is observable.
    private(set) var names: [Set<String>?]

    init(graph: ModuleGraph) {
        names = Array(repeating: Set<String>(), count: graph.records.count)
        for record in graph.records {
            for target in record.requireTargets.values { markAll(target) }
            for target in record.dynamicTargets { if let target { markAll(target) } }
            for context in record.contextTargets { for entry in context { markAll(entry.id) } }
            guard let module = record.analysis?.module else { continue }
            for binding in module.imports where binding.request < record.requestTargets.count {
                let target = record.requestTargets[binding.request]
                if let name = binding.importedName { insert(name, in: target) } else { markAll(target) }
            }
            for export in module.exports {
                switch export.source {
                case .reexport(let request, let name) where request < record.requestTargets.count:
                    insert(name, in: record.requestTargets[request])
                case .namespace(let request) where request < record.requestTargets.count:
                    markAll(record.requestTargets[request])
                default:
                    break
                }
            }
            for request in module.starExports where request < record.requestTargets.count {
                markAll(record.requestTargets[request])
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
    init(shaking graph: ModuleGraph) {
        let count = graph.records.count
        names = Array(repeating: Set<String>(), count: count)
        droppedRanges = Array(repeating: nil, count: count)
        var dirty = Array(repeating: false, count: count)
        for record in graph.records {
            // `const { a, b } = require("x")` reads `a` and `b` of "x"; any other use of a required module reads it all.
            let calls = record.analysis?.module.requireCalls ?? []
            let destructured = RequiredNames.names(in: record)
            var wholeRequires = Set(record.requireTargets.keys)
            for (index, call) in calls.enumerated() where index < destructured.count {
                guard let names = destructured[index], let target = record.requireTargets[call.specifier] else { continue }
                for name in names { insert(name, in: target) }
                requiredByName.insert(target)
                wholeRequires.remove(call.specifier)
            }
            for (index, call) in calls.enumerated() where index >= destructured.count || destructured[index] == nil {
                wholeRequires.insert(call.specifier)
            }
            for specifier in wholeRequires { if let target = record.requireTargets[specifier] { markAll(target) } }
            for target in record.dynamicTargets { if let target { markAll(target) } }
            for context in record.contextTargets { for entry in context { markAll(entry.id) } }
            guard let module = record.analysis?.module else { continue }
            dirty[record.id] = true
            for binding in module.imports where binding.request < record.requestTargets.count && binding.importedName == nil {
                markAll(record.requestTargets[binding.request])
            }
            for export in module.exports {
                if case .namespace(let request) = export.source, request < record.requestTargets.count {
                    markAll(record.requestTargets[request])
                }
            }
            for request in module.starExports where request < record.requestTargets.count {
                markAll(record.requestTargets[request])
            }
        }
        var pending = true
        while pending {
            pending = false
            for record in graph.records where dirty[record.id] {
                dirty[record.id] = false
                guard let module = record.analysis?.module else { continue }
                let read = names[record.id]
                let unused = record.kind == .esModule ? UnusedDeclarationFinder.unusedRanges(in: record, readExports: read) : []
                if record.kind == .esModule { droppedRanges[record.id] = unused }
                let live = UnusedDeclarationFinder.liveImports(in: record, unused: unused, readExports: read)
                func add(_ name: String, request: Int) {
                    guard request < record.requestTargets.count else { return }
                    let target = record.requestTargets[request]
                    if insert(name, in: target) {
                        dirty[target] = true
                        if target <= record.id { pending = true }
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
