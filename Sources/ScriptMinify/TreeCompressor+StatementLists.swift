import ScriptSyntax

/// The rewrites of statement lists and bodies (what `EmptyStatements`, `BlockBraces` and `DeclarationMerging` do to
/// tokens, and blocks spliced into their list):
/// - an empty statement of a list is left out (one that is a body, `for(;;);`, stays: it is no list's);
/// - a block of a list that declares nothing lexically (no `let`, `const`, `class` or function declaration) is
///   replaced by its statements;
/// - the body block of `if`, `else`, `for`, `while`, `do` and `with` holding one statement that is no declaration is
///   that statement (the printer adds the braces a dangling `else` needs), and an empty one is `;`;
/// - adjacent `var`, `let` or `const` declarations of one kind are one declaration (the same bindings in the same
///   scope, initialized in the same order).
/// A statement that is a string alone (`"x";`) could become a directive if what stood between it and the list's start
/// went: an empty statement or block before one is kept, and a block starting with one is not spliced.
extension TreeCompressorPass {
    /// The rewrites of a statement list whose statements are compressed.
    mutating func compressStatements(_ input: [Int32], isFunctionBody: Bool) -> [Int32] {
        let statements = referenceCounts.isEmpty ? input : removeLocalDeclarations(input, isFunctionBody: isFunctionBody)
        guard mayJoinOrDrop(statements) else {
            return does(.conditionalStatements) ? mergeReturns(statements, isFunctionBody: isFunctionBody) : statements
        }
        var result: [Int32] = []
        result.reserveCapacity(statements.count)
        for (index, statement) in statements.enumerated() {
            let node = tree[statement]
            let beforeString = index + 1 < statements.count && isStringStatement(statements[index + 1])
            if node.kind == .emptyStatement, does(.emptyStatements), !beforeString { continue }
            if node.kind == .blockStatement, does(.blocks), !beforeString, !declaresLexically(statement) {
                // By index (the lists grow as declarations merge; this list's place does not move).
                let inner = Int(node.a)
                let innerCount = inner > 0 ? Int(tree.lists[inner]) : 0
                if innerCount == 0 || !isStringStatement(tree.lists[inner + 1]) {
                    for index in 0..<innerCount { appendMerging(tree.lists[inner + 1 + index], to: &result) }
                    continue
                }
            }
            appendMerging(statement, to: &result)
        }
        guard does(.conditionalStatements) else { return result }
        return mergeReturns(result, isFunctionBody: isFunctionBody)
    }

    /// Whether `compressStatements` may leave out, splice or merge a statement of `statements`: only an empty statement,
    /// a block, or a declaration after a declaration can be (most lists hold none, and are then kept as they are).
    func mayJoinOrDrop(_ statements: [Int32]) -> Bool {
        var previous = SyntaxKind.emptyStatement
        for (index, statement) in statements.enumerated() {
            let kind = tree[statement].kind
            switch kind {
            case .emptyStatement, .blockStatement: return true
            case .variableDeclaration where index > 0 && previous == .variableDeclaration: return true
            default: previous = kind
            }
        }
        return false
    }

    /// Appends `statement` to `result`, merged into the declaration before it when both are declarations of one kind.
    mutating func appendMerging(_ statement: Int32, to result: inout [Int32]) {
        let node = tree[statement]
        guard does(.declarationMerging), node.kind == .variableDeclaration, let last = result.last else {
            result.append(statement)
            return
        }
        let previous = tree[last]
        guard previous.kind == .variableDeclaration, previous.op == node.op || mergesAsLet(last, statement) else {
            result.append(statement)
            return
        }
        var merged = previous
        if merged.op != node.op { merged.op = SyntaxVariableKind.let.rawValue }
        merged.a = appendJoinedList(previous.a, node.a)
        merged.end = node.end
        result[result.count - 1] = tree.append(merged)
    }

    /// Appends a list of the elements of list `first` then those of list `second`; returns its ID (0 when both are
    /// empty). Step 5p: copied within the lists, taken out of the tree while written (no slice, no arrays of them;
    /// `appendList(Array(first) + Array(second))` made three arrays per merge).
    mutating func appendJoinedList(_ first: Int32, _ second: Int32) -> Int32 {
        let firstCount = first > 0 ? Int(tree.lists[Int(first)]) : 0
        let secondCount = second > 0 ? Int(tree.lists[Int(second)]) : 0
        let count = firstCount + secondCount
        guard count > 0 else { return 0 }
        var lists = tree.lists
        tree.lists = []
        let id = lists.count
        // Both lists lie before the new one, whose room is made at once (and written through a pointer: one
        // uniqueness check, not one per element).
        precondition(Int(first) + firstCount < id && Int(second) + secondCount < id, "list out of range")
        lists.append(contentsOf: repeatElement(0, count: 1 + count))
        lists.withUnsafeMutableBufferPointer { lists in
            lists[id] = Int32(truncatingIfNeeded: count)
            for index in 0..<firstCount { lists[id + 1 + index] = lists[Int(first) + 1 + index] }
            for index in 0..<secondCount { lists[id + 1 + firstCount + index] = lists[Int(second) + 1 + index] }
        }
        tree.lists = lists
        return Int32(truncatingIfNeeded: id)
    }

    /// Whether declarations `first` and `second`, one `let` and one `const`, may be one `let` declaration: the
    /// `const` one's names are local and never written (`SyntaxPrinter.constMayBeLet`, which prints it `let` anyway).
    func mergesAsLet(_ first: Int32, _ second: Int32) -> Bool {
        let kinds = (tree[first].op, tree[second].op)
        let (letKind, constKind) = (SyntaxVariableKind.let.rawValue, SyntaxVariableKind.const.rawValue)
        if kinds == (letKind, constKind) { return SyntaxPrinter.constMayBeLet(tree, second) }
        if kinds == (constKind, letKind) { return SyntaxPrinter.constMayBeLet(tree, first) }
        return false
    }

    /// Whether `id` is an expression statement of a string literal alone (`"use strict";`).
    func isStringStatement(_ id: Int32) -> Bool {
        let node = tree[id]
        return node.kind == .expressionStatement && tree[node.a].kind == .stringLiteral
    }

    /// Whether block `id` declares a name of its own: `let`, `const`, a class or a function.
    func declaresLexically(_ id: Int32) -> Bool {
        let list = Int(tree.nodes[Int(id)].a)
        guard list > 0 else { return false }
        for index in 0..<Int(tree.lists[list]) where isLexicalDeclaration(tree.lists[list + 1 + index]) { return true }
        return false
    }

    /// Whether statement `id` is a `let`, `const`, class or function declaration.
    func isLexicalDeclaration(_ id: Int32) -> Bool {
        let node = tree[id]
        switch node.kind {
        case .variableDeclaration: return node.op != SyntaxVariableKind.var.rawValue
        case .classDeclaration, .functionDeclaration: return true
        default: return false
        }
    }

    /// Body `id` without its block when that holds one statement that is no declaration, `;` for an empty block;
    /// `id` otherwise.
    mutating func unwrappedBody(_ id: Int32) -> Int32 {
        guard id >= 0 else { return id }
        let node = tree[id]
        guard node.kind == .blockStatement else { return id }
        let statements = tree.list(node.a)
        if statements.isEmpty { return tree.appendNode(.emptyStatement, at: node.range) }
        guard statements.count == 1, let only = statements.first, !isLexicalDeclaration(only) else { return id }
        return only
    }

    /// The bodies of `if` statement `id` unwrapped (`unwrappedBody`).
    mutating func unwrapIfBodies(_ id: Int32) {
        var node = tree[id]
        node.b = unwrappedBody(node.b)
        if node.c >= 0 { node.c = unwrappedBody(node.c) }
        tree.replace(id, with: node)
    }

    /// The body of loop or `with` statement `id` unwrapped (`unwrappedBody`); labeled statements keep theirs.
    mutating func unwrapBodies(_ id: Int32) -> Int32 {
        var node = tree[id]
        switch node.kind {
        case .whileStatement, .withStatement: node.b = unwrappedBody(node.b)
        case .doWhileStatement: node.a = unwrappedBody(node.a)
        case .forStatement: node.d = unwrappedBody(node.d)
        case .forInStatement, .forOfStatement: node.c = unwrappedBody(node.c)
        default: return id
        }
        tree.replace(id, with: node)
        return id
    }
}
