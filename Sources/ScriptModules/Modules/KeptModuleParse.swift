import Foundation
import ScriptSyntax

/// The module graph's parse of a file, kept for the tree minifier's piece of the module (issue 41, step 4f), so the
/// piece does not tokenize and parse the file again: the tree (parsed from the tokens with comments, so its legal
/// comments and `/*#__PURE__*/` calls are as a parse of its own would find them) and the ranges of the file's comments,
/// among which the piece finds the legal comments it copies out.
///
/// Kept in the file's `ModuleFileFacts` from the parse on; the first piece that asks takes it (the tree is then
/// changed in place by its edits and compression), any other piece of the same file parses it again.
package struct KeptModuleParse: Sendable {
    /// The file's tree as parsed (scopes, symbols and references bound; nothing changed yet). The taker moves it out
    /// (`swap`), so that its edits change the only copy in place.
    package var tree: SyntaxTree
    /// The ranges of the file's line and block comments, in source order.
    package let comments: [Range<Int>]
    /// What the tree holds in memory, in bytes (its arrays' capacities), counted against `KeptParseBudget`.
    package let size: Int

    /// The parse of `tree`, whose source's comment and hashbang tokens are `comments` (in source order; the tokenizer
    /// for the parser keeps them apart from the significant tokens).
    ///
    /// A tree parsed to be kept (`SyntaxParser.parseWithFacts(_:tokenization:toKeep:)`) has room for about a fifth
    /// more nodes and lists than it holds, what the compressor adds (`TreeCompressorPass.reserveRoom`), and is kept as
    /// it is (issue 41 step 4y). A tree with much more room (the parser's reservation for a tree not meant to be
    /// kept is about twice the nodes a parse makes) is copied into arrays with room only for that fifth: a kept tree
    /// then holds about half the bytes, and twice as many fit in the budget (step 4g). Its lists, 4 bytes an entry,
    /// are copied only where their capacity is more than 2.2 times their count.
    package init(tree: SyntaxTree, comments commentTokens: [JavaScriptToken]) {
        var tree = tree
        Self.trim(&tree.nodes, room: tree.nodes.count / 5)
        Self.trim(&tree.lists, room: tree.lists.count / 5, slack: tree.lists.count)
        Self.trim(&tree.references, room: 0)
        self.tree = tree
        var comments: [Range<Int>] = []
        comments.reserveCapacity(commentTokens.count)
        for token in commentTokens where token.kind == .lineComment || token.kind == .blockComment { comments.append(token.range) }
        self.comments = comments
        size = Self.size(of: tree) + comments.capacity * MemoryLayout<Range<Int>>.stride
    }

    /// Copies `array` into one with room for `room` more elements, where its capacity leaves more than `slack`
    /// elements (by default a fifth of that, and 16) unused beyond them.
    private static func trim<Element>(_ array: inout [Element], room: Int, slack: Int? = nil) {
        let wanted = array.count + room
        guard array.capacity > wanted + (slack ?? wanted / 5 + 16) else { return }
        // The tree's elements are plain values: one block copy (copied one at a time, the nodes took 9.1 M
        // instructions on the firefox-shaped tree).
        guard _isPOD(Element.self) else {
            var trimmed: [Element] = []
            trimmed.reserveCapacity(wanted)
            trimmed.append(contentsOf: array)
            array = trimmed
            return
        }
        array = array.withUnsafeBytes { bytes in
            [Element](unsafeUninitializedCapacity: wanted) { buffer, count in
                if let from = bytes.baseAddress, let to = buffer.baseAddress {
                    UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: bytes.count)
                }
                count = bytes.count / MemoryLayout<Element>.stride
            }
        }
    }

    /// The bytes `tree`'s arrays hold (their capacities; a name counted as a string's inline size and its bytes).
    package static func size(of tree: SyntaxTree) -> Int {
        var names = tree.names.capacity * MemoryLayout<String>.stride
        for name in tree.names where name.utf8.count > 15 { names += name.utf8.count }
        return tree.nodes.capacity * MemoryLayout<SyntaxNode>.stride + tree.lists.capacity * MemoryLayout<Int32>.stride + names
            + tree.scopes.capacity * MemoryLayout<SyntaxScope>.stride + tree.symbols.capacity * MemoryLayout<SyntaxSymbol>.stride
            + tree.references.capacity * MemoryLayout<SyntaxReference>.stride
            + tree.legalComments.capacity * MemoryLayout<SyntaxComment>.stride
    }
}
