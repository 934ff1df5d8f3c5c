/// The renames of one parsed source, by token index: a compact per-token index into a table of renames
/// (a rename is shared by a declaration and its references).
struct IdentifierRenames {
    /// Per token of the parsed (comment-free) tokens: an index into `table`, or -1.
    var byToken: [Int32] = []
    var table: [IdentifierRename] = []

    /// The rename of token `token`; `nil` where it keeps its text.
    subscript(token: Int) -> IdentifierRename? {
        guard token < byToken.count else { return nil }
        let index = Int(byToken[token])
        return index >= 0 ? table[index] : nil
    }
}
