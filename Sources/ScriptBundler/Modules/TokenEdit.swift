/// A change to a source at token granularity: tokens `start..<end` are replaced by `text`
/// (`start == end` inserts `text` before token `start`). Line terminators inside replaced tokens are kept,
/// so the lines after an edit keep their original line numbers.
struct TokenEdit: Sendable, Equatable {
    let start: Int
    let end: Int
    let text: String
    /// The original token the replacement text maps back to, if any.
    let mappedToken: Int?

    static func replace(_ range: Range<Int>, with text: String, mappedTo token: Int? = nil) -> TokenEdit {
        TokenEdit(start: range.lowerBound, end: range.upperBound, text: text, mappedToken: token)
    }

    static func insert(_ text: String, before token: Int) -> TokenEdit {
        TokenEdit(start: token, end: token, text: text, mappedToken: nil)
    }
}
