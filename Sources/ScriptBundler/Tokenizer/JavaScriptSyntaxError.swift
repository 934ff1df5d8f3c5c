/// A lexical error in a JavaScript source, with a 1-based line and column (UTF-16 code units + 1).
public struct JavaScriptSyntaxError: Error, Sendable, Equatable {
    /// The kind of problem.
    public enum Kind: Sendable, Equatable {
        case unterminatedString
        case unterminatedTemplate
        case unterminatedBlockComment
        case unterminatedRegularExpression
        case invalidUTF8
        case unexpectedCharacter
        case invalidEscape
        case invalidNumber
        /// A `)`, `]` or `}` without its opening bracket, or an opening bracket never closed.
        case unbalancedBracket
        case sourceTooLarge
        /// A token the parser does not accept here.
        case unexpectedToken
        /// A name declared twice in one scope where one of the declarations is lexical (`let`, `const`, `class`,
        /// `import`, a function in a block of strict code), or a `var` whose hoisting crosses such a declaration.
        case redeclaration
    }

    public let kind: Kind
    /// 1-based line.
    public let line: Int
    /// 1-based column, in UTF-16 code units.
    public let column: Int
    /// Byte offset of the problem.
    public let offset: Int
    /// A human-readable message (no location).
    public let message: String
}
