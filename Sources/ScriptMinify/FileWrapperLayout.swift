import ScriptSyntax

/// Where the body of a wrapped script file lies among its tokens, and what its function scope needs: read from
/// the tokens of `BundleAssembler`'s layout (`(function () {` file `}).call(this);`) and their scope analysis.
struct FileWrapperLayout: Equatable {
    /// The tokens `MinifiedFileBody.piece` holds: the body, without a leading `"use strict"` directive taken
    /// out (`wrapping == .strict`).
    var bodyTokens: Range<Int>
    var wrapping: MinifiedFileBody.Wrapping
    var canShareScope: Bool
    var allowsArrowFunction: Bool

    /// Tokens of the prologue `( function ( ) {` and of the epilogue `} ) . call ( this ) ;`.
    static let prologueTokenCount = 5
    static let epilogueTokenCount = 8

    /// The layout of `tokens` (comments excluded) of `code`; `nil` when they are not a wrapped file or the
    /// analysis has no wrapper function (then the file is written whole).
    package init?(code: [UInt8], tokens: [JavaScriptToken], analysis: ScopeAnalysis) {
        let count = tokens.count
        guard count >= Self.prologueTokenCount + Self.epilogueTokenCount else { return nil }
        let ok = code.withUnsafeBufferPointer { bytes -> Bool in
            func spells(_ index: Int, _ text: StaticString) -> Bool {
                tokens[index].spells(text, in: bytes)
            }
            let prologue: [StaticString] = ["(", "function", "(", ")", "{"]
            let epilogue: [StaticString] = ["}", ")", ".", "call", "(", "this", ")", ";"]
            for (k, text) in prologue.enumerated() where !spells(k, text) { return false }
            for (k, text) in epilogue.enumerated() where !spells(count - Self.epilogueTokenCount + k, text) { return false }
            return true
        }
        guard ok else { return nil }
        // The wrapper's function: the one function scope directly inside the program.
        guard let wrapper = analysis.scopes.firstIndex(where: { $0.kind == .function && $0.parent == 0 }) else { return nil }
        let bodyStart = Self.prologueTokenCount
        let bodyEnd = count - Self.epilogueTokenCount
        let scope = analysis.scopes[wrapper]

        var wrapping = MinifiedFileBody.Wrapping.sloppy
        var first = bodyStart
        let directive = Self.useStrictDirective(code, tokens: tokens, from: bodyStart, to: bodyEnd)
        switch directive {
        case .none:
            break
        case .first(let tokenCount):
            wrapping = .strict
            first += tokenCount
        case .later:
            // Strict through a later directive of the prologue: keep the file's own prologue and wrapper.
            return nil
        }
        bodyTokens = first..<bodyEnd
        self.wrapping = wrapping

        // Annex B functions in sloppy blocks and hoisted `var`s are declarations of the wrapper's scope too.
        canShareScope = scope.declarations.isEmpty && !scope.isUnsafe && !scope.containsReturn
        allowsArrowFunction = !Self.usesArgumentsOrNewTarget(analysis: analysis, wrapper: wrapper)
    }

    private enum Directive {
        case none
        /// The prologue's first statement is the directive, `tokenCount` tokens long (with its `;`).
        case first(tokenCount: Int)
        /// A later statement of the prologue is the directive.
        case later
    }

    /// Finds `"use strict"` (or `'use strict'`, exactly) as the body's first statement (`from..<to`). A directive
    /// ended by a line break, or one later in the prologue, makes the answer `.later`, so such a file keeps its own
    /// prologue and wrapper.
    private static func useStrictDirective(_ code: [UInt8], tokens: [JavaScriptToken], from: Int, to: Int) -> Directive {
        if from < to, tokens[from].kind == .string, isUseStrict(code, tokens[from]) {
            let next = from + 1
            if next == to { return .first(tokenCount: 1) }
            if tokens[next].kind == .punctuator, tokens[next].end - tokens[next].start == 1, code[tokens[next].start] == 0x3B {
                return .first(tokenCount: 2)
            }
            return .later
        }
        // Only string statements can precede a directive (the prologue): stop at the first other token.
        var k = from
        while k < to {
            let token = tokens[k]
            if token.kind == .string {
                if isUseStrict(code, token) { return .later }
            } else if !(token.kind == .punctuator && token.end - token.start == 1 && code[token.start] == 0x3B) {
                break
            }
            k += 1
        }
        return .none
    }

    private static func isUseStrict(_ code: [UInt8], _ token: JavaScriptToken) -> Bool {
        guard token.end - token.start == 12 else { return false }
        let quote = code[token.start]
        guard quote == 0x22 || quote == 0x27, code[token.end - 1] == quote else { return false }
        return code[(token.start + 1)..<(token.end - 1)].elementsEqual("use strict".utf8)
    }

    /// Whether code of the wrapper function itself (outside nested non-arrow functions) reads `arguments` (also
    /// written with escapes: names are compared decoded) or `new.target`.
    private static func usesArgumentsOrNewTarget(analysis: ScopeAnalysis, wrapper: Int) -> Bool {
        if analysis.argumentsNameID >= 0 {
            let id = analysis.argumentsNameID
            for reference in analysis.references
            where reference.nameID == id {
                var s: Int? = reference.scope
                while let current = s, current < analysis.scopes.count {
                    let kind = analysis.scopes[current].kind
                    if kind == .function || kind == .program {
                        if current == wrapper { return true }
                        break
                    }
                    s = analysis.scopes[current].parent
                }
            }
        }
        return analysis.scopes[wrapper].containsNewTarget
    }
}
