import ScriptLowering

/// The names of the module runtime's functions and shared variables, used alike by the runtime and by every
/// module header, footer and body edit that calls it.
///
/// Development bundles use the readable `__wkpack_*` names. Production bundles are minified in pieces whose
/// top levels are separate programs, so the minifier sees these names as globals and cannot shorten them; the
/// bundler gives them short names itself, chosen among names that no file of the bundle declares or references
/// (so no module local can shadow a runtime name it calls, and no runtime name can hide a global a file reads).
package struct RuntimeNames: Equatable {
    package var definitions = "__wkpack_definitions"
    package var records = "__wkpack_records"
    package var object = "__wkpack_object"
    package var defineProperty = "__wkpack_defineProperty"
    package var define = "__wkpack_define"
    package var lookup = "__wkpack_lookup"
    package var getter = "__wkpack_getter"
    package var require = "__wkpack_require"
    package var export = "__wkpack_export"
    package var interop = "__wkpack_interop"
    package var star = "__wkpack_star"
    package var dynamicImport = "__wkpack_import"
    package var context = "__wkpack_context"
    /// The global object passed to every module (`global` in CommonJS): `globalThis` where the target has it,
    /// else a runtime variable (see `ModuleRuntime.core`).
    package var global = "globalThis"

    /// The bundle's names of the lowering helpers its lowered files call (`LoweredSource`), declared once at the top
    /// of the bundle's scope; empty when no file calls one.
    package var helpers: [LoweringHelper: String] = [:]

    /// Every name of the runtime (and of the lowering helpers).
    package var all: [String] {
        [
            definitions, records, object, defineProperty, define, lookup, getter, require, export, interop, star, dynamicImport, context,
            global,
        ] + LoweringHelper.allCases.compactMap { helpers[$0] }
    }

    /// The readable names of development bundles.
    package static let development = RuntimeNames()

    /// The readable names for `target`.
    package static func development(for target: ScriptTarget) -> RuntimeNames {
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
    package static func short(avoiding taken: Set<String>, target: ScriptTarget = .newest) -> RuntimeNames {
        var set = ShortNameSet()
        for name in taken { set.insert(name.utf8) }
        return short(avoiding: set, target: target)
    }

    /// Short names none of which is in `taken` (see `short(avoiding:)`).
    package static func short(avoiding taken: ShortNameSet, target: ScriptTarget = .newest) -> RuntimeNames {
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

    /// Every identifier-like word of the helpers' sources (their parameters and locals, `i` and `j` among them): a
    /// helper given one of these as its name would be captured by a local of another helper that calls it.
    static let helperSourceWords: Set<String> = {
        var words = Set<String>()
        for helper in LoweringHelper.allCases {
            var word: [UInt8] = []
            for byte in helper.source.utf8 {
                let isWordByte =
                    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x5F || byte == 0x24
                if isWordByte {
                    word.append(byte)
                } else if !word.isEmpty {
                    words.insert(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
            if !word.isEmpty { words.insert(String(decoding: word, as: UTF8.self)) }
        }
        return words
    }()

    /// Production: short names for `helpers`, none in `taken` (the names the bundle's files use and the runtime's
    /// names), none a name the runtime's or the helpers' code reads (`helperSourceWords`), none a reserved word; in
    /// the order of the cases.
    package static func shortHelperNames(_ helpers: [LoweringHelper], avoiding taken: ShortNameSet) -> [LoweringHelper: String] {
        var names: [LoweringHelper: String] = [:]
        var candidates = CandidateNames()
        var index = 0
        for helper in LoweringHelper.allCases where helpers.contains(helper) {
            var chosen: String?
            while chosen == nil, let candidate = candidates.next() {
                defer { index += 1 }
                if !taken.contains(index: index), !reservedByRuntime.contains(candidate), !isReservedWord(candidate),
                    !helperSourceWords.contains(candidate)
                {
                    chosen = candidate
                }
            }
            names[helper] = chosen ?? helper.rawValue
        }
        return names
    }

    /// Development: each helper's readable name (`__spreadValues`, else `__spreadValues2`, ...), none that a file of
    /// the bundle holds (any identifier of its code, which for a lowered file includes the pass's own helper names).
    package static func readableHelperNames(
        _ helpers: [LoweringHelper], avoidingNamesOf records: [ModuleRecord]
    ) -> [LoweringHelper: String] {
        guard !helpers.isEmpty else { return [:] }
        // Only identifiers starting `__` can be a helper's name.
        var held = Set<String>()
        for record in records {
            record.bytes.withUnsafeBufferPointer { bytes in
                for token in record.tokens where token.kind == .identifier && token.end - token.start > 2 && token.end <= bytes.count {
                    guard bytes[token.start] == 0x5F, bytes[token.start + 1] == 0x5F else { continue }
                    held.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self))
                }
            }
        }
        // A lowered file's own calls are spelled as its pass named them: those are free to reuse for that helper.
        var calls = Set<String>()
        for record in records { for call in record.lowering?.helpers ?? [] { calls.insert(call.name) } }
        var names: [LoweringHelper: String] = [:]
        for helper in LoweringHelper.allCases where helpers.contains(helper) {
            var name = helper.rawValue
            var suffix = 2
            while held.contains(name) && !isOnlyCall(name, of: helper, records: records, calls: calls) {
                name = helper.rawValue + String(suffix)
                suffix += 1
            }
            names[helper] = name
        }
        return names
    }

    /// Whether every file holding `name` holds it only as its calls of `helper`.
    private static func isOnlyCall(_ name: String, of helper: LoweringHelper, records: [ModuleRecord], calls: Set<String>) -> Bool {
        guard calls.contains(name) else { return false }
        let spelled = Array(name.utf8)
        for record in records {
            let ownCall = record.lowering?.helpers.contains { $0.name == name && $0.helper == helper } ?? false
            if ownCall { continue }
            let holds = record.bytes.withUnsafeBufferPointer { bytes in
                record.tokens.contains { $0.kind == .identifier && $0.end <= bytes.count && bytes[$0.range].elementsEqual(spelled) }
            }
            if holds { return false }
        }
        return true
    }

    /// Adds the short names (see `ShortNameSet`) a file's code uses, as the parser saw them (escapes decoded):
    /// every declared and every referenced name, or every identifier token when it was not parsed.
    package static func shortNamesUsed(by record: ModuleRecord, into names: inout ShortNameSet) {
        guard record.analysis != nil, let facts = record.facts else {
            findShortNamesUsed(by: record, into: &names)
            return
        }
        for index in facts.shortNameIndexes({ shortNameIndexes(of: record) }) { names.insert(index: Int(index)) }
    }

    /// The indexes (in `ShortNameSet`) of the short names `record` uses, ascending, each once.
    static func shortNameIndexes(of record: ModuleRecord) -> [Int32] {
        ShortNameSetPool.shared.withSet { used in
            findShortNamesUsed(by: record, into: &used)
            return used.indexes
        }
    }

    private static func findShortNamesUsed(by record: ModuleRecord, into names: inout ShortNameSet) {
        let maxLength = ShortNameSet.maxLength
        if let analysis = record.analysis {
            // The declared and the referenced names by name ID, each once, without making the array of them
            // `referencedNames` is (issue 41 step 4v) or a `Declaration` with its name each (step 5n).
            let internedNames = analysis.internedNames
            var seen = [Bool](repeating: false, count: internedNames.count)
            for record in analysis.declarations.records {
                let id = Int(record.nameID)
                guard id >= 0, id < internedNames.count, !seen[id] else { continue }
                seen[id] = true
                let name = internedNames[id]
                if name.utf8.count <= maxLength { names.insert(name.utf8) }
            }
            for reference in analysis.references {
                let id = analysis.nameID(of: reference)
                guard id >= 0, !seen[id] else { continue }
                seen[id] = true
                if internedNames[id].utf8.count <= maxLength { names.insert(internedNames[id].utf8) }
            }
        }
        // Identifier tokens too (property names included): cheap, and safe where a name was not analysed. Inserted
        // through pointers (step 4x).
        record.bytes.withUnsafeBufferPointer { bytes in names.insertIdentifiers(of: record.tokens, in: bytes) }
    }

    private static func isReservedWord(_ name: String) -> Bool {
        ["do", "if", "in", "as", "of", "let", "new", "for", "try", "var", "int", "get", "set"].contains(name)
    }

    /// `a`...`Z`, `_`, `$`, then two characters, then three: every identifier name up to `maxLength` once.
    struct CandidateNames {
        package static let maxLength = ShortNameSet.maxLength
        private static let first = ShortNameSet.firstCharacters
        private static let rest = ShortNameSet.otherCharacters
        private var index = 0

        /// Made from every stored property (the memberwise initializer, for the stages above).
        package init(index: Int = 0) {
            self.index = index
        }

        package mutating func next() -> String? {
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
