/// Comparing a token's text with a literal: the checks the parser, the module linker, the dead-code and
/// pure-initializer scans and the minifier make on tokens, in one place. `source` is the text the token's
/// offsets point into; `text` is the token's own bytes.
extension JavaScriptToken {
    /// Whether `text` is exactly `literal`.
    @inline(__always)
    @inlinable package static func spells(_ text: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { expected in
            guard text.count == expected.count else { return false }
            var j = 0
            while j < expected.count {
                if text[j] != expected[j] { return false }
                j += 1
            }
            return true
        }
    }

    /// Whether the token's text in `source` is exactly `literal`.
    @inline(__always)
    @inlinable package func spells(_ literal: StaticString, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        end <= source.count && Self.spells(UnsafeBufferPointer(rebasing: source[start..<end]), literal)
    }

    /// Whether the token's text in `source` is exactly `literal`.
    @inline(__always)
    package func spells(_ literal: StaticString, in source: UnsafeRawBufferPointer) -> Bool {
        spells(literal, in: source.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the token is the punctuator `literal`; `text` is its own bytes.
    @inline(__always)
    package func isPunctuator(_ literal: StaticString, text: UnsafeBufferPointer<UInt8>) -> Bool {
        kind == .punctuator && Self.spells(text, literal)
    }

    /// Whether the token is the reserved word `literal` written as a keyword; `text` is its own bytes.
    @inline(__always)
    package func isKeyword(_ literal: StaticString, text: UnsafeBufferPointer<UInt8>) -> Bool {
        kind == .keyword && Self.spells(text, literal)
    }

    /// Whether the token is the punctuator `literal` in `source`.
    package func isPunctuator(_ literal: StaticString, in source: [UInt8]) -> Bool {
        kind == .punctuator && source.withUnsafeBufferPointer { spells(literal, in: $0) }
    }

    /// Whether the token is the keyword `literal` in `source`.
    package func isKeyword(_ literal: StaticString, in source: [UInt8]) -> Bool {
        kind == .keyword && source.withUnsafeBufferPointer { spells(literal, in: $0) }
    }

    /// Whether the token is the word `literal` (an identifier, or a keyword: `async`, `let` or `yield` can be
    /// either) in `source`.
    package func isWord(_ literal: StaticString, in source: [UInt8]) -> Bool {
        (kind == .identifier || kind == .keyword) && source.withUnsafeBufferPointer { spells(literal, in: $0) }
    }
}
