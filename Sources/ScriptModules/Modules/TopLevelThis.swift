/// The `this` keywords of a module's top level (outside every function and class body; arrow functions keep the
/// `this` and `arguments` around them), which a hoisted ES module must read as `undefined`.
enum TopLevelThis {
    /// Their token indexes, ascending (the parser records them); `nil` when the file was not analysed.
    package static func tokens(in record: ModuleRecord) -> [Int]? {
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
            if analysis.isOutsideFunctionsAndClassBodies(reference.scope) { return true }
        }
        return false
    }
}
