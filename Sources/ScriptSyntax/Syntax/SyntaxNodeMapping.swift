/// One mapping as `SyntaxPrinter` records it while printing: plain integers (24 bytes, nothing to retain or
/// release), the node it maps and its name as an index, so recording one is a few stores. `SyntaxPrintedMapping` is
/// the same mapping with its offset and name written out (`printWithMappings` returns those); the tree minifier reads
/// these directly (`SyntaxPrinter.printMinified`).
@usableFromInline package struct SyntaxNodeMapping: Sendable, Equatable {
    /// 0-based line in the printed output.
    package var generatedLine: Int32
    /// 0-based column in the printed output, in UTF-16 code units.
    package var generatedColumn: Int32
    /// 0-based line of the node's start in the source.
    package var originalLine: Int32
    /// 0-based column of the node's start in the source, in UTF-16 code units.
    package var originalColumn: Int32
    /// The node mapped (its start is the mapping's original offset).
    package var node: Int32
    /// The identifier's source text when the printed identifier differs from it: `none`, a name ID of the tree
    /// (`SyntaxTree.names`), or `sourceText(of:)` (the source text of a node, for a built name).
    package var name: Int32

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(generatedLine: Int32, generatedColumn: Int32, originalLine: Int32, originalColumn: Int32, node: Int32, name: Int32) {
        self.generatedLine = generatedLine
        self.generatedColumn = generatedColumn
        self.originalLine = originalLine
        self.originalColumn = originalColumn
        self.node = node
        self.name = name
    }

    /// No name.
    @inlinable package static var none: Int32 { -1 }

    /// The `name` that stands for the source text of node `id`.
    @inline(__always)
    static func sourceText(of id: Int32) -> Int32 { -2 - id }

    /// The name of this mapping as text, read from `tree` (`nil` for none).
    package func nameText(in tree: SyntaxTree) -> String? {
        if name >= 0 { return tree.names[Int(name)] }
        guard name != Self.none else { return nil }
        let node = tree[-2 - name]
        return String(decoding: tree.source[Int(node.start)..<Int(node.end)], as: UTF8.self)
    }

    /// This mapping with its offset and name written out.
    package func printed(in tree: SyntaxTree) -> SyntaxPrintedMapping {
        SyntaxPrintedMapping(
            generatedLine: Int(generatedLine), generatedColumn: Int(generatedColumn), originalOffset: Int(tree[node].start),
            originalLine: Int(originalLine), originalColumn: Int(originalColumn), name: nameText(in: tree))
    }
}
