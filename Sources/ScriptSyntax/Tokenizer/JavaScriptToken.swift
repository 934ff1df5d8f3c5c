/// One lexical token of a JavaScript source, located by byte range and by line/column.
///
/// Stored compactly (32-bit fields) because a bundle can hold hundreds of thousands of tokens.
public struct JavaScriptToken: Sendable, Equatable {
    /// What kind of token this is.
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// A name, not a reserved word (or a reserved word after `.` or `?.`).
        case identifier
        /// A reserved word written without escapes (`if`, `return`, `this`, ...), unless it follows `.` or `?.`.
        case keyword
        /// `#name`.
        case privateName
        /// An operator or punctuation mark (`=>`, `{`, `?.`, ...).
        case punctuator
        /// A numeric literal.
        case number
        /// A string literal.
        case string
        /// A template literal without substitutions: a backquote, text, a backquote.
        case template
        /// The head of a template literal with substitutions: a backquote, text, `${`.
        case templateHead
        /// `}text${`.
        case templateMiddle
        /// The tail of a template literal with substitutions: `}`, text, a backquote.
        case templateTail
        /// A regular-expression literal.
        case regularExpression
        /// A `//` comment.
        case lineComment
        /// A `/* ... */` comment.
        case blockComment
        /// `#!...` on the first line.
        case hashbang
    }

    /// The largest source tokenized (128 MiB): a column, at most a byte offset, then fits the 27 bits kept for it.
    public static let maximumSourceSize = 1 << 27

    private let startOffset: UInt32
    private let endOffset: UInt32
    private let line32: UInt32
    /// The kind (bits 0-3), whether a line terminator comes before (bit 4) and the column (bits 5-31): 16 bytes
    /// a token instead of 20, a fifth less memory to fill and copy for every token array of a build.
    private let packed: UInt32

    package init(kind: Kind, start: Int, end: Int, line: Int, column: Int, newlineBefore: Bool) {
        self.startOffset = UInt32(truncatingIfNeeded: start)
        self.endOffset = UInt32(truncatingIfNeeded: end)
        self.line32 = UInt32(truncatingIfNeeded: line)
        self.packed = UInt32(kind.rawValue) | (newlineBefore ? 0x10 : 0) | (UInt32(truncatingIfNeeded: column) << 5)
    }

    /// What kind of token this is.
    @inline(__always)
    public var kind: Kind {
        // Every raw value below 16 is a case (they run from 0 without gaps), and only cases are stored.
        unsafeBitCast(UInt8(truncatingIfNeeded: packed & 0x0F), to: Kind.self)
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
    public var column: Int { Int(packed >> 5) }
    /// Whether a line terminator (or a comment containing one) separates this token from the previous one.
    public var newlineBefore: Bool { packed & 0x10 != 0 }

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
