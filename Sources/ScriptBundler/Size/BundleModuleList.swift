import ScriptModules
import WKPackSupport

/// Lists the inputs of a bundle as `BundleModule`s, with paths relative to the project folder.
enum BundleModuleList {
    /// A bundle of plain scripts: the group's files, in order, importing nothing.
    static func plainScripts(_ files: [(path: String, byteCount: Int)], projectFolder: String) -> [BundleModule] {
        files.map {
            BundleModule(path: relative($0.path, projectFolder), byteCount: $0.byteCount, format: nil, imports: [], isEntry: true)
        }
    }

    /// A module bundle: every module of `graph`, entries first (in group order), then the others in the order the
    /// graph found them; a file recorded twice (a `script-loader!` import of a module) is listed once.
    static func modules(of graph: ModuleGraph, projectFolder: String) -> [BundleModule] {
        let records = graph.records
        let paths = records.map { record in
            record.kind == .empty ? "(disabled):" + record.path : relative(record.path, projectFolder)
        }
        let entries = Set(graph.entries)
        var order = graph.entries
        order += records.indices.filter { !entries.contains($0) }
        var listed: Set<String> = []
        var result: [BundleModule] = []
        for id in order {
            let record = records[id]
            guard listed.insert(paths[id]).inserted else { continue }
            var imports: [BundleModule.Import] = []
            var seen: Set<String> = []
            func add(_ target: Int, _ kind: BundleModule.ImportKind) {
                guard target >= 0, target < paths.count, seen.insert(kind.rawValue + " " + paths[target]).inserted else { return }
                imports.append(BundleModule.Import(path: paths[target], kind: kind))
            }
            for target in record.requestTargets { add(target, .importStatement) }
            // Dictionary order is not stable: by specifier.
            for key in record.requireTargets.keys.sorted() { add(record.requireTargets[key] ?? -1, .requireCall) }
            for case let target? in record.dynamicTargets { add(target, .dynamicImport) }
            for context in record.contextTargets { for match in context { add(match.id, .requireCall) } }
            let format: BundleModule.Format? =
                switch record.kind {
                case .esModule: .esm
                case .commonJS: .cjs
                case .plainScript, .json, .empty, .scriptLoader: nil
                }
            result.append(
                BundleModule(
                    path: paths[id], byteCount: record.sourceBytes.count, format: format, imports: imports,
                    isEntry: entries.contains(id)))
        }
        return result
    }

    private static func relative(_ path: String, _ projectFolder: String) -> String {
        Paths.relative(AbsolutePath.make(path), from: projectFolder)
    }
}
