/// The `this` keywords of a module's top level (outside every function and class body; arrow functions keep the
/// `this` and `arguments` around them), which a hoisted ES module must read as `undefined`.
enum TopLevelThis {
    /// Their token indexes, ascending (the parser records them); `nil` when the file was not analysed.
    static func tokens(in record: ModuleRecord) -> [Int]? {
        guard let analysis = record.analysis else { return nil }
        return analysis.topLevelThis.map { Int($0) }
    }

    /// Whether the module reads a free `arguments` at its top level (not inside a function); `nil` when unknown.
    static func readsArguments(_ record: ModuleRecord) -> Bool? {
        guard record.analysis != nil else { return nil }
        guard let facts = record.facts else { return findReadsArguments(record) }
        return facts.readsArguments { findReadsArguments(record) }
    }

    private static func findReadsArguments(_ record: ModuleRecord) -> Bool? {
        guard let analysis = record.analysis else { return nil }
        for reference in analysis.references where reference.declaration == nil && analysis.name(of: reference) == "arguments" {
            if isOutsideFunctionsAndClassBodies(reference.scope, in: analysis) { return true }
        }
        return false
    }

    /// Whether scope `index` of `analysis` is in no function (arrow functions do not count) and no class body.
    static func isOutsideFunctionsAndClassBodies(_ index: Int, in analysis: ScopeAnalysis) -> Bool {
        var scope: Int? = index
        while let current = scope, current < analysis.scopes.count {
            switch analysis.scopes[current].kind {
            case .function, .classBody: return false
            case .program: return true
            default: scope = analysis.scopes[current].parent
            }
        }
        return true
    }
}
