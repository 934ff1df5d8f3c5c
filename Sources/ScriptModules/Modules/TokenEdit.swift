/// A change to a source at token granularity: tokens `start..<end` are replaced by `text`
/// (`start == end` inserts `text` before token `start`). Line terminators inside replaced tokens are kept,
/// so the lines after an edit keep their original line numbers.
package struct TokenEdit: Sendable, Equatable {
    package let start: Int
    package let end: Int
    package let text: String
    /// The original token the replacement text maps back to, if any.
    package let mappedToken: Int?

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(start: Int, end: Int, text: String, mappedToken: Int?) {
        self.start = start
        self.end = end
        self.text = text
        self.mappedToken = mappedToken
    }

    package static func replace(_ range: Range<Int>, with text: String, mappedTo token: Int? = nil) -> TokenEdit {
        TokenEdit(start: range.lowerBound, end: range.upperBound, text: text, mappedToken: token)
    }

    package static func insert(_ text: String, before token: Int) -> TokenEdit {
        TokenEdit(start: token, end: token, text: text, mappedToken: nil)
    }
}
