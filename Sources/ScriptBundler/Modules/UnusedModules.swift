/// The ES modules of a graph that a production bundle leaves out entirely: no entry, nothing reads any of their
/// exports (`ExportUsage`; a module required, loaded with `import()` or imported as a namespace is always kept),
/// their own code is only module syntax and declarations `UnusedDeclarationFinder` drops (so evaluating them has
/// no effect), and every module they import is left out too (so leaving them out runs no fewer effects).
struct UnusedModules {
    private var dropped: [Bool]

    init(graph: ModuleGraph, usage: ExportUsage) {
        let count = graph.records.count
        let entries = Set(graph.entries)
        dropped = graph.records.map { record in
            guard record.kind == .esModule, !entries.contains(record.id), usage.readNames(of: record.id)?.isEmpty == true,
                  let unused = usage.unusedRanges(of: record.id) else { return false }
            return Self.hasNoCodeLeft(record, unused: unused)
        }
        // A module whose import stays must stay: its evaluation runs the import's.
        var changed = true
        while changed {
            changed = false
            for id in 0..<count where dropped[id] {
                if graph.records[id].requestTargets.contains(where: { $0 < 0 || $0 >= count || !dropped[$0] }) {
                    dropped[id] = false
                    changed = true
                }
            }
        }
    }

    /// Whether module `id` is left out.
    func contains(_ id: Int) -> Bool {
        id >= 0 && id < dropped.count && dropped[id]
    }

    /// Whether every token of the module is module syntax (import and export statements, `export` keywords) or in
    /// `unused`, but for `;` and a leading directive.
    static func hasNoCodeLeft(_ record: ModuleRecord, unused: [Range<Int>]) -> Bool {
        guard let module = record.analysis?.module, module.defaultExport == nil, module.dynamicImports.isEmpty,
              module.requireContexts.isEmpty, record.requireTargets.isEmpty else { return false }
        let tokens = record.tokens
        var covered = [Bool](repeating: false, count: tokens.count)
        for range in module.removableStatements + unused {
            for index in range where index < covered.count { covered[index] = true }
        }
        for index in module.exportKeywords where index < covered.count { covered[index] = true }
        var index = 0
        // Directives (`"use strict";`) at the start.
        while index < tokens.count, tokens[index].kind == .string,
              index + 1 == tokens.count || tokens[index + 1].isPunctuator(";", in: record.bytes) || tokens[index + 1].newlineBefore {
            index += 1
            if index < tokens.count, tokens[index].isPunctuator(";", in: record.bytes) { index += 1 }
        }
        while index < tokens.count {
            if !covered[index], !tokens[index].isPunctuator(";", in: record.bytes) { return false }
            index += 1
        }
        return true
    }
}
