/// One lexical token of a JavaScript source, located by byte range and by line/column.
///
/// Stored compactly (32-bit fields) because a bundle can hold hundreds of thousands of tokens.
public struct JavaScriptToken: Sendable, Equatable {
    /// What kind of token this is.
    public enum Kind: UInt8, Sendable, CaseIterable {
        case identifier
        /// A reserved word written without escapes (`if`, `return`, `this`, ...), unless it follows `.` or `?.`.
        case keyword
        /// `#name`.
        case privateName
        case punctuator
        case number
        case string
        /// A template literal without substitutions: `` `text` ``.
        case template
        /// `` `text${ ``.
        case templateHead
        /// `}text${`.
        case templateMiddle
        /// `` }text` ``.
        case templateTail
        case regularExpression
        case lineComment
        case blockComment
        /// `#!...` on the first line.
        case hashbang
    }

    public let kind: Kind
    private let flags: UInt8
    private let startOffset: UInt32
    private let endOffset: UInt32
    private let line32: UInt32
    private let column32: UInt32

    init(kind: Kind, start: Int, end: Int, line: Int, column: Int, newlineBefore: Bool) {
        self.kind = kind
        self.flags = newlineBefore ? 1 : 0
        self.startOffset = UInt32(truncatingIfNeeded: start)
        self.endOffset = UInt32(truncatingIfNeeded: end)
        self.line32 = UInt32(truncatingIfNeeded: line)
        self.column32 = UInt32(truncatingIfNeeded: column)
    }

    /// Byte offset of the first byte.
    public var start: Int { Int(startOffset) }
    /// Byte offset one past the last byte.
    public var end: Int { Int(endOffset) }
    /// The byte range in the source.
    public var range: Range<Int> { start..<end }
    /// 1-based line of the first character.
    public var line: Int { Int(line32) }
    /// 0-based column of the first character, in UTF-16 code units (as source maps count).
    public var column: Int { Int(column32) }
    /// Whether a line terminator (or a comment containing one) separates this token from the previous one.
    public var newlineBefore: Bool { flags & 1 != 0 }

    /// Whether the token is a comment or hashbang (not significant for the grammar).
    public var isComment: Bool {
        kind == .lineComment || kind == .blockComment || kind == .hashbang
    }

    /// Whether the token's text may contain line terminators.
    public var canSpanLines: Bool {
        switch kind {
        case .string, .template, .templateHead, .templateMiddle, .templateTail, .blockComment: true
        default: false
        }
    }
}
