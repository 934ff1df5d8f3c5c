import ScriptSyntax

/// Decides `typeof module` and `typeof exports` comparisons of a wrapped CommonJS module at build time, as
/// webpack does: the wrapper's `module` and `exports` parameters are objects (`{ exports: {} }` and its
/// `exports`), so `typeof exports === "object"` is `true` and `typeof module === "undefined"` is `false`. The
/// universal module definition headers of libraries (`typeof exports === "object" && typeof module !==
/// "undefined" ? factory(exports) : typeof define === "function" && define.amd ? ... : ...`) then keep only their
/// CommonJS branch once the minifier drops the dead ones.
///
/// A name is folded only when the module never assigns it: each free reference is `typeof name`, a member access
/// (`name.x`, `name[x]`, `name?.x`) or the only argument of a call (`f(name)`); and no scope of the module has a
/// direct `eval` or a `with` (either could rebind it).
enum WrapperTypeofFolding {
    /// The edits writing each foldable comparison as `true` or `false`, and the names whose every free reference
    /// those edits remove (the module no longer reads them).
    package static func edits(in record: ModuleRecord) -> (edits: [TokenEdit], removedNames: Set<String>) {
        guard let analysis = record.analysis, analysis.module.usesModuleOrExports,
            !analysis.scopes.contains(where: \.isUnsafe)
        else { return ([], []) }
        let tokens = record.tokens
        let bytes = record.bytes
        func punctuator(_ index: Int, _ literal: StaticString) -> Bool {
            index >= 0 && index < tokens.count && tokens[index].isPunctuator(literal, in: bytes)
        }
        func keyword(_ index: Int, _ literal: StaticString) -> Bool {
            index >= 0 && index < tokens.count && tokens[index].isKeyword(literal, in: bytes)
        }
        var references: [String: [Int]] = ["module": [], "exports": []]
        for reference in analysis.references where reference.declaration == nil {
            let name = analysis.name(of: reference)
            if name == "module" || name == "exports" { references[name]?.append(reference.token) }
        }
        var folds: [Fold] = []
        var removedNames = Set<String>()
        for name in ["module", "exports"] {
            guard let list = references[name], !list.isEmpty else { continue }
            let isReadOnly = list.allSatisfy { r in
                keyword(r - 1, "typeof") || punctuator(r + 1, ".") || punctuator(r + 1, "[") || punctuator(r + 1, "?.")
                    || (punctuator(r - 1, "(") && punctuator(r + 1, ")") && r >= 2 && tokens[r - 2].kind == .identifier)
            }
            guard isReadOnly else { continue }
            var folded = 0
            for r in list where keyword(r - 1, "typeof") {
                if let fold = comparison(typeofAt: r - 1, tokens: tokens, bytes: bytes) {
                    folds.append(fold)
                    folded += 1
                }
            }
            if folded == list.count { removedNames.insert(name) }
        }
        folds.sort { $0.tokens.lowerBound < $1.tokens.lowerBound }
        folds = merged(folds, tokens: tokens, bytes: bytes)
        let edits = folds.map { TokenEdit.replace($0.tokens, with: $0.value ? "true" : "false", mappedTo: $0.tokens.lowerBound) }
        return (edits, removedNames)
    }

    /// A comparison decided at build time: its tokens and its value.
    private struct Fold {
        package var tokens: Range<Int>
        package var value: Bool
    }

    /// Joins decided comparisons that are the two operands of one `&&` (associative, and binding tighter than `||`)
    /// or of one `||` that no `&&` touches, so a test such as `typeof exports === "object" && typeof module !==
    /// "undefined"` becomes one constant, which the minifier's constant-condition pass folds.
    private static func merged(_ folds: [Fold], tokens: [JavaScriptToken], bytes: [UInt8]) -> [Fold] {
        var result: [Fold] = []
        for fold in folds {
            if var last = result.last, last.tokens.upperBound + 1 == fold.tokens.lowerBound,
                last.tokens.upperBound < tokens.count
            {
                let op = tokens[last.tokens.upperBound]
                let before = last.tokens.lowerBound - 1, after = fold.tokens.upperBound
                func isAnd(_ index: Int) -> Bool { index >= 0 && index < tokens.count && tokens[index].isPunctuator("&&", in: bytes) }
                if op.isPunctuator("&&", in: bytes) {
                    last.value = last.value && fold.value
                } else if op.isPunctuator("||", in: bytes), !isAnd(before), !isAnd(after) {
                    last.value = last.value || fold.value
                } else {
                    result.append(fold)
                    continue
                }
                last.tokens = last.tokens.lowerBound..<fold.tokens.upperBound
                result[result.count - 1] = last
                continue
            }
            result.append(fold)
        }
        return result
    }

    /// `typeof name OP "text"` or `"text" OP typeof name` around the `typeof` at `typeofToken` (OP one of `==`,
    /// `===`, `!=`, `!==`), where no operator binding tighter than equality touches it, written as its value.
    private static func comparison(typeofAt typeofToken: Int, tokens: [JavaScriptToken], bytes: [UInt8]) -> Fold? {
        let nameToken = typeofToken + 1
        func isEquality(_ index: Int) -> Bool? {
            guard index >= 0, index < tokens.count, tokens[index].kind == .punctuator else { return nil }
            for op: StaticString in ["===", "=="] where tokens[index].isPunctuator(op, in: bytes) { return true }
            for op: StaticString in ["!==", "!="] where tokens[index].isPunctuator(op, in: bytes) { return false }
            return nil
        }
        func string(_ index: Int) -> String? {
            guard index >= 0, index < tokens.count, tokens[index].kind == .string else { return nil }
            let token = tokens[index]
            let inner = bytes[(token.start + 1)..<(token.end - 1)]
            guard token.end - token.start >= 2, !inner.contains(0x5C) else { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
        // What may stand before and after the comparison: nothing that binds tighter than `==`.
        func opensOperand(_ index: Int) -> Bool {
            guard index >= 0 else { return true }
            let token = tokens[index]
            if token.isKeyword("return", in: bytes) { return true }
            guard token.kind == .punctuator else { return false }
            for op: StaticString in ["(", ",", "&&", "||", "??", "?", ":", "=", ";", "{", "}"] where token.isPunctuator(op, in: bytes) {
                return true
            }
            return false
        }
        func closesOperand(_ index: Int) -> Bool {
            guard index < tokens.count else { return true }
            let token = tokens[index]
            guard token.kind == .punctuator else { return false }
            for op: StaticString in [")", ",", "&&", "||", "??", "?", ":", ";", "}", "]"] where token.isPunctuator(op, in: bytes) {
                return true
            }
            return false
        }
        let first: Int, last: Int, equal: Bool, text: String
        if let isEqual = isEquality(nameToken + 1), let literal = string(nameToken + 2),
            opensOperand(typeofToken - 1), closesOperand(nameToken + 3)
        {
            (first, last, equal, text) = (typeofToken, nameToken + 2, isEqual, literal)
        } else if let isEqual = isEquality(typeofToken - 1), let literal = string(typeofToken - 2),
            opensOperand(typeofToken - 3), closesOperand(nameToken + 1)
        {
            (first, last, equal, text) = (typeofToken - 2, nameToken, isEqual, literal)
        } else {
            return nil
        }
        return Fold(tokens: first..<(last + 1), value: (text == "object") == equal)
    }
}
