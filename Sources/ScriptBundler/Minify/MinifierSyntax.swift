/// The statements and expressions the minifier's passes read, as token ranges (`MinifierSyntaxParser` makes
/// them). Only what the passes need is modelled: everything else is an opaque node with its extent.
struct MinifierSyntax {
    enum Kind: UInt8 {
        // Expressions.
        case identifier
        /// A number, string, regular expression, template without substitutions, `null`, `true`, `false`, `this`.
        case literal
        case template
        case array
        case object
        /// A function or arrow function expression (creating it runs no code).
        case function
        /// A class expression, `super`, `import(...)`, `new.target`, `import.meta`: never looked into.
        case opaque
        case parenthesized
        case call
        /// `new C(...)` (`op` is -1 when written without arguments).
        case new
        /// `a.b` (`op`: the name token).
        case member
        /// `a[b]`.
        case index
        case tagged
        /// `!`, `-`, `+`, `~`, `typeof`, `void`, `delete`, `await` (`op`: the operator token).
        case unary
        /// `++`/`--`, prefix or postfix.
        case update
        case binary
        /// `&&`, `||`, `??`.
        case logical
        case conditional
        case assignment
        case sequence
        case spread
        /// An array hole.
        case hole
        // Object members.
        /// `key: value` (`op`: the key's first token).
        case property
        /// `{a}` (`op`: the name).
        case shorthand
        /// A method, getter or setter.
        case method
        /// `[key]: value` or a computed method.
        case computed
        // Statements.
        /// `var`/`let`/`const` (`op`: the keyword token; children: declarators).
        case declaration
        /// One binding of a declaration (`op`: the name token, -1 for a pattern; child: the initializer).
        case declarator
        case expressionStatement
        case returnStatement
        case throwStatement
        /// `if` (children: test, consequent, alternate; `op`: the `else` token or -1).
        case ifStatement
        case block
        case functionDeclaration
        case emptyStatement
        /// Any other statement (loops, `switch`, `try`, labels, `break`, class declarations, ...); a `for` or
        /// `while` loop has its body as its child.
        case otherStatement
    }

    /// A node; its children are `childIndices[childStart..<childStart + childCount]` (read them with
    /// `children(_:)`), so a node holds no storage of its own.
    struct Node {
        var kind: Kind
        /// For an expression: how tightly it binds (see `Precedence`).
        var level: UInt8 = Precedence.primary
        /// Whether an optional chain (`?.`) is part of this call or member expression.
        var isOptionalChain = false
        /// Tokens `first..<end`.
        var first: Int32
        var end: Int32
        /// A token the kind names (see `Kind`), or -1.
        var op: Int32 = -1
        /// For a statement: its `;` token, or -1 when it ends otherwise (a `}`, a line break).
        var semicolon: Int32 = -1
        var childStart: Int32 = 0
        var childCount: Int32 = 0

        init(
            kind: Kind, first: Int32, end: Int32, op: Int32 = -1, level: UInt8 = Precedence.primary, isOptionalChain: Bool = false,
            semicolon: Int32 = -1
        ) {
            self.kind = kind
            self.first = first
            self.end = end
            self.op = op
            self.level = level
            self.isOptionalChain = isOptionalChain
            self.semicolon = semicolon
        }
    }

    /// A list of statements in one scope: a function body, a block or the program.
    struct StatementList {
        /// The `{` token before the list, or -1 for the program.
        var open: Int32
        /// Its statements: `childIndices[statementStart..<statementStart + statementCount]` (see `statements(_:)`).
        var statementStart: Int32
        var statementCount: Int32
    }

    /// Node indexes in a row: a node's children, a list's statements (zero-based, like an array).
    struct Children: RandomAccessCollection {
        fileprivate let storage: [Int32]
        fileprivate let start: Int
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }
        subscript(position: Int) -> Int32 { storage[start + position] }
        func index(after i: Int) -> Int { i + 1 }
        func index(before i: Int) -> Int { i - 1 }
    }

    var nodes: [Node] = []
    var lists: [StatementList] = []
    /// The children of every node and the statements of every list, each one's in a row.
    private(set) var childIndices: [Int32] = []
    /// The first token of every arrow function's expression body (`x => ({})[x]`): like a statement start, a `{`
    /// there would open a block.
    var arrowBodyStarts: Set<Int32> = []
    /// The `{` tokens opening the statement lists that are function bodies (where a `return` ends the function).
    var functionBodies: Set<Int32> = []

    /// Makes room for `count` nodes and as many child indexes.
    mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
        childIndices.reserveCapacity(count)
    }

    /// The first token of every expression statement's expression, inside any parentheses (which a pass may drop):
    /// a string literal written there could make the statement a directive (`"use strict";`).
    func expressionStatementStarts() -> Set<Int32> {
        var starts = Set<Int32>()
        for node in nodes where node.kind == .expressionStatement {
            guard var expression = children(node).first else { continue }
            while self[expression].kind == .parenthesized, let inner = children(self[expression]).first { expression = inner }
            starts.insert(self[expression].first)
        }
        return starts
    }

    /// Forgets every node and list, keeping the arrays' room.
    mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        lists.removeAll(keepingCapacity: true)
        childIndices.removeAll(keepingCapacity: true)
        arrowBodyStarts.removeAll(keepingCapacity: true)
        functionBodies.removeAll(keepingCapacity: true)
    }

    mutating func add(_ node: Node) -> Int32 {
        nodes.append(node)
        return Int32(truncatingIfNeeded: nodes.count - 1)
    }

    mutating func add(_ node: Node, child: Int32) -> Int32 {
        var node = node
        node.childStart = Int32(truncatingIfNeeded: childIndices.count)
        node.childCount = 1
        childIndices.append(child)
        return add(node)
    }

    mutating func add(_ node: Node, children first: Int32, _ second: Int32) -> Int32 {
        var node = node
        node.childStart = Int32(truncatingIfNeeded: childIndices.count)
        node.childCount = 2
        childIndices.append(first)
        childIndices.append(second)
        return add(node)
    }

    mutating func add(_ node: Node, children first: Int32, _ second: Int32, _ third: Int32) -> Int32 {
        var node = node
        node.childStart = Int32(truncatingIfNeeded: childIndices.count)
        node.childCount = 3
        childIndices.append(first)
        childIndices.append(second)
        childIndices.append(third)
        return add(node)
    }

    mutating func add(_ node: Node, children: ArraySlice<Int32>) -> Int32 {
        var node = node
        node.childStart = Int32(truncatingIfNeeded: childIndices.count)
        node.childCount = Int32(truncatingIfNeeded: children.count)
        // Most nodes have a few children: appended one by one, without a `memmove` call for a few bytes.
        if children.count <= 8 {
            for child in children { childIndices.append(child) }
        } else {
            childIndices.append(contentsOf: children)
        }
        return add(node)
    }

    /// Adds a statement list of `statements` (stored like a node's children).
    mutating func addList(open: Int32, statements: ArraySlice<Int32>) {
        lists.append(
            .init(
                open: open, statementStart: Int32(truncatingIfNeeded: childIndices.count),
                statementCount: Int32(truncatingIfNeeded: statements.count)))
        childIndices.append(contentsOf: statements)
    }

    /// Adds a statement list whose statements are those of block `node` (already added).
    mutating func addList(open: Int32, sameAs node: Node) {
        lists.append(.init(open: open, statementStart: node.childStart, statementCount: node.childCount))
    }

    /// Drops the nodes, lists and child indexes added after there were `nodes`, `lists` and `childIndices` of
    /// those counts.
    mutating func truncate(nodes nodeCount: Int, lists listCount: Int, childIndices childCount: Int) {
        nodes.removeSubrange(nodeCount...)
        lists.removeSubrange(listCount...)
        childIndices.removeSubrange(childCount...)
    }

    subscript(_ index: Int32) -> Node {
        get { nodes[Int(index)] }
        set { nodes[Int(index)] = newValue }
    }

    /// The children of `node`.
    func children(_ node: Node) -> Children {
        Children(storage: childIndices, start: Int(node.childStart), count: Int(node.childCount))
    }

    /// The statements of `list`.
    func statements(_ list: StatementList) -> Children {
        Children(storage: childIndices, start: Int(list.statementStart), count: Int(list.statementCount))
    }

    /// Whether statement `index` ends so that nothing after it can continue it: with its `;`, or as a block, a
    /// function declaration or an `if` whose last branch does.
    func endsCleanly(_ index: Int32) -> Bool {
        let node = self[index]
        if node.semicolon >= 0 { return true }
        switch node.kind {
        case .block, .functionDeclaration: return true
        case .ifStatement: return children(node).last.map { endsCleanly($0) } ?? false
        default: return false
        }
    }

    /// Expression binding levels, from the loosest: an expression needs parentheses where its level is below the
    /// one its position requires.
    enum Precedence {
        static let sequence: UInt8 = 0
        static let assignment: UInt8 = 2
        /// Conditional expressions, and `??` (which never mixes with `||`/`&&` without parentheses).
        static let conditional: UInt8 = 3
        static let logicalOr: UInt8 = 4
        static let logicalAnd: UInt8 = 5
        static let bitwiseOr: UInt8 = 6
        static let bitwiseXor: UInt8 = 7
        static let bitwiseAnd: UInt8 = 8
        static let equality: UInt8 = 9
        static let relational: UInt8 = 10
        static let shift: UInt8 = 11
        static let additive: UInt8 = 12
        static let multiplicative: UInt8 = 13
        static let exponent: UInt8 = 14
        static let prefix: UInt8 = 15
        static let postfix: UInt8 = 16
        static let call: UInt8 = 17
        static let primary: UInt8 = 18
    }
}
