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

    /// The readable names of development bundles.
    static let development = RuntimeNames()

    /// Names the runtime's own code uses for its locals and the globals it reads: a short name must differ.
    static let reservedByRuntime: Set<String> = [
        "id", "isES", "requests", "body", "request", "error", "name", "get", "record", "definition", "module",
        "require", "exports", "namespace", "getters", "esModule", "source", "context", "Error", "Symbol",
        "globalThis", "undefined", "Promise", "Object", "eval", "arguments", "global",
    ]

    /// Short names (one or two characters where possible), none in `taken` (names the bundle's files declare or
    /// reference), none a reserved word; deterministic for the same `taken`.
    static func short(avoiding taken: Set<String>) -> RuntimeNames {
        var names = RuntimeNames()
        var candidates = CandidateNames()
        func next(_ fallback: String) -> String {
            while let candidate = candidates.next() {
                if !taken.contains(candidate), !reservedByRuntime.contains(candidate), !isReservedWord(candidate) {
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
        return names
    }

    /// Identifier names a file's code uses, as the parser saw them (escapes decoded), of at most `maxLength`
    /// characters: every declared and every referenced name, or every identifier token when it was not parsed.
    static func shortNamesUsed(by record: ModuleRecord, maxLength: Int = CandidateNames.maxLength, into names: inout Set<String>) {
        // Names of up to three bytes are collected as numbers first, so a `String` is hashed once per distinct name.
        var spellings = Set<UInt32>()
        func add<Bytes: Collection<UInt8>>(_ bytes: Bytes, orElse name: () -> String) {
            guard maxLength <= 3, bytes.count <= 3 else {
                names.insert(name())
                return
            }
            var key = UInt32(truncatingIfNeeded: bytes.count) << 24
            var shift: UInt32 = 16
            for byte in bytes {
                key |= UInt32(byte) << shift
                shift &-= 8
            }
            spellings.insert(key)
        }
        if let analysis = record.analysis {
            for declaration in analysis.declarations where declaration.name.utf8.count <= maxLength {
                add(declaration.name.utf8) { declaration.name }
            }
            for name in analysis.referencedNames where name.utf8.count <= maxLength { add(name.utf8) { name } }
        }
        // Identifier tokens too (property names included): cheap, and safe where a name was not analysed.
        for token in record.tokens where token.kind == .identifier && token.end - token.start <= maxLength {
            guard token.end <= record.bytes.count else { continue }
            add(record.bytes[token.range]) { String(decoding: record.bytes[token.range], as: UTF8.self) }
        }
        for key in spellings {
            let length = Int(key >> 24)
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: key >> (16 - 8 * UInt32($0))) }
            names.insert(String(decoding: bytes, as: UTF8.self))
        }
    }

    private static func isReservedWord(_ name: String) -> Bool {
        ["do", "if", "in", "as", "of", "let", "new", "for", "try", "var", "int", "get", "set"].contains(name)
    }

    /// `a`...`Z`, `_`, `$`, then two characters, then three: every identifier name up to `maxLength` once.
    struct CandidateNames {
        static let maxLength = 3
        private static let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$".utf8)
        private static let rest = first + Array("0123456789".utf8)
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
