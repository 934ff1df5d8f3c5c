import Foundation
import ScriptModules
import ScriptSyntax

/// The tree a tree-route piece (`TreeModulePiece`, `TreeHoistedPiece`) minifies its module from: the module graph's
/// parse of the file, handed over (`ModuleFileFacts.takeParse()`, issue 41 step 4f), or where none was kept (another
/// bundle's piece took it, the budget was spent, or the graph did not keep parses), a parse of its own with comments.
/// Either way the same tree: the same tokens with comments, parsed by the same parser.
struct PieceParse {
    /// The module's tree, held only here (so the edits and the compressor change it in place).
    package var tree: SyntaxTree
    /// The file's bytes.
    package let source: [UInt8]
    /// The significant tokens (the record's).
    package let tokens: [JavaScriptToken]
    /// The ranges of the file's line and block comments, in source order.
    package let comments: [Range<Int>]
    /// Whether the tree was handed over from the module graph (not parsed here).
    let isHandedOver: Bool

    /// The tree of module `record` (its bytes, with `record.tokens` as significant tokens): the kept parse when
    /// `handover` and the graph kept one, else a parse of its own; `nil` where the file does not parse as the graph's
    /// parse did.
    package static func of(_ record: ModuleRecord, handover: Bool = true) -> PieceParse? {
        if handover, var kept = record.facts?.takeParse() {
            var tree = SyntaxTree(source: [])
            swap(&tree, &kept.tree)
            guard tree.root >= 0 else { return nil }
            // A kept parse taken while other graphs may still ask for it is a copy sharing its arrays: the linker's
            // first edit of a node copied the nodes with no room to spare, and the compressor copied them again to
            // make room (98 of the firefox-shaped tree's pieces). Copied here with the room the compressor keeps, the
            // nodes are copied once; the kept parse's own arrays already have that room, and are not copied.
            tree.nodes.reserveCapacity(tree.nodes.count + tree.nodes.count / 5)
            return PieceParse(tree: tree, source: record.bytes, tokens: record.tokens, comments: kept.comments, isHandedOver: true)
        }
        let source = record.bytes
        guard let tokenization = try? JavaScriptTokenizer.tokenizeForParsing(source, includeComments: true),
            var parsed = try? SyntaxParser.parseWithFacts(source, tokenization: tokenization),
            parsed.tokens.count == record.tokens.count, parsed.tree.root >= 0
        else { return nil }
        var tree = SyntaxTree(source: [])
        // The only reference to the tree's arrays, so the edits and the compressor change them in place.
        swap(&tree, &parsed.tree)
        var comments: [Range<Int>] = []
        for token in tokenization.comments ?? [] where token.kind == .lineComment || token.kind == .blockComment {
            comments.append(token.range)
        }
        return PieceParse(tree: tree, source: source, tokens: parsed.tokens, comments: comments, isHandedOver: false)
    }

    /// The legal comments among the file's comments, except those starting inside one of `excluded`.
    func legalComments(excluding excluded: [Range<Int>] = []) -> [[UInt8]] {
        var found: [[UInt8]] = []
        source.withUnsafeBufferPointer { bytes in
            for range in comments where LegalComments.isLegal(bytes, range) {
                if excluded.contains(where: { $0.contains(range.lowerBound) }) { continue }
                found.append(Array(bytes[range]))
            }
        }
        return found
    }
}
