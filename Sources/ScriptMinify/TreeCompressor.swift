import ScriptLowering
import ScriptSyntax

/// The minifier's compression as rewrites of a `SyntaxTree` (issue 41, step 4a): what the token passes (deleted in
/// step 5b) did to a piece's tokens, done once on the parsed tree before it is renamed and printed minified.
/// The rewrites by concept are in the `TreeCompressor+*.swift` files beside this one.
///
/// Contract (what the renamer and the printer after `compress` rely on):
/// - Every `identifier` node reachable from the root that refers to a binding keeps its reference index (`b`), and
///   that reference keeps its symbol; an identifier that moves (an inlined initializer) is the same node, moved.
///   `bindingIdentifier` nodes keep their symbol index. Nodes the rewrites build (`void 0`, `!0`) bind nothing.
/// - Removed nodes are only unreachable: they stay in `nodes`, and their references stay in `references` and
///   `symbols`' declarations. A renamer counts uses by walking the tree from the root, not by reading
///   `references`. A declaration left out entirely leaves its symbol without reachable `bindingIdentifier`.
/// - A built node takes the source range of the node it stands for (`void 0` that of `undefined`; `a&&b()` that of the
///   `if` statement), so printed mappings point at the code it came from.
/// - Scopes are not rewritten: a block whose statements move into its parent statement list declared no lexical
///   name (`let`, `const`, `class`, a function), so no binding changes scope in meaning.
/// - Scopes marked `isUnsafe` (a direct `eval` or `with` inside) keep every declaration and every use: names there
///   may be read dynamically.
enum TreeCompressor {
    /// The rewrites, each switchable (for tests and for measuring what each saves).
    struct Rewrites: OptionSet, Sendable {
        package let rawValue: UInt32

        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Branches of constant tests dropped: `if (0) a(); else b();` as `b();`, `!0 ? a : b` as `a`, `0 || x` as `x`.
        static let constantConditions = Rewrites(rawValue: 1 << 0)
        /// `if` statements as expressions (`a&&b();`, `a?b():c();`) and merged returns (`return a?b:c;`).
        static let conditionalStatements = Rewrites(rawValue: 1 << 1)
        /// A `!` dropped from an expression statement's test: `!a&&b();` as `a||b();`.
        static let logicalNegations = Rewrites(rawValue: 1 << 2)
        /// `typeof x === "string"` as `typeof x=="string"`, `typeof x === "undefined"` as `typeof x>"u"`.
        static let typeofComparisons = Rewrites(rawValue: 1 << 3)
        /// A compared global `undefined` as `void 0`.
        static let undefinedReferences = Rewrites(rawValue: 1 << 4)
        /// `true`/`false` as `!0`/`!1`.
        static let booleans = Rewrites(rawValue: 1 << 5)
        /// `new Error(m)` as `Error(m)` for the global error constructors.
        static let errorConstructorCalls = Rewrites(rawValue: 1 << 6)
        /// `new C()` as `new C`.
        static let newArguments = Rewrites(rawValue: 1 << 7)
        /// Adjacent `var`/`let`/`const` declarations of one kind merged.
        static let declarationMerging = Rewrites(rawValue: 1 << 8)
        /// Empty statements of statement lists left out.
        static let emptyStatements = Rewrites(rawValue: 1 << 9)
        /// Blocks without declarations spliced into their statement list, and a body block of one statement unwrapped.
        package static let blocks = Rewrites(rawValue: 1 << 10)
        /// Added string literals joined: `"a"+"b"` as `"ab"`.
        static let stringConcatenation = Rewrites(rawValue: 1 << 11)

        /// A `let`/`const` used once written at its use in the next statement.
        static let singleUseInlining = Rewrites(rawValue: 1 << 12)
        /// Unused local `let`/`const` declarators without effects, and unused function declarations, left out.
        static let unusedDeclarations = Rewrites(rawValue: 1 << 13)

        /// A `const` of a literal written as the literal at each use while shorter.
        static let constantInlining = Rewrites(rawValue: 1 << 14)
        /// Declarations used only from declarations left out, left out too (uses counted again from the root).
        static let unusedDeclarationChains = Rewrites(rawValue: 1 << 15)

        /// Every rewrite.
        package static let all = Rewrites(rawValue: (1 << 16) - 1)

        /// Each rewrite with its name, in the order `compress` is documented.
        package static let named: [(String, Rewrites)] = [
            ("constantConditions", .constantConditions), ("conditionalStatements", .conditionalStatements),
            ("logicalNegations", .logicalNegations), ("typeofComparisons", .typeofComparisons),
            ("undefinedReferences", .undefinedReferences), ("booleans", .booleans),
            ("errorConstructorCalls", .errorConstructorCalls), ("newArguments", .newArguments),
            ("declarationMerging", .declarationMerging), ("emptyStatements", .emptyStatements), ("blocks", .blocks),
            ("stringConcatenation", .stringConcatenation), ("singleUseInlining", .singleUseInlining),
            ("unusedDeclarations", .unusedDeclarations), ("constantInlining", .constantInlining),
            ("unusedDeclarationChains", .unusedDeclarationChains),
        ]
    }

    /// Rewrites `tree` into shorter code of the same behaviour, with `rewrites` (all by default). Returns the walk of
    /// the compressed tree its last rewrite made (`TreeUses`, for the renamer), `nil` when it made none of the tree
    /// as it is left.
    @discardableResult
    static func compress(_ tree: inout SyntaxTree, rewrites: Rewrites = .all) -> TreeUses? {
        guard tree.root >= 0 else { return nil }
        // The pass holds the only reference to the arrays while it rewrites them, so they are not copied (nor when
        // room is made: reserved while `tree` still held them, the nodes were copied once per piece). Step 5p: the
        // tree is moved into the pass and back (swapped), not copied (each copy retained and released its arrays).
        var taken = SyntaxTree(source: [])
        swap(&taken, &tree)
        var pass = TreeCompressorPass(tree: consume taken, rewrites: rewrites)
        pass.reserveRoom()
        let uses = pass.run()
        swap(&tree, &pass.tree)
        return uses
    }
}

/// The state of one `TreeCompressor.compress` run and its walk: every node is visited once, its children first
/// (bottom-up), and a visit returns the node that replaces it (itself when unchanged). Statement lists are rebuilt
/// after their statements are visited, for the rewrites that join or drop neighbouring statements.
struct TreeCompressorPass {
    package var tree: SyntaxTree
    let rewrites: TreeCompressor.Rewrites
    /// Whether a direct `eval` or a `with` anywhere may make a free name mean something else than the global.
    let isDynamic: Bool
    /// The expression of the expression statement being visited (a string join there could make a directive).
    var statementExpression: Int32 = SyntaxTree.none
    /// The callee of the `new` being visited.
    var calleeOfNew: Int32 = SyntaxTree.none
    /// How many references resolve to each symbol, from the parse (during a round of `removeUnused`, from its walk).
    var referenceCounts: [Int32]
    /// The body block of the innermost function being visited (its statement list may end in `a||(b,c);`), or -1.
    var functionBody: Int32 = SyntaxTree.none
    /// The bytes string joins may still write (see `joinedLiteral`): each join writes the whole joined literal again,
    /// so a chain of n literals writes about n²/2 literals' bytes.
    var joinBudget: Int
    /// The statements of the list `visitStatements` hands to `compressStatements`, in one array kept across lists
    /// (step 5p: an array made per list).
    var statementScratch: [Int32] = []
    /// `kindTable`, read through a pointer held by the pass (no once-check per node).
    package let kinds: UnsafePointer<UInt8> = TreeCompressorPass.kindTable

    package init(tree: SyntaxTree, rewrites: TreeCompressor.Rewrites) {
        self.tree = tree
        joinBudget = Self.joinBudget(sourceSize: tree.source.count)
        self.rewrites = rewrites
        isDynamic = tree.scopes.first?.isUnsafe ?? false
        referenceCounts =
            rewrites.isDisjoint(with: [.singleUseInlining, .unusedDeclarations, .constantInlining]) ? [] : Self.referenceCounts(tree)
    }

    /// Makes room for the nodes and lists rewrites add (a fifth more) where less than a tenth is left, so the arrays
    /// are seldom copied as they grow. (The parser reserves room beyond its own nodes, and a kept parse keeps a fifth
    /// more, `KeptModuleParse`; a reservation whenever less than a fifth was left copied the nodes of 102 of the
    /// firefox-shaped tree's 173 pieces, whose linker edits had added a few nodes, although the rewrites add few.)
    mutating func reserveRoom() {
        if tree.nodes.capacity - tree.nodes.count < tree.nodes.count / 10 {
            tree.nodes.reserveCapacity(tree.nodes.count + tree.nodes.count / 5)
        }
        if tree.lists.capacity - tree.lists.count < tree.lists.count / 10 {
            tree.lists.reserveCapacity(tree.lists.count + tree.lists.count / 5)
        }
    }

    package func does(_ rewrite: TreeCompressor.Rewrites) -> Bool { rewrites.contains(rewrite) }

    /// Runs the rewrites; returns the walk of the tree as left when the last rewrite made one (`removeUnusedChains`).
    package mutating func run() -> TreeUses? {
        var program = tree[tree.root]
        program.a = visitStatements(program.a, isFunctionBody: false)
        tree.replace(tree.root, with: program)
        return does(.unusedDeclarationChains) ? removeUnusedChains() : nil
    }

    // MARK: - The walk

    /// Visits `id` (children first) and returns what replaces it.
    ///
    /// Inlined into each caller: a leaf (a name or a literal: most nodes) is told apart by one byte of
    /// `SyntaxKind.childFields` and is rewritten here (only `true`/`false` are), without a call.
    @inline(__always)
    mutating func visit(_ id: Int32) -> Int32 {
        guard id >= 0 else { return id }
        let node = tree[id]
        let children = node.kind.childFields
        guard children != 0 else {
            return node.kind == .booleanLiteral && does(.booleans) ? shortBoolean(id) : id
        }
        return visitBranch(id, node, children)
    }

    /// Visits node `id` (`node`, whose fields `children` hold children) and returns what replaces it.
    ///
    /// Step 5k: one read of `kindTable` tells whether the node's kind sets what the rewrites below it read and whether
    /// `rewrite` has anything for it; most branch nodes (calls, members, properties, assignments…) need neither,
    /// and pass no `switch` on their kind.
    mutating func visitBranch(_ id: Int32, _ node: SyntaxNode, _ children: UInt8) -> Int32 {
        let entry = kinds[Int(node.kind.rawValue)]
        if entry & Self.setsContext == 0 {
            visitChildren(id, node, children, statementList: Int(entry >> 2) - 1)
            return entry & Self.hasRewrite == 0 ? id : rewrite(id, node.kind)
        }
        // What the rewrites below the node read of it: one call of `visitChildren`, so that it is inlined here.
        var outer = SyntaxTree.none
        switch node.kind {
        case .expressionStatement:
            outer = statementExpression
            statementExpression = node.a
        case .newExpression:
            outer = calleeOfNew
            calleeOfNew = node.a
        case .functionDeclaration, .functionExpression, .arrowFunction:
            outer = functionBody
            functionBody = node.flags.contains(.expressionBody) ? SyntaxTree.none : node.c
        default:
            break
        }
        visitChildren(id, node, children, statementList: -1)
        switch node.kind {
        case .expressionStatement: statementExpression = outer
        case .newExpression: calleeOfNew = outer
        case .functionDeclaration, .functionExpression, .arrowFunction: functionBody = outer
        default: break
        }
        return rewrite(id, node.kind)
    }

    /// Per raw `SyntaxKind` (step 5k): `setsContext` for the kinds `visitBranch` records for the rewrites below them,
    /// `hasRewrite` for the kinds `rewrite` looks at, and in bits 2–3 the statement list field plus one
    /// (`statementListField`; 0 for none). Made once, never freed.
    nonisolated(unsafe) static let kindTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for kind in SyntaxKind.allCases {
            var entry = UInt8(truncatingIfNeeded: statementListField(kind) + 1) << 2
            switch kind {
            case .expressionStatement, .newExpression, .functionDeclaration, .functionExpression, .arrowFunction:
                entry |= setsContext
            default: break
            }
            switch kind {
            case .ifStatement, .conditionalExpression, .logicalExpression, .expressionStatement, .binaryExpression,
                .booleanLiteral, .newExpression, .whileStatement, .doWhileStatement, .forStatement, .forInStatement,
                .forOfStatement, .labeledStatement, .withStatement:
                entry |= hasRewrite
            default: break
            }
            table[Int(kind.rawValue)] = entry
        }
        return UnsafePointer(table)
    }()

    /// The `kindTable` bit of the kinds `visitBranch` records (the expression statement, `new`, functions).
    static let setsContext: UInt8 = 1
    /// The `kindTable` bit of the kinds `rewrite` looks at (any other it returns as they are).
    static let hasRewrite: UInt8 = 2

    /// Visits the children of `id` (`node`, whose fields `children` hold children) in field order; statement lists
    /// through `visitStatements`.
    /// `statementList`: which field is a statement list (`statementListField`), or -1.
    @inline(__always)
    private mutating func visitChildren(_ id: Int32, _ node: SyntaxNode, _ children: UInt8, statementList: Int) {
        visitField(of: id, 0, children, node.a, statementList: statementList)
        if children & 0b1110_1110 == 0 { return }
        visitField(of: id, 1, children, node.b, statementList: statementList)
        if children & 0b1100_1100 == 0 { return }
        visitField(of: id, 2, children, node.c, statementList: statementList)
        visitField(of: id, 3, children, node.d, statementList: statementList)
    }

    /// Visits field `index` of node `id`, which holds `value` (read before the fields before it were visited: a
    /// visit replaces only the node it visits, so a field of `id` changes only through this call). `children`: the
    /// node's `SyntaxKind.childFields`.
    @inline(__always)
    private mutating func visitField(of id: Int32, _ index: Int, _ children: UInt8, _ value: Int32, statementList: Int) {
        let replacement: Int32
        if children & (1 << index) != 0 {
            guard value >= 0 else { return }
            replacement = visit(value)
        } else if children & (0x10 << index) != 0 {
            if index == statementList {
                replacement = visitStatements(value, isFunctionBody: id == functionBody)
            } else {
                replacement = visitList(value)
            }
        } else {
            return
        }
        if replacement != value {
            var node = tree[id]
            LoweringPass.setField(&node, index, replacement)
            tree.replace(id, with: node)
        }
    }

    /// Visits every child of a list that is not a statement list, replacing children in place.
    mutating func visitList(_ list: Int32) -> Int32 {
        // A list's count is its first element (list 0, the empty list, is a count of 0).
        let count = Int(tree.lists[Int(list)])
        for index in 0..<count {
            let child = tree.lists[Int(list) + 1 + index]
            let replacement = visit(child)
            if replacement != child { tree.replaceListElement(list, at: index, with: replacement) }
        }
        return list
    }

    /// Visits the statements of `list`, then rewrites the list as a whole (`compressStatements`); returns the list,
    /// or a new one when statements were joined or dropped.
    ///
    /// The statements are visited in place (a visit changes only the subtree of the statement it visits). The list is
    /// taken out into an array for `compressStatements` only when one of its statements is one that rewrite may
    /// change (`mayCompress`): on the firefox-shaped benchmark tree most lists hold none, and cost no array.
    mutating func visitStatements(_ list: Int32, isFunctionBody: Bool) -> Int32 {
        let count = Int(tree.lists[Int(list)])
        var mayChange = false
        var previous = SyntaxKind.emptyStatement
        for index in 0..<count {
            let statement = tree.lists[Int(list) + 1 + index]
            let replacement = visit(statement)
            if replacement != statement { tree.replaceListElement(list, at: index, with: replacement) }
            if !mayChange {
                let node = tree[replacement]
                mayChange = Self.mayCompress(node, after: previous, first: index == 0)
                previous = node.kind
            }
        }
        guard mayChange else { return list }
        var statements = statementScratch
        statementScratch = []
        statements.removeAll(keepingCapacity: true)
        // Copied from the lists at once (one uniqueness check, not one per statement).
        let start = Int(list) + 1
        tree.lists.withUnsafeBufferPointer { lists in
            precondition(start + count <= lists.count, "list out of range")
            statements.append(contentsOf: UnsafeBufferPointer(rebasing: lists[start..<(start + count)]))
        }
        let compressed = compressStatements(statements, isFunctionBody: isFunctionBody)
        statementScratch = statements
        if compressed.count == count {
            for (index, statement) in compressed.enumerated() where tree.lists[Int(list) + 1 + index] != statement {
                tree.replaceListElement(list, at: index, with: statement)
            }
            return list
        }
        return tree.appendList(compressed)
    }

    /// Whether `compressStatements` may change a statement list because of statement `node`, which follows a
    /// statement of kind `previous` (unless it is the `first`): an empty statement or a block may be left out or
    /// spliced, a declaration after a declaration merged, a `let`/`const` or function declaration inlined or left out
    /// (`removeLocalDeclarations`), an `if` without `else` merged into a return (`mergeReturns`). Any other statement
    /// is kept as it is by each of them.
    static func mayCompress(_ node: SyntaxNode, after previous: SyntaxKind, first: Bool) -> Bool {
        switch node.kind {
        case .emptyStatement, .blockStatement, .functionDeclaration: true
        case .variableDeclaration: node.op != SyntaxVariableKind.var.rawValue || (!first && previous == .variableDeclaration)
        case .ifStatement: node.c < 0
        default: false
        }
    }

    /// What field `index` (0 for `a` ... 3 for `d`) of a node of shape `shape` holds.
    package static func field(_ shape: (SyntaxField, SyntaxField, SyntaxField, SyntaxField), _ index: Int) -> SyntaxField {
        index == 0 ? shape.0 : index == 1 ? shape.1 : index == 2 ? shape.2 : shape.3
    }

    /// Which field of a node of `kind` is a statement list, or -1.
    static func statementListField(_ kind: SyntaxKind) -> Int {
        switch kind {
        case .program, .blockStatement: 0
        case .switchCase: 1
        default: -1
        }
    }

    /// The rewrites of one node of `kind` whose children are compressed; returns what replaces it. The kind is the one
    /// read before the children were visited: their visits replace fields of the node, never its kind (step 4x,
    /// second part: the node was read again here).
    @inline(__always)
    package mutating func rewrite(_ id: Int32, _ kind: SyntaxKind) -> Int32 {
        switch kind {
        case .ifStatement: return rewriteIf(id)
        case .conditionalExpression, .logicalExpression:
            return does(.constantConditions) ? foldConstantCondition(id) : id
        case .expressionStatement: return does(.logicalNegations) ? foldNegation(id) : id
        case .binaryExpression: return rewriteBinary(id)
        case .booleanLiteral: return does(.booleans) ? shortBoolean(id) : id
        case .newExpression: return rewriteNew(id)
        case .whileStatement, .doWhileStatement, .forStatement, .forInStatement, .forOfStatement, .labeledStatement,
            .withStatement:
            return does(.blocks) ? unwrapBodies(id) : id
        default: return id
        }
    }
}
