import WKPackSupport

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
    /// Whether the tokens are known to hold no comment (tokenized without them, or with them kept apart in
    /// `comments`), so a parser need not look.
    var isWithoutComments = false
    /// Each token's text packed by `TokenCode` (0 for a text of more than 8 bytes), when the tokenizer wrote it for the
    /// tree parser (`JavaScriptTokenizer.tokenizeForParsing`); nil otherwise.
    package var codes: [UInt64]? = nil
    /// For each opening bracket token (`(`, `[`, `{`), the index of its closing token, else -1, when the tokenizer
    /// wrote it for the tree parser; nil otherwise.
    package var matching: [Int32]? = nil
    /// The comment and hashbang tokens, in source order, kept apart from `tokens` (which then hold none) when the
    /// tokenizer was asked for comments for the tree parser; nil otherwise.
    package var comments: [JavaScriptToken]? = nil
    /// For each of `comments`, the index in `tokens` of the token it stands before (`tokens.count` after the last).
    var commentPositions: [Int32] = []

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(
        tokens: [JavaScriptToken],
        lineTerminatorCount: Int,
        bracketPairs: [Int32]? = nil,
        isWithoutComments: Bool = false,
        codes: [UInt64]? = nil,
        matching: [Int32]? = nil,
        comments: [JavaScriptToken]? = nil,
        commentPositions: [Int32] = []
    ) {
        self.tokens = tokens
        self.lineTerminatorCount = lineTerminatorCount
        self.bracketPairs = bracketPairs
        self.isWithoutComments = isWithoutComments
        self.codes = codes
        self.matching = matching
        self.comments = comments
        self.commentPositions = commentPositions
    }

    /// The tokens with the comments (if any were kept apart) in their places in source order: what `tokenize`
    /// gives for the same source and `includeComments`.
    var tokensInSourceOrder: [JavaScriptToken] {
        guard let comments, !comments.isEmpty else { return tokens }
        var merged: [JavaScriptToken] = []
        merged.reserveCapacity(tokens.count + comments.count)
        var next = 0
        for (comment, position) in zip(comments, commentPositions) {
            let upTo = Int(position)
            if next < upTo {
                merged.append(contentsOf: tokens[next..<upTo])
                next = upTo
            }
            merged.append(comment)
        }
        merged.append(contentsOf: tokens[next...])
        return merged
    }
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
            var firstNonASCII = 0
            if let error = sourceError(buffer, firstNonASCII: &firstNonASCII) { return .failure(error) }
            // The tokens are written straight into the array returned (no copy) while they fit its room.
            var failure: JavaScriptSyntaxError?
            var moved: [JavaScriptToken]?
            var lineTerminators = 0
            var bracketPairs: [Int32] = []
            let capacity = JavaScriptScanner<PlainScannerOutput>.tokenCapacity(forSourceOf: buffer.count)
            var tokens = [JavaScriptToken](unsafeUninitializedCapacity: capacity) { storage, initialized in
                initialized = 0
                guard let base = storage.baseAddress else { return }
                var scanner = JavaScriptScanner<PlainScannerOutput>(
                    source: buffer, includeComments: includeComments, storage: base, capacity: storage.count,
                    firstNonASCII: firstNonASCII)
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

    /// Tokenizes `source` for the tree parser: the significant tokens with their `TokenCode`s and matching brackets
    /// (`codes`, `matching`), written as the tokens are, so the parser does not walk the tokens again; and with
    /// `includeComments`, the comments apart (`comments`, `commentPositions`), so the parser need not copy the tokens
    /// without them. The tokens, comments and errors are those of `tokenize`.
    package static func tokenizeForParsing(
        _ source: [UInt8], includeComments: Bool
    ) throws(JavaScriptSyntaxError) -> JavaScriptTokenization {
        let outcome: Result<JavaScriptTokenization, JavaScriptSyntaxError> = source.withUnsafeBufferPointer { buffer in
            var firstNonASCII = 0
            if let error = sourceError(buffer, firstNonASCII: &firstNonASCII) { return .failure(error) }
            // The tokens, codes and matching brackets are written straight into the arrays returned (no copy) while
            // they fit their room.
            var failure: JavaScriptSyntaxError?
            var moved: (tokens: [JavaScriptToken], codes: [UInt64], matching: [Int32])?
            var lineTerminators = 0
            var comments: [JavaScriptToken] = []
            var commentPositions: [Int32] = []
            var written = 0
            let capacity = JavaScriptScanner<PlainScannerOutput>.tokenCapacity(forSourceOf: buffer.count)
            var tokens: [JavaScriptToken] = []
            var codes: [UInt64] = []
            let matching = [Int32](unsafeUninitializedCapacity: capacity) { matchStorage, matchCount in
                codes = [UInt64](unsafeUninitializedCapacity: capacity) { codeStorage, codeCount in
                    tokens = [JavaScriptToken](unsafeUninitializedCapacity: capacity) { storage, initialized in
                        initialized = 0
                        guard let base = storage.baseAddress, let codeBase = codeStorage.baseAddress,
                            let matchBase = matchStorage.baseAddress
                        else { return }
                        var scanner = JavaScriptScanner<ParserScannerOutput>(
                            source: buffer, includeComments: includeComments, storage: base, codes: codeBase,
                            matching: matchBase, capacity: min(storage.count, codeStorage.count, matchStorage.count),
                            firstNonASCII: firstNonASCII)
                        do throws(JavaScriptSyntaxError) {
                            try scanner.run()
                        } catch {
                            scanner.release()
                            failure = error
                            return
                        }
                        lineTerminators = scanner.line - 1
                        comments = scanner.comments
                        commentPositions = scanner.commentPositions
                        if scanner.writesInto(base) {
                            initialized = scanner.tokenCount
                            written = scanner.tokenCount
                        } else {
                            moved = scanner.finishForParsing()
                        }
                    }
                    codeCount = written
                }
                matchCount = written
            }
            if let failure { return .failure(failure) }
            let all = moved ?? (tokens, codes, matching)
            return .success(
                JavaScriptTokenization(
                    tokens: all.tokens, lineTerminatorCount: lineTerminators, bracketPairs: nil, isWithoutComments: true,
                    codes: all.codes, matching: all.matching, comments: includeComments ? comments : nil,
                    commentPositions: commentPositions))
        }
        return try outcome.get()
    }

    /// Tokenizes a string (convenience for tests and small inputs).
    public static func tokenize(
        _ source: String, includeComments: Bool = false
    ) throws(JavaScriptSyntaxError) -> JavaScriptTokenization {
        try tokenize(Array(source.utf8), includeComments: includeComments)
    }

    /// The error of a source too large or not UTF-8, checked before it is scanned; else, in `firstNonASCII`, the
    /// offset of its first byte of 0x80 or more (its count if none), found by the same pass.
    private static func sourceError(_ buffer: UnsafeBufferPointer<UInt8>, firstNonASCII: inout Int) -> JavaScriptSyntaxError? {
        guard buffer.count <= JavaScriptToken.maximumSourceSize else {
            return JavaScriptSyntaxError(
                kind: .sourceTooLarge, line: 1, column: 1, offset: 0, message: "source is larger than 128 MiB")
        }
        if let bad = UTF8Validation.firstInvalidOffset(in: buffer, firstNonASCII: &firstNonASCII) {
            return invalidUTF8Error(buffer, at: bad)
        }
        return nil
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
