/// A lexical error in a JavaScript source, with a 1-based line and column (UTF-16 code units + 1).
public struct JavaScriptSyntaxError: Error, Sendable, Equatable {
    /// The kind of problem.
    public enum Kind: Sendable, Equatable {
        /// A string literal without its closing quote.
        case unterminatedString
        /// A template literal without its closing backquote.
        case unterminatedTemplate
        /// A `/*` comment without its `*/`.
        case unterminatedBlockComment
        /// A regular-expression literal without its closing `/`.
        case unterminatedRegularExpression
        /// Bytes that are not UTF-8 (overlong forms, surrogates, truncated sequences).
        case invalidUTF8
        /// A character that cannot start a token.
        case unexpectedCharacter
        /// An invalid Unicode escape in an identifier.
        case invalidEscape
        /// A malformed numeric literal.
        case invalidNumber
        /// A `)`, `]` or `}` without its opening bracket, or an opening bracket never closed.
        case unbalancedBracket
        /// A source over the 128 MiB a token can address.
        case sourceTooLarge
        /// A token the parser does not accept here.
        case unexpectedToken
        /// A name declared twice in one scope where one of the declarations is lexical (`let`, `const`, `class`,
        /// `import`, a function in a block of strict code), or a `var` whose hoisting crosses such a declaration.
        case redeclaration
    }

    /// What is wrong.
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
