import ScriptSyntax

/// The export names a `require` call reads when its result is only destructured at once:
/// `const { a, b: local } = require("./x.js");` reads `a` and `b` and nothing else of the module's exports.
enum RequiredNames {
    /// Per call of `module.requireCalls`: the property names read, or `nil` when the result may be used
    /// otherwise. All calls are `nil` when the module reads `require` anywhere but in those calls (it could
    /// then require any listed module and read anything of it).
    package static func names(in record: ModuleRecord) -> [Set<String>?] {
        guard let analysis = record.analysis else { return [] }
        let calls = analysis.module.requireCalls
        var freeRequires = 0
        // Step 5p: by name ID, a name's spelling compared only when its length is that of `require` (a `String` per
        // free reference was returned, retained and released).
        let internedNames = analysis.internedNames
        var requireID = -1
        for reference in analysis.references where reference.declaration == nil {
            let id = analysis.nameID(of: reference)
            guard id >= 0 else { continue }
            if id == requireID || (internedNames[id].utf8.count == 7 && internedNames[id] == "require") {
                requireID = id
                freeRequires += 1
            }
        }
        guard freeRequires == calls.count else { return Array(repeating: nil, count: calls.count) }
        return calls.map { destructuredNames($0, tokens: record.tokens, bytes: record.bytes) }
    }

    /// `const|let|var { name, name: binding, ... } = require("x")` ending the declarator: the names.
    private static func destructuredNames(_ call: ModuleSyntax.RequireCall, tokens: [JavaScriptToken], bytes: [UInt8]) -> Set<String>? {
        let r = call.requireToken, s = call.specifierToken
        guard r >= 4, s == r + 2, s + 1 < tokens.count, tokens[r + 1].isPunctuator("(", in: bytes),
            tokens[s + 1].isPunctuator(")", in: bytes), tokens[r - 1].isPunctuator("=", in: bytes),
            tokens[r - 2].isPunctuator("}", in: bytes)
        else { return nil }
        // Nothing may continue the call expression after `)`.
        let after = s + 2
        if after < tokens.count {
            let next = tokens[after]
            let ends =
                next.isPunctuator(";", in: bytes) || next.isPunctuator(",", in: bytes)
                || (next.newlineBefore && (next.kind == .identifier || next.kind == .keyword)
                    && !next.isWord("in", in: bytes) && !next.isWord("instanceof", in: bytes))
            guard ends else { return nil }
        }
        // The pattern: `name` or `name: binding`, separated by commas, nothing nested, no rest or defaults.
        var names = Set<String>()
        var index = r - 3
        var expectsName = true
        var pendingName: Int?
        while index >= 0, !tokens[index].isPunctuator("{", in: bytes) {
            let token = tokens[index]
            if token.isPunctuator(",", in: bytes) {
                guard let name = pendingName else { return nil }
                names.insert(String(decoding: bytes[tokens[name].range], as: UTF8.self))
                pendingName = nil
                expectsName = true
            } else if token.isPunctuator(":", in: bytes) {
                // `key: binding` read backwards: the binding was taken as the name; the key comes next.
                guard pendingName != nil else { return nil }
                pendingName = nil
                expectsName = true
            } else if token.kind == .identifier || token.kind == .keyword {
                guard expectsName, tokens[index].end - tokens[index].start > 0, !bytes[token.start..<token.end].contains(0x5C) else {
                    return nil
                }
                pendingName = index
                expectsName = false
            } else {
                return nil
            }
            index -= 1
        }
        guard index >= 1, let name = pendingName else { return nil }
        names.insert(String(decoding: bytes[tokens[name].range], as: UTF8.self))
        let keyword = tokens[index - 1]
        guard keyword.isWord("const", in: bytes) || keyword.isWord("let", in: bytes) || keyword.isWord("var", in: bytes) else { return nil }
        return names
    }
}
