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

    /// The exports of module `id` that are read; `nil` when all of them may be.
    func readNames(of id: Int) -> Set<String>? {
        id < names.count ? names[id] : nil
    }

    private mutating func markAll(_ id: Int) {
        if id < names.count { names[id] = nil }
    }

    private mutating func insert(_ name: String, in id: Int) {
        guard id < names.count, names[id] != nil else { return }
        names[id]?.insert(name)
    }
}
