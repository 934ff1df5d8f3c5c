/// The modules of a graph that a production bundle leaves out entirely: no entry, nothing reads any of their
/// exports (`ExportUsage`; a module required, loaded with `import()` or imported as a namespace is always kept),
/// evaluating them has no effect (an ES module whose own code is only module syntax and declarations
/// `UnusedDeclarationFinder` drops, or an ES or CommonJS module its package.json `sideEffects` declares free of
/// effects), and every module they import or require is left out too (so leaving them out runs no fewer effects).
struct UnusedModules {
    private var dropped: [Bool]

    package init(graph: ModuleGraph, usage: ExportUsage) {
        let count = graph.records.count
        let entries = Set(graph.entries)
        // A module a `require` call names is looked up at run time, whatever it reads.
        var required = Set<Int>()
        for record in graph.records { required.formUnion(record.requireTargets.values) }
        dropped = graph.records.map { record in
            guard !entries.contains(record.id), !required.contains(record.id), usage.readNames(of: record.id)?.isEmpty == true
            else { return false }
            switch record.kind {
            case .esModule:
                if record.isDeclaredSideEffectFree { return true }
                guard let unused = usage.unusedRanges(of: record.id) else { return false }
                return Self.hasNoCodeLeft(record, unused: unused)
            case .commonJS:
                // Only imported (a `require` would read it all): left out when its package says it may be.
                return record.isDeclaredSideEffectFree
            default:
                return false
            }
        }
        // A module whose import stays must stay: its evaluation runs the import's.
        var changed = true
        while changed {
            changed = false
            for id in 0..<count where dropped[id] {
                let record = graph.records[id]
                if record.requestTargets.contains(where: { $0 < 0 || $0 >= count || !dropped[$0] })
                    || record.requireTargets.values.contains(where: { $0 < 0 || $0 >= count || !dropped[$0] })
                    || record.dynamicTargets.contains(where: { $0 != nil })
                    || !record.contextTargets.isEmpty
                {
                    dropped[id] = false
                    changed = true
                }
            }
        }
    }

    /// Whether module `id` is left out.
    package func contains(_ id: Int) -> Bool {
        id >= 0 && id < dropped.count && dropped[id]
    }

    /// Whether every token of the module is module syntax (import and export statements, `export` keywords) or in
    /// `unused`, but for `;` and a leading directive.
    static func hasNoCodeLeft(_ record: ModuleRecord, unused: [Range<Int>]) -> Bool {
        guard let module = record.analysis?.module, module.defaultExport == nil, module.dynamicImports.isEmpty,
            module.requireContexts.isEmpty, record.requireTargets.isEmpty
        else { return false }
        let tokens = record.tokens
        var covered = [Bool](repeating: false, count: tokens.count)
        for range in module.removableStatements + unused {
            for index in range where index < covered.count { covered[index] = true }
        }
        for index in module.exportKeywords where index < covered.count { covered[index] = true }
        var index = 0
        // Directives (`"use strict";`) at the start.
        while index < tokens.count, tokens[index].kind == .string,
            index + 1 == tokens.count || tokens[index + 1].isPunctuator(";", in: record.bytes) || tokens[index + 1].newlineBefore
        {
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
