/// The syntax tree of one JavaScript source, with its scopes, symbols and references bound: what
/// `SyntaxParser` builds and `SyntaxPrinter` writes back.
///
/// Nodes live in `nodes` and refer to each other by index (see `SyntaxNode` for why). Variable-length
/// children (statements, arguments, elements, ...) are lists in `lists`: a list ID is the index of its count,
/// followed by its node IDs; list 0 is the empty list.
public struct SyntaxTree: Sendable {
    /// The ID of an absent child.
    @inlinable public static var none: Int32 { -1 }

    /// The source the node ranges point into.
    public let source: [UInt8]
    /// All nodes, indexed by node ID.
    public package(set) var nodes: [SyntaxNode] = []
    /// The lists, back to back: each is a count followed by that many node IDs, and its ID is the index of its count.
    public package(set) var lists: [Int32] = [0]
    /// The `program` node.
    public package(set) var root: Int32 = none
    /// Interned names (identifier names with escapes decoded), indexed by name ID.
    public package(set) var names: [String] = []
    /// The scopes, indexed by scope ID (0 is the program scope).
    public package(set) var scopes: [SyntaxScope] = []
    /// The declared names, indexed by symbol ID (`bindingIdentifier` nodes' `b`).
    public package(set) var symbols: [SyntaxSymbol] = []
    /// The uses of names, indexed by reference ID (`identifier` nodes' `b`).
    public package(set) var references: [SyntaxReference] = []
    /// Legal comments, in source order (only when the parse kept comments).
    public package(set) var legalComments: [SyntaxComment] = []
    /// How many of `names`, from the first, the parse interned: each is a spelling of its own. Names after them were
    /// built by rewrites (`appendName`) and may repeat one. 0 when no parse made the tree.
    package var parsedNameCount = 0

    package init(source: [UInt8]) {
        self.source = source
    }

    /// The node with ID `id`.
    @inline(__always)
    @inlinable public subscript(_ id: Int32) -> SyntaxNode { nodes[Int(id)] }

    /// The node IDs of list `list`.
    @inline(__always)
    @inlinable public func list(_ list: Int32) -> ArraySlice<Int32> {
        guard list > 0 else { return lists[0..<0] }
        let start = Int(list)
        let count = Int(lists[start])
        return lists[(start + 1)..<(start + 1 + count)]
    }

    /// Where the node IDs of list `list` stand in `lists` (empty for the empty list): read as `lists[i]`, without the
    /// slice `list(_:)` makes (which retains and releases the array; step 5m).
    @inline(__always)
    @inlinable public func listIndices(_ list: Int32) -> Range<Int> {
        guard list > 0 else { return 0..<0 }
        let start = Int(list) &+ 1
        return start..<(start &+ Int(lists[start &- 1]))
    }

    /// The source text of node `id` (for a `synthetic` leaf, its text).
    public func text(_ id: Int32) -> String {
        let node = nodes[Int(id)]
        if node.flags.contains(.synthetic) { return names[Int(node.a)] }
        return String(decoding: source[Int(node.start)..<Int(node.end)], as: UTF8.self)
    }

    /// The source bytes of node `id` (for a `synthetic` leaf, its text's bytes).
    @inlinable public func bytes(_ id: Int32) -> ArraySlice<UInt8> {
        let node = nodes[Int(id)]
        if node.flags.contains(.synthetic) { return ArraySlice(Array(names[Int(node.a)].utf8)) }
        return source[Int(node.start)..<Int(node.end)]
    }

    /// The name of an `identifier`, `identifierName`, `privateName` or `bindingIdentifier` node.
    public func name(_ id: Int32) -> String { names[Int(nodes[Int(id)].a)] }

    /// The names no declaration binds (globals and undeclared names), sorted.
    public var freeNames: [String] {
        var seen = Set<Int32>()
        for reference in references where reference.symbol < 0 { seen.insert(nodes[Int(reference.node)].a) }
        return seen.map { names[Int($0)] }.sorted()
    }

    // MARK: - Building

    @inline(__always)
    package mutating func add(_ node: SyntaxNode) -> Int32 {
        nodes.append(node)
        return Int32(truncatingIfNeeded: nodes.count - 1)
    }
}

/// Building nodes that were not in the source (what a rewriting pass such as `SyntaxLowering` adds). A built
/// node takes the source range of the node it stands for, so a later source map points at the code it came from;
/// it has no binding (`b` of a built identifier is -1): the tree's scopes, symbols and references describe the
/// parsed nodes only.
extension SyntaxFlags {
    /// The node was built, not parsed: a leaf's text (an identifier's, a private name's without the `#`, a literal's,
    /// `this`, `null`) is `SyntaxTree.names[a]`, not its source range.
    @inlinable public static var synthetic: SyntaxFlags { SyntaxFlags(rawValue: 1 << 14) }
}

extension SyntaxTree {
    /// Appends `node` and returns its ID.
    package mutating func append(_ node: SyntaxNode) -> Int32 { add(node) }

    /// Appends a list of `children` and returns its ID (0, the empty list, when there are none). Not generic, as the
    /// array and slice forms: a generic function called from another module runs unspecialized (the minifier's calls
    /// appended element by element through witness tables, 21,702 times on the large tree).
    package mutating func appendList(_ children: [Int32]) -> Int32 { appendList(children[...]) }

    /// Appends a list of `children` (a slice) and returns its ID (0, the empty list, when there are none).
    package mutating func appendList(_ children: ArraySlice<Int32>) -> Int32 {
        guard !children.isEmpty else { return 0 }
        let id = Int32(truncatingIfNeeded: lists.count)
        lists.append(Int32(truncatingIfNeeded: children.count))
        lists.append(contentsOf: children)
        return id
    }

    /// Appends a list of `children` and returns its ID (0, the empty list, when there are none).
    package mutating func appendList<Children: Collection>(_ children: Children) -> Int32 where Children.Element == Int32 {
        guard !children.isEmpty else { return 0 }
        let id = Int32(truncatingIfNeeded: lists.count)
        lists.append(Int32(truncatingIfNeeded: children.count))
        lists.append(contentsOf: children)
        return id
    }

    /// Appends a built node of `kind` at `range` (the range of the node it stands for) and returns its ID.
    package mutating func appendNode(
        _ kind: SyntaxKind, op: SyntaxOperator? = nil, flags: SyntaxFlags = [], at range: SourceRange,
        a: Int32 = SyntaxTree.none, b: Int32 = SyntaxTree.none, c: Int32 = SyntaxTree.none
    ) -> Int32 {
        add(SyntaxNode(kind, op: op?.rawValue ?? 0, flags: flags, start: Int(range.start), end: Int(range.end), a: a, b: b, c: c))
    }

    /// Replaces the node with ID `id`.
    package mutating func replace(_ id: Int32, with node: SyntaxNode) { nodes[Int(id)] = node }

    /// Replaces child `index` of list `list` (the list keeps its length).
    package mutating func replaceListElement(_ list: Int32, at index: Int, with child: Int32) {
        lists[Int(list) + 1 + index] = child
    }

    /// Interns `name` for a built node (names of built nodes may repeat parsed ones).
    package mutating func appendName(_ name: String) -> Int32 {
        names.append(name)
        return Int32(truncatingIfNeeded: names.count - 1)
    }

    /// A built leaf of `kind` whose text is `text`: an identifier (a reference that resolves to nothing recorded),
    /// a binding identifier, an identifier name, a private name (without `#`), a literal, `this` or `null`; at `range`.
    package mutating func appendSynthetic(_ kind: SyntaxKind, text: String, at range: SourceRange) -> Int32 {
        let name = appendName(text)
        let binding: Int32 = kind == .identifier || kind == .bindingIdentifier ? -1 : SyntaxTree.none
        return add(
            SyntaxNode(kind, flags: .synthetic, start: Int(range.start), end: Int(range.end), a: name, b: binding))
    }
}
