/// The names of the module runtime's functions and shared variables, used alike by the runtime and by every
/// module header, footer and body edit that calls it.
///
/// Development bundles use the readable `__wkpack_*` names. Production bundles are minified in pieces whose
/// top levels are separate programs, so the minifier sees these names as globals and cannot shorten them; the
/// bundler gives them short names itself, chosen among names that no file of the bundle declares or references
/// (so no module local can shadow a runtime name it calls, and no runtime name can hide a global a file reads).
struct RuntimeNames: Equatable {
    var definitions = "__wkpack_definitions"
    var records = "__wkpack_records"
    var object = "__wkpack_object"
    var defineProperty = "__wkpack_defineProperty"
    var define = "__wkpack_define"
    var lookup = "__wkpack_lookup"
    var getter = "__wkpack_getter"
    var require = "__wkpack_require"
    var export = "__wkpack_export"
    var interop = "__wkpack_interop"
    var star = "__wkpack_star"
    var dynamicImport = "__wkpack_import"
    var context = "__wkpack_context"
    /// The global object passed to every module (`global` in CommonJS): `globalThis` where the target has it,
    /// else a runtime variable (see `ModuleRuntime.core`).
    var global = "globalThis"

    /// Every name of the runtime.
    var all: [String] {
        [
            definitions, records, object, defineProperty, define, lookup, getter, require, export, interop, star, dynamicImport, context,
            global,
        ]
    }

    /// The readable names of development bundles.
    static let development = RuntimeNames()

    /// The readable names for `target`.
    static func development(for target: ScriptTarget) -> RuntimeNames {
        var names = RuntimeNames()
        if !target.hasGlobalThis { names.global = "__wkpack_global" }
        return names
    }

    /// Names the runtime's own code uses for its locals and the globals it reads: a short name must differ.
    static let reservedByRuntime: Set<String> = [
        "id", "isES", "requests", "body", "request", "error", "name", "get", "record", "definition", "module",
        "require", "exports", "namespace", "getters", "esModule", "source", "context", "Error", "Symbol",
        "globalThis", "undefined", "Promise", "Object", "eval", "arguments", "global", "self",
    ]

    /// Short names (one or two characters where possible), none in `taken` (names the bundle's files declare or
    /// reference), none a reserved word; deterministic for the same `taken`.
    static func short(avoiding taken: Set<String>, target: ScriptTarget = .newest) -> RuntimeNames {
        var set = ShortNameSet()
        for name in taken { set.insert(name.utf8) }
        return short(avoiding: set, target: target)
    }

    /// Short names none of which is in `taken` (see `short(avoiding:)`).
    static func short(avoiding taken: ShortNameSet, target: ScriptTarget = .newest) -> RuntimeNames {
        var names = RuntimeNames()
        var candidates = CandidateNames()
        var index = 0
        func next(_ fallback: String) -> String {
            while let candidate = candidates.next() {
                defer { index += 1 }
                if !taken.contains(index: index), !reservedByRuntime.contains(candidate), !isReservedWord(candidate) {
                    return candidate
                }
            }
            return fallback
        }
        // Most frequent first: `define` and `require` appear once per module, the others once per use.
        names.define = next(names.define)
        names.require = next(names.require)
        names.interop = next(names.interop)
        names.export = next(names.export)
        names.getter = next(names.getter)
        names.object = next(names.object)
        names.defineProperty = next(names.defineProperty)
        names.dynamicImport = next(names.dynamicImport)
        names.context = next(names.context)
        names.star = next(names.star)
        names.lookup = next(names.lookup)
        names.definitions = next(names.definitions)
        names.records = next(names.records)
        if !target.hasGlobalThis { names.global = next("__wkpack_global") }
        return names
    }

    /// Adds the short names (see `ShortNameSet`) a file's code uses, as the parser saw them (escapes decoded):
    /// every declared and every referenced name, or every identifier token when it was not parsed.
    static func shortNamesUsed(by record: ModuleRecord, into names: inout ShortNameSet) {
        guard record.analysis != nil, let facts = record.facts else {
            findShortNamesUsed(by: record, into: &names)
            return
        }
        for index in facts.shortNameIndexes({ shortNameIndexes(of: record) }) { names.insert(index: Int(index)) }
    }

    /// The indexes (in `ShortNameSet`) of the short names `record` uses, ascending, each once.
    static func shortNameIndexes(of record: ModuleRecord) -> [Int32] {
        var used = ShortNameSet()
        findShortNamesUsed(by: record, into: &used)
        return used.indexes
    }

    private static func findShortNamesUsed(by record: ModuleRecord, into names: inout ShortNameSet) {
        let maxLength = ShortNameSet.maxLength
        if let analysis = record.analysis {
            for declaration in analysis.declarations where declaration.name.utf8.count <= maxLength {
                names.insert(declaration.name.utf8)
            }
            for name in analysis.referencedNames where name.utf8.count <= maxLength { names.insert(name.utf8) }
        }
        // Identifier tokens too (property names included): cheap, and safe where a name was not analysed.
        record.bytes.withUnsafeBufferPointer { bytes in
            for token in record.tokens where token.kind == .identifier && token.end - token.start <= maxLength {
                guard token.end <= bytes.count else { continue }
                names.insert(UnsafeBufferPointer(rebasing: bytes[token.range]))
            }
        }
    }

    private static func isReservedWord(_ name: String) -> Bool {
        ["do", "if", "in", "as", "of", "let", "new", "for", "try", "var", "int", "get", "set"].contains(name)
    }

    /// `a`...`Z`, `_`, `$`, then two characters, then three: every identifier name up to `maxLength` once.
    struct CandidateNames {
        static let maxLength = ShortNameSet.maxLength
        private static let first = ShortNameSet.firstCharacters
        private static let rest = ShortNameSet.otherCharacters
        private var index = 0

        mutating func next() -> String? {
            var remaining = index
            index += 1
            var length = 1
            var count = Self.first.count
            while remaining >= count {
                remaining -= count
                length += 1
                guard length <= Self.maxLength else { return nil }
                count *= Self.rest.count
            }
            var bytes = [Self.first[remaining % Self.first.count]]
            remaining /= Self.first.count
            for _ in 1..<length {
                bytes.append(Self.rest[remaining % Self.rest.count])
                remaining /= Self.rest.count
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
