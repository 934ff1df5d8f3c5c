/// Leaves out local declarations the code does not need, as Terser and Bun do:
/// - a `const` (or never written `let`) initialised with a number, string, `true`, `false` or `null`, or with
///   string literals added together (written joined, `"a"+"b"` as `"ab"`), is written as that literal at each use
///   (`const e="downloadManager"` used once, also inside nested functions; used more often only while that is
///   shorter), then left out; never where the literal would start an expression statement (a directive there);
/// - a `let`/`const` no code refers to, with an initializer whose evaluation has no effect (literals, function
///   and arrow expressions, array and object literals of those), and a function declaration (at the top of a
///   function body) no code refers to, are left out. A declaration referred to only from declarations left out
///   goes too.
///
/// Only local names (`TokenBindings.isLocal`): not the shared top level, not where `eval` or `with` reach, never
/// a name that generated text may name. The temporal dead zone is kept: a constant is inlined only when every use
/// comes after its declaration and cannot run before it. A use inside a function declaration of the same list
/// (hoisted, so callable earlier) counts only when nothing before the declaration in that list can call it (it
/// holds only declarations without effects, function declarations and directives). A use inlining makes no
/// longer throw would have thrown only before the declaration ran, which those rules exclude.
struct LocalDeclarationRemoval<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax
    let bindings: TokenBindings

    private struct Candidate {
        var declaration: Int
        /// The statement (in `syntax`) and, for a declarator, its node; -1 for a function declaration.
        var statement: Int32
        var declarator: Int32
        var list: Int
        var position: Int
        /// The initializer to write at each use, for an inlined constant.
        var inlined: Int32 = -1
        /// For an inlined concatenation of string literals: the joined literal, written at each use (as
        /// `joinedTemplate` where a template literal may stand and is shorter).
        var joined: [UInt8]? = nil
        var joinedTemplate: [UInt8]? = nil
    }

    func run(_ edits: inout TokenEdits) {
        let generated = generatedNames()
        var sharedTokens: Set<Int>?
        var namesByScope: [Int: [String: NameUse]] = [:]
        var candidates: [Candidate] = []
        // Per declaration: its candidate, or -1.
        var candidateOf = [Int32](repeating: -1, count: bindings.declarations.count)
        for (listIndex, list) in syntax.lists.enumerated() {
            for (position, index) in syntax.statements(list).enumerated() {
                let statement = syntax[index]
                guard !edits.isEdited(statement.first), !edits.isSkipped(statement.first..<statement.end) else { continue }
                // Leaving the statement out must join nothing: the one before ends by itself (so does the nearest
                // one kept, by the same rule for those left out in between).
                guard position == 0 || syntax.endsCleanly(syntax.statements(list)[position - 1]) else { continue }
                switch statement.kind {
                case .declaration:
                    let keyword = tokens[Int(statement.op)]
                    guard
                        text.isKeyword(keyword, "const")
                            || (keyword.kind == .identifier && JavaScriptToken.spells(text.text(keyword), "let"))
                    else { continue }
                    for child in syntax.children(statement) {
                        let declarator = syntax[child]
                        guard declarator.op >= 0, let declaration = local(at: declarator.op, generated: generated),
                            bindings.declarations[declaration].kind == .let || bindings.declarations[declaration].kind == .const
                        else { continue }
                        if let initializer = syntax.children(declarator).first, !isPure(initializer) { continue }
                        candidateOf[declaration] = Int32(truncatingIfNeeded: candidates.count)
                        candidates.append(
                            Candidate(
                                declaration: declaration, statement: index, declarator: child, list: listIndex,
                                position: position))
                    }
                case .functionDeclaration:
                    guard let name = functionName(statement), let declaration = local(at: name, generated: generated),
                        bindings.declarations[declaration].kind == .function,
                        bindings.scopes[bindings.declarations[declaration].scope].isVarScope,
                        isUniqueName(declaration, names: &namesByScope)
                    else { continue }
                    let shared = sharedTokens ?? sharedDeclarationTokens()
                    sharedTokens = shared
                    guard !shared.contains(bindings.declarations[declaration].token) else { continue }
                    candidateOf[declaration] = Int32(truncatingIfNeeded: candidates.count)
                    candidates.append(
                        Candidate(declaration: declaration, statement: index, declarator: -1, list: listIndex, position: position))
                default:
                    continue
                }
            }
        }
        guard !candidates.isEmpty else { return }
        // The references to each candidate, in token order: candidate `c`'s are `referenceTokens[referenceStarts[c]..<
        // referenceStarts[c + 1]]` (two arrays, not one per candidate).
        let referenceCount = min(tokens.count, bindings.referenceAt.count)
        var referenceStarts = [Int](repeating: 0, count: candidates.count + 1)
        for k in 0..<referenceCount where bindings.referenceAt[k] >= 0 {
            let declaration = Int(bindings.referenceAt[k])
            guard declaration < candidateOf.count else { continue }
            let candidate = candidateOf[declaration]
            if candidate >= 0 { referenceStarts[Int(candidate) + 1] += 1 }
        }
        for c in 0..<candidates.count { referenceStarts[c + 1] += referenceStarts[c] }
        var referenceTokens = [Int32](repeating: 0, count: referenceStarts[candidates.count])
        var filled = Array(referenceStarts.dropLast())
        for k in 0..<referenceCount where bindings.referenceAt[k] >= 0 {
            let declaration = Int(bindings.referenceAt[k])
            guard declaration < candidateOf.count else { continue }
            let candidate = Int(candidateOf[declaration])
            if candidate >= 0 {
                referenceTokens[filled[candidate]] = Int32(truncatingIfNeeded: k)
                filled[candidate] += 1
            }
        }
        let references = References(starts: referenceStarts, tokens: referenceTokens)
        // Constants written at their uses.
        var statementStarts: Set<Int32>?
        for (number, candidate) in candidates.enumerated() where candidate.declarator >= 0 {
            let uses = references[number]
            guard !uses.isEmpty, uses.count == Int(bindings.referenceCounts[candidate.declaration]),
                !bindings.written[candidate.declaration], let initializer = syntax.children(syntax[candidate.declarator]).first
            else { continue }
            let joined = literalLength(syntax[initializer]) == nil ? joinedStrings(initializer) : nil
            guard let length = joined?.count ?? literalLength(syntax[initializer]) else { continue }
            // Shorter: `name=literal,` goes (the name is at least one byte where it is written).
            guard uses.count * length < length + 3 + uses.count else { continue }
            guard uses.allSatisfy({ canInline(at: $0, candidate: candidate, literal: syntax[initializer]) && !edits.isEdited($0) })
            else { continue }
            if tokens[Int(syntax[initializer].first)].kind == .string {
                let starts = statementStarts ?? syntax.expressionStatementStarts()
                statementStarts = starts
                guard !uses.contains(where: starts.contains) else { continue }
            }
            candidates[number].inlined = initializer
            candidates[number].joined = joined
            if joined != nil, let template = joinedStrings(initializer, allowsTemplate: true), template.first == 0x60 {
                candidates[number].joinedTemplate = template
            }
        }
        // Left out: inlined constants, and declarations whose references all stand in what is left out.
        var removed = [Bool](repeating: false, count: candidates.count)
        var inRemoved = [Bool](repeating: false, count: tokens.count)
        var changed = true
        while changed {
            changed = false
            for (number, candidate) in candidates.enumerated() where !removed[number] {
                let uses = references[number]
                guard uses.count == Int(bindings.referenceCounts[candidate.declaration]) else { continue }
                let range = extent(candidate)
                guard candidate.inlined >= 0 || uses.allSatisfy({ inRemoved[Int($0)] || range.contains($0) }) else { continue }
                removed[number] = true
                changed = true
                for k in range { inRemoved[Int(k)] = true }
            }
        }
        apply(candidates, removed: removed, references: references, &edits)
    }

    // MARK: - Edits

    /// The references to each candidate (see `run`).
    private struct References {
        let starts: [Int]
        let tokens: [Int32]
        subscript(candidate: Int) -> ArraySlice<Int32> { tokens[starts[candidate]..<starts[candidate + 1]] }
    }

    private func apply(_ candidates: [Candidate], removed: [Bool], references: References, _ edits: inout TokenEdits) {
        // Per statement: its declarators left out.
        var byStatement: [Int32: Set<Int32>] = [:]
        for (number, candidate) in candidates.enumerated() where removed[number] {
            if candidate.inlined >= 0 {
                let value = syntax[candidate.inlined]
                for use in references[number] {
                    if let joined = candidate.joined {
                        // Mapped to the first of the joined literals.
                        if let template = candidate.joinedTemplate,
                            StringQuotes.allowsTemplate(at: Int(use), before: Int(use) + 1, text: text, tokens: tokens)
                        {
                            edits.replace(
                                use, with: [edits.text(String(decoding: template, as: UTF8.self), .template, origin: value.first)])
                        } else {
                            edits.replace(use, with: [edits.text(String(decoding: joined, as: UTF8.self), .string, origin: value.first)])
                        }
                    } else {
                        edits.replace(use, with: [.span(value.first, value.end)])
                    }
                }
            }
            byStatement[candidate.statement, default: []].insert(candidate.declarator)
        }
        for (index, declarators) in byStatement.sorted(by: { $0.key < $1.key }) {
            let statement = syntax[index]
            if statement.kind == .functionDeclaration || declarators.count == syntax.children(statement).count {
                edits.skip(statement.first..<statement.end)
                continue
            }
            // Some declarators stay: each one left out goes with the `,` after it, a last one with the `,` before it.
            let children = syntax.children(statement)
            guard let lastKept = children.lastIndex(where: { !declarators.contains($0) }) else { continue }
            for (offset, child) in children.enumerated() where declarators.contains(child) && offset < lastKept {
                edits.skip(syntax[child].first..<syntax[children[offset + 1]].first)
            }
            if lastKept + 1 < children.count {
                edits.skip(syntax[children[lastKept]].end..<syntax[children[children.count - 1]].end)
            }
        }
    }

    // MARK: - Candidates

    /// The local declaration named at `token`, if the passes may remove it.
    private func local(at token: Int32, generated: Set<[UInt8]>) -> Int? {
        let k = Int(token)
        guard k < bindings.declarationAt.count else { return nil }
        let declaration = Int(bindings.declarationAt[k])
        guard declaration >= 0, bindings.isLocal[declaration], !bindings.scopes[bindings.declarations[declaration].scope].isUnsafe,
            generated.isEmpty || !generated.contains(Array(bindings.declarations[declaration].name.utf8))
        else { return nil }
        return declaration
    }

    /// Names that generated text refers to without the analysis seeing them.
    private func generatedNames() -> Set<[UInt8]> {
        var names = Set<[UInt8]>()
        for k in tokens.indices where k < bindings.referenceAt.count && bindings.referenceAt[k] == TokenBindings.unknown {
            names.insert(Array(text.text(tokens[k])))
        }
        return names
    }

    private func functionName(_ statement: MinifierSyntax.Node) -> Int32? {
        var k = Int(statement.first)
        if tokens[k].kind == .identifier { k += 1 }  // `async`
        guard k < Int(statement.end), text.isKeyword(tokens[k], "function") else { return nil }
        k += 1
        if k < Int(statement.end), text.isPunctuator(tokens[k], "*") { k += 1 }
        guard k < Int(statement.end), tokens[k].kind == .identifier else { return nil }
        return Int32(truncatingIfNeeded: k)
    }

    /// Tokens naming more than one declaration (a sloppy block's function is also a `var` of its function).
    private func sharedDeclarationTokens() -> Set<Int> {
        // Counted per token in a flat array (declarations are many, tokens naming two of them few).
        var seen = [Bool](repeating: false, count: tokens.count)
        var shared = Set<Int>()
        for declaration in bindings.declarations {
            let token = declaration.token
            guard token >= 0, token < seen.count else { continue }
            if seen[token] { shared.insert(token) } else { seen[token] = true }
        }
        return shared
    }

    /// The declarations of one scope with one name: the first, and whether another one has the name too.
    private struct NameUse {
        var first: Int
        var isShared = false
    }

    /// Whether no other declaration of the scope has the declaration's name (`var f; function f(){}`); `names`
    /// keeps the names of each scope asked about.
    private func isUniqueName(_ declaration: Int, names: inout [Int: [String: NameUse]]) -> Bool {
        let d = bindings.declarations[declaration]
        if names[d.scope] == nil {
            var uses: [String: NameUse] = [:]
            for other in bindings.scopes[d.scope].declarations {
                let name = bindings.declarations[other].name
                if let use = uses[name] {
                    if use.first != other { uses[name]?.isShared = true }
                } else {
                    uses[name] = NameUse(first: other)
                }
            }
            names[d.scope] = uses
        }
        guard let use = names[d.scope]?[d.name] else { return true }
        return !use.isShared && use.first == declaration
    }

    /// The tokens a candidate occupies.
    private func extent(_ candidate: Candidate) -> Range<Int32> {
        let node = candidate.declarator >= 0 ? syntax[candidate.declarator] : syntax[candidate.statement]
        return node.first..<node.end
    }

    /// Whether evaluating `index` has no effect and cannot throw.
    private func isPure(_ index: Int32) -> Bool {
        let node = syntax[index]
        switch node.kind {
        case .literal:
            return !text.isKeyword(tokens[Int(node.first)], "this")
        case .function:
            return true
        case .parenthesized:
            return syntax.children(node).first.map(isPure) ?? false
        case .array:
            return syntax.children(node).allSatisfy { syntax[$0].kind == .hole || isPure($0) }
        case .object:
            return syntax.children(node).allSatisfy { member in
                let m = syntax[member]
                switch m.kind {
                case .property: return syntax.children(m).first.map(isPure) ?? false
                case .method: return !text.isPunctuator(tokens[Int(m.op)], "[")
                default: return false
                }
            }
        case .unary:
            let op = tokens[Int(node.op)]
            guard op.kind == .punctuator, let operand = syntax.children(node).first else { return false }
            return literalLength(syntax[operand]) != nil
        case .binary:
            return stringChain(index) != nil
        default:
            return false
        }
    }

    /// The string tokens of `index` when it is string literals added together (`"a"+"b"+"c"`, as the grammar
    /// nests it: `("a"+"b")+"c"`), or a lone string literal. Walks down the left operands without recursion (a
    /// chain can be as long as the file).
    private func stringChain(_ index: Int32) -> [Int32]? {
        var reversed: [Int32] = []
        var current = index
        while true {
            let node = syntax[current]
            if node.kind == .literal {
                guard node.end == node.first + 1, tokens[Int(node.first)].kind == .string else { return nil }
                reversed.append(node.first)
                return reversed.reversed()
            }
            guard node.kind == .binary, node.childCount == 2, node.op >= 0, text.isPunctuator(tokens[Int(node.op)], "+")
            else { return nil }
            let children = syntax.children(node)
            let right = syntax[children[1]]
            guard right.kind == .literal, right.end == right.first + 1, tokens[Int(right.first)].kind == .string else { return nil }
            reversed.append(right.first)
            current = children[0]
        }
    }

    /// The joined literal of an initializer that adds string literals together, when they can be joined (a
    /// template literal when `allowsTemplate` and it is the shortest).
    private func joinedStrings(_ index: Int32, allowsTemplate: Bool = false) -> [UInt8]? {
        guard syntax[index].kind == .binary, let chain = stringChain(index), let first = chain.first else { return nil }
        let bodies = chain.map { k in text.text(tokens[Int(k)].start + 1, tokens[Int(k)].end - 1) }
        for i in bodies.indices.dropFirst() where !StringConcatenation<Text>.canJoin(bodies[i - 1], bodies[i]) { return nil }
        return StringConcatenation<Text>.joined(
            bodies, firstQuote: text.text(tokens[Int(first)].start, tokens[Int(first)].start + 1)[0], allowsTemplate: allowsTemplate)
    }

    /// The written length of a primitive literal (`true` is written `!0`), or nil for any other node.
    private func literalLength(_ node: MinifierSyntax.Node) -> Int? {
        guard node.kind == .literal, node.end == node.first + 1 else { return nil }
        let token = tokens[Int(node.first)]
        switch token.kind {
        case .number, .string: return token.end - token.start
        case .template: return token.end - token.start
        case .keyword:
            if text.isKeyword(token, "true") || text.isKeyword(token, "false") { return 2 }
            if text.isKeyword(token, "null") { return 4 }
            return nil
        default:
            return nil
        }
    }

    /// Whether the literal can stand at reference `use` and nothing can read the name before its declaration ran.
    private func canInline(at use: Int32, candidate: Candidate, literal: MinifierSyntax.Node) -> Bool {
        let k = Int(use)
        let statement = syntax[candidate.statement]
        guard use >= statement.end, !bindings.isCalleeOrShorthand[k] else { return false }
        if k > 0, text.isKeyword(tokens[k - 1], "delete") || text.isKeyword(tokens[k - 1], "typeof") { return false }
        if k + 1 < tokens.count {
            let next = tokens[k + 1]
            if next.kind == .template || next.kind == .templateHead { return false }
            if tokens[Int(literal.first)].kind == .number, text.isPunctuator(next, ".") || text.isPunctuator(next, "?.") { return false }
        }
        // A use inside a function declaration of the same list may run before the declaration, unless nothing
        // before it can call that function.
        let statements = syntax.statements(syntax.lists[candidate.list])
        for index in statements[(candidate.position + 1)...] {
            let node = syntax[index]
            guard node.first <= use, use < node.end else { continue }
            if node.kind == .functionDeclaration {
                return statements[..<candidate.position].allSatisfy(isInert)
            }
            return true
        }
        return false
    }

    /// Whether running statement `index` calls nothing.
    private func isInert(_ index: Int32) -> Bool {
        let node = syntax[index]
        switch node.kind {
        case .functionDeclaration, .emptyStatement: return true
        case .declaration: return syntax.children(node).allSatisfy { syntax.children(syntax[$0]).allSatisfy(isPure) }
        case .expressionStatement:
            guard let value = syntax.children(node).first else { return false }
            return syntax[value].kind == .literal && tokens[Int(syntax[value].first)].kind == .string
        default: return false
        }
    }
}
