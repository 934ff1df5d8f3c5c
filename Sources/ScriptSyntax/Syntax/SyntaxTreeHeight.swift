/// The height bound on a parsed tree.
///
/// The parser reads a chain of binary operators, calls, member accesses or tagged templates in a loop, so
/// `SyntaxParser.maximumDepth` (which bounds the parser's own recursion) does not bound the tree it builds: `q|q|…|q`
/// is a left-leaning tree one level an operator. The passes after the parser (compressor, renamer, printer) recurse
/// one level a node, on 256 MiB stacks; a chain of about two million operators overflowed them. So a parse whose tree
/// is higher than `SyntaxParser.maximumTreeHeight` is rejected with a located error, as JavaScript engines reject
/// code past their own limits. Only a tree with more nodes than the bound can be that high, so smaller trees (every
/// file of the benchmark trees but the largest) are not walked at all.
package enum SyntaxTreeHeight {
    /// The first node, in a depth-first walk from `root` in source order (the first child first), that lies more than
    /// `limit` levels below the root; nil when no node does. For a chain too long, that is a link starting where the
    /// chain starts. Iterative: the walk itself cannot overflow a stack.
    package static func firstNode(deeperThan limit: Int, nodes: [SyntaxNode], lists: [Int32], root: Int32) -> Int32? {
        guard nodes.count > limit, root >= 0 else { return nil }
        var pending: [(node: Int32, depth: Int32)] = [(root, 1)]
        pending.reserveCapacity(1024)
        let nodeCount = nodes.count
        let listCount = lists.count
        while let (id, depth) = pending.popLast() {
            if Int(depth) > limit { return id }
            guard id >= 0, Int(id) < nodeCount else { continue }
            let node = nodes[Int(id)]
            let children = node.kind.childFields
            if children == 0 { continue }
            let fields = (node.a, node.b, node.c, node.d)
            for index in (0..<4).reversed() {  // pushed last to first, so popped first to last
                let value: Int32
                switch index {
                case 0: value = fields.0
                case 1: value = fields.1
                case 2: value = fields.2
                default: value = fields.3
                }
                if children & (1 << index) != 0 {
                    if value >= 0 { pending.append((value, depth + 1)) }
                } else if children & (1 << (4 + index)) != 0, value > 0, Int(value) < listCount {
                    let count = Int(lists[Int(value)])
                    let first = Int(value) + 1
                    guard count > 0, first + count <= listCount else { continue }
                    for element in lists[first..<(first + count)].reversed() where element >= 0 {
                        pending.append((element, depth + 1))
                    }
                }
            }
        }
        return nil
    }
}

extension SyntaxParser {
    /// The highest tree accepted, in levels from the program node: a chain of operators, calls or member accesses
    /// is a level a link (see `SyntaxTreeHeight`).
    ///
    /// The passes' frames decide it. An optimized build used at most about 130 bytes of its 256 MiB stacks a level
    /// (chains of a million `|` and 600,000 levels of `.b()` built; two million levels overflowed), so 100,000 keeps
    /// a margin of six. A debug build's frames are some fifty times larger (the printer's three frames a level of
    /// a chain: 20,000 levels built, 40,000 overflowed), so a debug build (tests, fuzzing) accepts 10,000. V8 itself
    /// refuses a chain of 10,000 member accesses.
    public static let maximumTreeHeight = heightBoundOfThisBuild

    #if DEBUG
    private static let heightBoundOfThisBuild = 10_000
    #else
    private static let heightBoundOfThisBuild = 100_000
    #endif

    /// The error for a tree higher than `maximumTreeHeight`, at node `id` (the first one found past the bound: the
    /// start of the chain that goes too deep).
    static func tooHigh(at id: Int32, in tree: SyntaxTree, tokens: [JavaScriptToken]) -> JavaScriptSyntaxError {
        let offset = Int(tree.nodes[Int(id)].start)
        // The node starts at a token: the first one at or after its start.
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        let line = low < tokens.count ? tokens[low].line : 1
        let column = low < tokens.count ? tokens[low].column + 1 : 1
        return JavaScriptSyntaxError(
            kind: .unexpectedToken, line: line, column: column, offset: offset,
            message:
                "expression is nested more than \(maximumTreeHeight) levels deep (each operator, call or member access of a chain is a level)"
        )
    }
}
