import ScriptSyntax

/// The linker's edits of a wrapped module (`ModuleLinker.LinkedModule.edits`, token edits) made on the module's
/// syntax tree instead of its text (issue 41, step 4d), for the tree minifier to minify the module from its tree.
///
/// The edits a wrapped CommonJS module receives replace whole nodes, each by a built leaf the printer writes as its
/// text (`SyntaxFlags.synthetic`), at the start of the node it stands for so the source map points where the text
/// route's intermediate map points:
/// - one name token by a name (`require` → the registry's `r`, a lowering helper's name): an `identifier` node by a
///   built identifier that resolves to nothing (a free name, as the text route's reparse sees it); its range is
///   empty, so the map gives it no name of its own, as the text route's does not;
/// - one string token by digits (`require("./x")`'s specifier → the module ID): a `stringLiteral` by a number;
/// - tokens by `true` or `false` (`WrapperTypeofFolding`): the outermost expression spanning exactly those tokens
///   by a boolean literal.
/// Anything else (insertions, removed statements, other generated text, a range no node spans) is not expressed:
/// `apply` returns `false` and the module keeps the text route.
package enum TreeLinkEdits {
    /// Makes `edits` (sorted, on `tokens` of `tree.source`) on `tree`; `false`, with `tree` partly edited, where some
    /// edit is not one of the kinds above.
    package static func apply(_ edits: [TokenEdit], tokens: [JavaScriptToken], to tree: inout SyntaxTree) -> Bool {
        guard !edits.isEmpty else { return true }
        // The byte range each edit replaces, and the nodes starting where one starts (one pass over the nodes).
        var ranges: [(start: UInt32, end: UInt32)] = []
        ranges.reserveCapacity(edits.count)
        // Per byte of the source, whether an edit starts there (a load per node, where a set would hash each), one bit
        // a byte (a byte each zeroed 6 M instructions' worth of memory on the large benchmark tree; step 4q).
        var starts = [UInt64](repeating: 0, count: (tree.source.count + 1 + 63) / 64)
        for edit in edits {
            guard edit.start < edit.end, edit.end <= tokens.count, tokens[edit.end - 1].end <= tree.source.count else { return false }
            let range = (UInt32(truncatingIfNeeded: tokens[edit.start].start), UInt32(truncatingIfNeeded: tokens[edit.end - 1].end))
            ranges.append(range)
            starts[Int(range.0) >> 6] |= 1 << UInt64(range.0 & 63)
        }
        // Per start offset, the outermost node (the last added: a parent is added after its children) of each end.
        var spanning: [UInt64: Int32] = [:]
        spanning.reserveCapacity(edits.count * 2)
        let limit = UInt32(truncatingIfNeeded: tree.source.count)
        for (index, node) in tree.nodes.enumerated()
        where node.start <= limit && starts[Int(node.start) >> 6] & (1 << UInt64(node.start & 63)) != 0 && isExpression(node.kind) {
            spanning[UInt64(node.start) << 32 | UInt64(node.end)] = Int32(truncatingIfNeeded: index)
        }
        for (edit, range) in zip(edits, ranges) {
            guard let id = spanning[UInt64(range.start) << 32 | UInt64(range.end)] else { return false }
            let node = tree[id]
            let text = edit.text
            if text == "true" || text == "false" {
                tree.replace(id, with: built(.booleanLiteral, text, start: node.start, end: node.end, in: &tree))
            } else if edit.end - edit.start == 1, node.kind == .stringLiteral, isDigits(text) {
                tree.replace(id, with: built(.numberLiteral, text, start: node.start, end: node.end, in: &tree))
            } else if edit.end - edit.start == 1, node.kind == .identifier, isName(text) {
                // Empty: the map names no original name for it (the text route's intermediate map names none).
                var identifier = built(.identifier, text, start: node.start, end: node.start, in: &tree)
                identifier.b = -1
                tree.replace(id, with: identifier)
            } else {
                return false
            }
        }
        return true
    }

    /// A built leaf of `kind` reading `text`.
    private static func built(_ kind: SyntaxKind, _ text: String, start: UInt32, end: UInt32, in tree: inout SyntaxTree) -> SyntaxNode {
        SyntaxNode(kind, flags: .synthetic, start: Int(start), end: Int(end), a: tree.appendName(text))
    }

    /// Whether a node of `kind` is an expression an edit may replace (not a statement, pattern or part of one).
    private static func isExpression(_ kind: SyntaxKind) -> Bool {
        switch kind {
        case .identifier, .stringLiteral, .numberLiteral, .booleanLiteral, .unaryExpression, .binaryExpression,
            .logicalExpression, .conditionalExpression, .callExpression, .memberExpression:
            return true
        default:
            return false
        }
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// An ASCII identifier name (the names the linker writes: runtime and helper names).
    private static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(first >= 0x30 && first <= 0x39), text != "true", text != "false" else { return false }
        return text.utf8.allSatisfy { SyntaxPrinter.isWordByte($0) && $0 < 0x80 }
    }
}
