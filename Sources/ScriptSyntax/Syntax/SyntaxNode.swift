/// One node of a `SyntaxTree`: a 28-byte value in the tree's node array, addressed by its index (an
/// `Int32` node ID).
///
/// Why flat: a parse of a large bundle makes a few hundred thousand nodes. As class instances each would be a
/// separate heap allocation with a reference count touched on every traversal; as enum cases with indirect
/// payloads, the same. Stored by value in one array (the arena style of esbuild's and SWC's ASTs, where
/// children are indexes), a parse makes a handful of amortized array growths in all, a node is 28 bytes, a
/// traversal is index arithmetic over contiguous memory, and the tree is trivially `Sendable` and cheap to copy
/// or rewrite in place (later passes change `kind`/fields of a node, append new nodes, and leave dropped ones
/// unreachable). The price is untyped fields: what `a`…`d` hold depends on `kind` (see `SyntaxKind`), and the
/// typed accessors on `SyntaxTree` are the intended way to read them.
public struct SyntaxNode: Sendable, Equatable {
    /// What the node is; it says what `op` and `a`…`d` hold.
    public var kind: SyntaxKind
    /// The operator (`SyntaxOperator`) or variant (`SyntaxVariableKind`, `SyntaxPropertyKind`, ...).
    public var op: UInt8
    /// Boolean properties of the node (`optional`, `computed`, `isAsync`, ...).
    public var flags: SyntaxFlags
    /// Byte offsets of the node's source text (`start..<end`).
    public var start: UInt32
    /// Offset just past the node's last source byte.
    public var end: UInt32
    /// First field: a node, list or name ID, depending on `kind` (see `SyntaxKind`).
    public var a: Int32
    /// Second field: a node, list, name or binding index, depending on `kind` (see `SyntaxKind`).
    public var b: Int32
    /// Third field: a node or list ID, depending on `kind` (see `SyntaxKind`).
    public var c: Int32
    /// Fourth field: a node or list ID, depending on `kind` (see `SyntaxKind`).
    public var d: Int32

    @inline(__always)
    package init(
        _ kind: SyntaxKind, op: UInt8 = 0, flags: SyntaxFlags = [], start: Int, end: Int,
        a: Int32 = SyntaxTree.none, b: Int32 = SyntaxTree.none, c: Int32 = SyntaxTree.none, d: Int32 = SyntaxTree.none
    ) {
        self.kind = kind
        self.op = op
        self.flags = flags
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }

    /// The node's source range.
    public var range: SourceRange { SourceRange(start: Int(start), end: Int(end)) }

    /// The operator of a unary, update, binary, logical or assignment expression.
    public var `operator`: SyntaxOperator? { SyntaxOperator(rawValue: op) }
}
