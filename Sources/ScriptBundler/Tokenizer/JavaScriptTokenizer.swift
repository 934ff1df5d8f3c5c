/// The tokens of one JavaScript source and the number of lines it spans.
public struct JavaScriptTokenization: Sendable {
    /// Tokens in source order (comments only when requested).
    public let tokens: [JavaScriptToken]
    /// Number of line terminators in the source (`\n`, `\r\n`, `\r`, U+2028, U+2029).
    public let lineTerminatorCount: Int
    /// Matched `(`/`[`/`{` punctuators as flat pairs (opening token index, closing token index), the indexes counted
    /// among the significant tokens of `tokens` (comments and the hashbang left out, as a parser reads them); nil when
    /// unknown (e.g. for a filtered token list), and the parser then finds them.
    var bracketPairs: [Int32]? = nil
    /// Whether the tokens are known to hold no comment (tokenized without them), so a parser need not look.
    var isWithoutComments = false
}

/// Splits JavaScript (ES2023) source, given as UTF-8 bytes, into tokens.
///
/// Regular expressions are told from division by the previous significant token, tracking parentheses
/// (`if (...) /re/`), braces (block vs object literal) and template substitutions. Columns are counted in
/// UTF-16 code units, as source maps do.
public enum JavaScriptTokenizer {
    /// Tokenizes `source`. Validates UTF-8 first.
    public static func tokenize(
        _ source: [UInt8], includeComments: Bool = false
    ) throws(JavaScriptSyntaxError) -> JavaScriptTokenization {
        let outcome: Result<JavaScriptTokenization, JavaScriptSyntaxError> = source.withUnsafeBufferPointer { buffer in
            guard buffer.count <= JavaScriptToken.maximumSourceSize else {
                return .failure(
                    JavaScriptSyntaxError(
                        kind: .sourceTooLarge, line: 1, column: 1, offset: 0, message: "source is larger than 128 MiB"))
            }
            if let bad = UTF8Validation.firstInvalidOffset(in: buffer) {
                return .failure(invalidUTF8Error(buffer, at: bad))
            }
            // The tokens are written straight into the array returned (no copy) while they fit its room.
            var failure: JavaScriptSyntaxError?
            var moved: [JavaScriptToken]?
            var lineTerminators = 0
            var bracketPairs: [Int32] = []
            let capacity = JavaScriptScanner.tokenCapacity(forSourceOf: buffer.count)
            var tokens = [JavaScriptToken](unsafeUninitializedCapacity: capacity) { storage, initialized in
                initialized = 0
                guard let base = storage.baseAddress else { return }
                var scanner = JavaScriptScanner(source: buffer, includeComments: includeComments, storage: base, capacity: storage.count)
                do throws(JavaScriptSyntaxError) {
                    try scanner.run()
                } catch {
                    scanner.release()
                    failure = error
                    return
                }
                lineTerminators = scanner.line - 1
                bracketPairs = scanner.bracketPairs
                if scanner.writesInto(base) {
                    initialized = scanner.tokenCount
                } else {
                    moved = scanner.finish()
                }
            }
            if let failure { return .failure(failure) }
            if let moved { tokens = moved }
            return .success(
                JavaScriptTokenization(
                    tokens: tokens, lineTerminatorCount: lineTerminators, bracketPairs: bracketPairs,
                    isWithoutComments: !includeComments))
        }
        return try outcome.get()
    }

    /// Tokenizes a string (convenience for tests and small inputs).
    public static func tokenize(
        _ source: String, includeComments: Bool = false
    ) throws(JavaScriptSyntaxError) -> JavaScriptTokenization {
        try tokenize(Array(source.utf8), includeComments: includeComments)
    }

    private static func invalidUTF8Error(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> JavaScriptSyntaxError {
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset {
            let b = buffer[i]
            if b == 0x0A {
                line += 1
                lineStart = i + 1
            } else if b == 0x0D {
                if i + 1 < offset, buffer[i + 1] == 0x0A { i += 1 }
                line += 1
                lineStart = i + 1
            } else if LineTerminator.isSeparator(buffer, at: i, end: offset) {
                i += 2
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var units = 0
        for j in lineStart..<offset {
            let b = buffer[j]
            if b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
        }
        let hex = String(buffer[offset], radix: 16, uppercase: true)
        return JavaScriptSyntaxError(
            kind: .invalidUTF8, line: line, column: units + 1, offset: offset,
            message: "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex) at byte offset \(offset)")
    }
}
