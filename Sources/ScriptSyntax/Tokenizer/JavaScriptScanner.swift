import Foundation
import WKPackSupport

/// The byte-level state machine behind `JavaScriptTokenizer`; `Output` fixes what it writes besides the tokens.
struct JavaScriptScanner<Output: ScannerOutput> {
    /// What the previous significant token allows next.
    private enum Previous {
        case start
        case operand
        case parenthesizedStatementKeyword
        case blockKeyword
        case expressionKeyword
        /// `export` or `default`: like `expressionKeyword`, but a `function` or `class` after it declares.
        case declarationKeyword
        case closeParenAllowingRegex
        case closeParenOperand
        case closeBlock
        case closeExpression
        case statementPunctuator
        case blockColon
        case expressionColon
        case arrow
        case dot
        case postfix
        case other
    }

    /// The open brackets, innermost last, and the matched pairs (`bracketPairs`), in memory of their own: as arrays
    /// stored in the scanner, each push, pop and pair checked an array's uniqueness, and each pop was a call.
    private final class Brackets {
        private var frames: UnsafeMutablePointer<Frame>
        private var frameCapacity = 32
        private var frameCount = 0
        private var pairStorage: UnsafeMutablePointer<Int32>
        private var pairCapacity = 256
        private var pairCount = 0

        package init() {
            frames = .allocate(capacity: frameCapacity)
            pairStorage = .allocate(capacity: pairCapacity)
        }

        deinit {
            frames.deallocate()
            pairStorage.deallocate()
        }

        /// The innermost open bracket.
        package var last: Frame? {
            @inline(__always) get { frameCount > 0 ? frames[frameCount &- 1] : nil }
        }

        @inline(__always)
        package func open(_ frame: Frame) {
            if frameCount == frameCapacity {
                let larger = UnsafeMutablePointer<Frame>.allocate(capacity: frameCapacity * 2)
                larger.moveInitialize(from: frames, count: frameCount)
                frames.deallocate()
                frames = larger
                frameCapacity *= 2
            }
            (frames + frameCount).initialize(to: frame)
            frameCount &+= 1
        }

        /// Removes the innermost open bracket (there must be one).
        @inline(__always)
        package func close() {
            precondition(frameCount > 0, "no open bracket")
            frameCount &-= 1
        }

        /// Sets what the next `{` directly inside the innermost open bracket opens (there must be one).
        @inline(__always)
        func setInnermostBody(_ kind: FrameKind?) {
            precondition(frameCount > 0, "no open bracket")
            frames[frameCount &- 1].body = kind
        }

        /// Sets the open `?` count of the innermost open bracket (there must be one).
        @inline(__always)
        func setInnermostTernaries(_ count: Int) {
            precondition(frameCount > 0, "no open bracket")
            frames[frameCount &- 1].ternaries = count
        }

        /// Records a matched pair: the opening and the closing token's index.
        @inline(__always)
        package func pair(_ open: Int32, _ close: Int32) {
            if pairCount &+ 2 > pairCapacity {
                let larger = UnsafeMutablePointer<Int32>.allocate(capacity: pairCapacity * 2)
                larger.moveInitialize(from: pairStorage, count: pairCount)
                pairStorage.deallocate()
                pairStorage = larger
                pairCapacity *= 2
            }
            pairStorage[pairCount] = open
            pairStorage[pairCount &+ 1] = close
            pairCount &+= 2
        }

        /// The pairs, flat: opening token index, then closing token index.
        package var pairs: [Int32] { Array(UnsafeBufferPointer(start: pairStorage, count: pairCount)) }

        /// The number of open brackets.
        package var depth: Int {
            @inline(__always) get { frameCount }
        }
    }

    /// What an open bracket is.
    private enum FrameKind: UInt8 {
        /// `(` after `if`/`while`/`for`/`with`: its `)` may be followed by a regex.
        case statementParen
        case paren
        case bracket
        /// `{` opening a block.
        case block
        /// `{` opening an object literal (or a class body, a destructuring pattern, ...).
        case object
        /// `{` opening an arrow function's body.
        case arrowBody
        /// `${` in a template literal.
        case templateSubstitution
        /// No brace is open (the innermost brace of a frame outside every brace).
        case none
    }

    /// An open bracket (`(`, `[`, `{`, `${`).
    private struct Frame {
        /// The byte that closes it.
        package let closer: UInt8
        package let kind: FrameKind
        /// The kind of the innermost open brace (`{` or `${`) at or outside this frame.
        package let brace: FrameKind
        /// Open `?` of conditional expressions directly inside this frame.
        var ternaries = 0
        /// What the next `{` directly inside this frame opens, when a `function` or `class` keyword directly inside
        /// it awaits its body.
        package var body: FrameKind? = nil
        /// Offset of the opening punctuator (of the template part for `${`), for error messages.
        package let offset: UInt32
        /// The opening punctuator's token index (-1 for `${`).
        package let token: Int32
    }

    private let src: UnsafeBufferPointer<UInt8>
    /// `ScannerByteClass.table`, held here so the hot loops read it without a global's access check.
    private let classes = ScannerByteClass.table
    /// `JavaScriptKeywords.slotTable`, held here for the same reason.
    private let keywordSlots = JavaScriptKeywords.slotTable
    private let count: Int
    private let includeComments: Bool
    private var pos = 0
    package private(set) var line = 1
    private var lineStart = 0
    /// Offset of the first non-ASCII byte at or after `lineStart` (`count` if none): columns of offsets up to
    /// it are byte distances from `lineStart`.
    private var asciiEnd = 0
    private var columnByte = 0
    private var columnUnits = 0
    private var newlineBefore = false
    /// The tokens so far: `tokenCount` initialized of `tokenCapacity`, owned by the scanner until `finish()`
    /// or `release()` unless they are the caller's storage (`ownsTokens` false: an array's, filled in place)
    /// (appending to an `Array` stored in the scanner costs a uniqueness check per token).
    private var tokenBuffer: UnsafeMutablePointer<JavaScriptToken>
    package private(set) var tokenCount = 0
    private var tokenCapacity: Int
    private var ownsTokens = true
    /// For the tree parser (`JavaScriptTokenizer.tokenizeForParsing`): each token's `TokenCode`, and each token's
    /// matching closing bracket (-1 if none), written beside the tokens (same count and capacity, same owner), so the
    /// parser need not walk the tokens again; nil otherwise. Comments then go to `comments`, not to the tokens.
    private var codeBuffer: UnsafeMutablePointer<UInt64>?
    private var matchBuffer: UnsafeMutablePointer<Int32>?
    /// With `codeBuffer`: the comment and hashbang tokens, kept apart from the significant ones, and the index of
    /// the significant token each stands before.
    package private(set) var comments: [JavaScriptToken] = []
    private(set) var commentPositions: [Int32] = []

    private var previous = Previous.start
    /// Whether a `function` or `class` keyword awaits its body's `{` (`Frame.body`, or `topBody` outside every
    /// bracket): the `{`, `;` and `:` that may take or end it look only when one does.
    private var awaitedBodies = 0
    /// What the next `{` outside every bracket opens, when a `function` or `class` keyword there awaits its body.
    private var topBody: FrameKind? = nil
    /// The last identifier of five letters (perhaps `async`): its significant index and what preceded it.
    private var fiveLetterWord: (index: Int32, start: Int, before: Previous) = (-1, 0, .start)
    /// Open brackets, innermost last, and the matched pairs.
    private let brackets = Brackets()
    /// Open `?` outside every bracket.
    private var topTernaries = 0
    /// Start (line, column, offset) of each template whose substitution is open, innermost last.
    private var openTemplates: [(line: Int, column: Int, offset: Int)] = []
    /// Matched `(`/`[`/`{` punctuators, flat: opening token index, then closing token index, both counted among the
    /// significant tokens (comments and the hashbang not counted), as a parser reads them.
    var bracketPairs: [Int32] { brackets.pairs }
    /// The comment and hashbang tokens pushed so far.
    private var commentCount: Int32 = 0

    package init(source: UnsafeBufferPointer<UInt8>, includeComments: Bool) {
        self.src = source
        self.count = source.count
        self.includeComments = includeComments
        tokenCapacity = Self.tokenCapacity(forSourceOf: source.count)
        tokenBuffer = .allocate(capacity: tokenCapacity)
        asciiEnd = firstNonASCII(from: 0)
    }

    /// A scanner that writes its tokens into `storage` (room for `capacity`, at least 1) while they fit, then
    /// moves them to storage of its own (see `writesInto(_:)`). `firstNonASCII`, when given, is the offset of the
    /// source's first byte of 0x80 or more (its count if none), as the UTF-8 check found it.
    package init(
        source: UnsafeBufferPointer<UInt8>, includeComments: Bool, storage: UnsafeMutablePointer<JavaScriptToken>, capacity: Int,
        firstNonASCII: Int? = nil
    ) {
        self.src = source
        self.count = source.count
        self.includeComments = includeComments
        tokenCapacity = max(1, capacity)
        tokenBuffer = storage
        ownsTokens = false
        asciiEnd = firstNonASCII ?? 0
        if firstNonASCII == nil { asciiEnd = self.firstNonASCII(from: 0) }
    }

    /// A scanner for the tree parser: writes its significant tokens into `storage`, their codes into `codes` and
    /// their matching brackets into `matching` (each with room for `capacity`, at least 1) while they fit, then moves
    /// all three to storage of its own; comments (when `includeComments`) go to `comments`.
    package init(
        source: UnsafeBufferPointer<UInt8>, includeComments: Bool, storage: UnsafeMutablePointer<JavaScriptToken>,
        codes: UnsafeMutablePointer<UInt64>, matching: UnsafeMutablePointer<Int32>, capacity: Int, firstNonASCII: Int? = nil
    ) {
        self.init(
            source: source, includeComments: includeComments, storage: storage, capacity: capacity, firstNonASCII: firstNonASCII)
        codeBuffer = codes
        matchBuffer = matching
    }

    /// The room for tokens a source of `count` bytes starts with (most sources have fewer tokens).
    static func tokenCapacity(forSourceOf count: Int) -> Int { max(16, count / 4) }

    /// Whether the tokens are still in `storage` (the caller's), not moved to storage of the scanner's own.
    func writesInto(_ storage: UnsafeMutablePointer<JavaScriptToken>) -> Bool { !ownsTokens && tokenBuffer == storage }

    // MARK: - Positions

    @inline(__always) private func at(_ i: Int) -> UInt8 { i < count ? src[i] : 0 }

    /// Offset of the first byte at or after `start` that is not ASCII (`count` if none).
    private func firstNonASCII(from start: Int) -> Int {
        var i = start
        if let base = src.baseAddress {
            let raw = UnsafeRawPointer(base)
            while count - i >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080
                if word != 0 { return i + word.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < count, src[i] < 0x80 { i += 1 }
        return i
    }

    /// UTF-16 column of `offset`, which must be on the current line.
    @_transparent private mutating func column(at offset: Int) -> Int {
        if offset <= asciiEnd { return offset &- lineStart }
        return unicodeColumn(at: offset)
    }

    /// `column(at:)` on a line with non-ASCII text before `offset`: counts from the last offset asked.
    private mutating func unicodeColumn(at offset: Int) -> Int {
        if offset < columnByte {
            columnByte = lineStart
            columnUnits = 0
        }
        var units = columnUnits
        var i = columnByte
        // Eight ASCII bytes at a time: each is one UTF-16 unit.
        if offset - i >= 8, let base = src.baseAddress {
            let raw = UnsafeRawPointer(base)
            while offset - i >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    units += 8
                    i += 8
                    continue
                }
                for k in i..<(i + 8) {
                    let b = src[k]
                    if b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
                }
                i += 8
            }
        }
        while i < offset {
            let b = src[i]
            if b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
            i += 1
        }
        columnByte = offset
        columnUnits = units
        return units
    }

    /// The 1-based line and 0-based UTF-16 column of `offset`, counted from the start (for error messages).
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset {
            let length = terminatorLength(at: i)
            if length > 0 {
                i += length
                line += 1
                lineStart = i
            } else {
                i += 1
            }
        }
        var units = 0
        for j in lineStart..<max(lineStart, offset) {
            let b = src[j]
            if b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
        }
        return (line, units)
    }

    /// Skips spaces and tabs at `pos`.
    @inline(__always) private mutating func skipSpaces() {
        var p = pos
        while p < count, src[p] == 0x20 || src[p] == 0x09 { p &+= 1 }
        pos = p
    }

    /// Records a line terminator ending just before `next`.
    @inline(__always) private mutating func startLine(at next: Int) {
        line += 1
        lineStart = next
        columnByte = next
        columnUnits = 0
        if next > asciiEnd { asciiEnd = firstNonASCII(from: next) }
    }

    /// If a line terminator starts at `i`, returns its length.
    @inline(__always) private func terminatorLength(at i: Int) -> Int {
        LineTerminator.length(src, at: i, end: count)
    }

    @inline(never)
    private func error(_ kind: JavaScriptSyntaxError.Kind, _ message: String, line: Int, column: Int, offset: Int) -> JavaScriptSyntaxError
    {
        JavaScriptSyntaxError(kind: kind, line: line, column: column + 1, offset: offset, message: message)
    }

    @inline(never)
    private mutating func errorHere(_ kind: JavaScriptSyntaxError.Kind, _ message: String, at offset: Int) -> JavaScriptSyntaxError {
        let col = column(at: offset)
        return error(kind, message, line: line, column: col, offset: offset)
    }

    @inline(__always) private mutating func append(_ token: JavaScriptToken) {
        if tokenCount == tokenCapacity { growTokens() }
        (tokenBuffer + tokenCount).initialize(to: token)
        tokenCount &+= 1
    }

    /// Appends a significant token, with its code and no matching bracket yet when the parser's tables are written.
    /// The three are trivial types, so they are written by the pointers' subscripts (always inlined, as the stdlib
    /// marks them), not by `initialize(to:)`, which stayed a call in `run` once the name and bracket paths were
    /// inlined there (step 5c: `run` is then too large for the optimizer to inline more into it).
    @_transparent private mutating func append(_ token: JavaScriptToken, code: UInt64) {
        if tokenCount == tokenCapacity { growTokens() }
        tokenBuffer[tokenCount] = token
        // The parser's tables are set whenever they are written.
        if Output.writesParserTables {
            codeBuffer.unsafelyUnwrapped[tokenCount] = code
            matchBuffer.unsafelyUnwrapped[tokenCount] = -1
        }
        tokenCount &+= 1
    }

    /// The `TokenCode` of `src[start..<end]` (0 when longer than 8 bytes): one unaligned load where 8 bytes are left.
    @_transparent private func tokenCode(_ start: Int, _ end: Int) -> UInt64 {
        let length = end &- start
        guard UInt(bitPattern: length &- 1) < 8 else { return 0 }
        // A source of 8 bytes or more has a base address.
        if start <= count &- 8 {
            // `loadUnaligned`, not `memcpy` into a local: a local whose address is taken gives the function a stack
            // protector (a check at its entry and exit), and this is called from the literals' functions (step 5j).
            let word = UnsafeRawPointer(src.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: start, as: UInt64.self)
            return UInt64(littleEndian: word) & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
        }
        return TokenCode.of(src, start, end)
    }

    /// `tokenCode(_:_:)` with the source's base address and count given (as `run` holds them in locals), for `run`.
    @_transparent private func tokenCode(_ start: Int, _ end: Int, bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let length = end &- start
        guard UInt(bitPattern: length &- 1) < 8 else { return 0 }
        if start <= count &- 8 {
            // `memcpy` of 8 bytes, which the compiler makes one load: `loadUnaligned` stayed a call in `run` (step 5c).
            var word: UInt64 = 0
            memcpy(&word, bytes + start, 8)
            return UInt64(littleEndian: word) & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
        }
        return TokenCode.of(src, start, end)
    }

    /// The 8 bytes at `start` (first byte lowest), bytes past the end 0.
    /// `bytes` and `end` are the source's base address and count (`run`'s locals).
    @inline(__always) private func wordAt(_ start: Int, bytes: UnsafePointer<UInt8>, end: Int) -> UInt64 {
        if start <= end &- 8 {
            return UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt64.self))
        }
        return TokenCode.of(src, start, min(start &+ 8, end))
    }

    /// Records a comment or hashbang token: among the tokens, or apart (with the significant token it stands before)
    /// when the parser's tables are written.
    private mutating func appendComment(_ token: JavaScriptToken) {
        if Output.writesParserTables {
            // Room for sixteen comments at the first (step 5o): an empty array's appends grew it at the first, second,
            // fourth, ... comment, 9,800 growths for 8,300 comments on the large benchmark tree.
            if comments.isEmpty {
                comments.reserveCapacity(16)
                commentPositions.reserveCapacity(16)
            }
            comments.append(token)
            commentPositions.append(Int32(truncatingIfNeeded: tokenCount))
        } else {
            append(token)
            commentCount += 1
        }
    }

    /// (A capacity of 0 means the scanner owns no storage: `release()` ran.)
    @inline(never) private mutating func growTokens() {
        let capacity = max(16, tokenCapacity * 2)
        let larger = UnsafeMutablePointer<JavaScriptToken>.allocate(capacity: capacity)
        if tokenCapacity > 0 {
            larger.moveInitialize(from: tokenBuffer, count: tokenCount)
            if ownsTokens { tokenBuffer.deallocate() }
        }
        if let codes = codeBuffer, let matching = matchBuffer {
            let largerCodes = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
            let largerMatching = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
            if tokenCapacity > 0 {
                largerCodes.moveInitialize(from: codes, count: tokenCount)
                largerMatching.moveInitialize(from: matching, count: tokenCount)
                if ownsTokens {
                    codes.deallocate()
                    matching.deallocate()
                }
            }
            codeBuffer = largerCodes
            matchBuffer = largerMatching
        }
        tokenBuffer = larger
        tokenCapacity = capacity
        ownsTokens = true
    }

    /// The tokens, moved into an array; the scanner must not be used afterwards.
    package mutating func finish() -> [JavaScriptToken] {
        let tokens = tokenCapacity > 0 && ownsTokens ? Array(UnsafeBufferPointer(start: tokenBuffer, count: tokenCount)) : []
        release()
        return tokens
    }

    /// The tokens, their codes and their matching brackets (see the parser's initializer), moved into arrays; the
    /// scanner must not be used afterwards.
    mutating func finishForParsing() -> (tokens: [JavaScriptToken], codes: [UInt64], matching: [Int32]) {
        var codes: [UInt64] = []
        var matching: [Int32] = []
        if tokenCapacity > 0, ownsTokens, let codeBuffer, let matchBuffer {
            codes = Array(UnsafeBufferPointer(start: codeBuffer, count: tokenCount))
            matching = Array(UnsafeBufferPointer(start: matchBuffer, count: tokenCount))
        }
        return (finish(), codes, matching)
    }

    /// Frees the token storage (after `finish()` or instead of it); the scanner must not be used afterwards.
    package mutating func release() {
        if tokenCapacity > 0, ownsTokens {
            tokenBuffer.deallocate()
            codeBuffer?.deallocate()
            matchBuffer?.deallocate()
        }
        codeBuffer = nil
        matchBuffer = nil
        tokenCount = 0
        tokenCapacity = 0
    }

    @_transparent private mutating func push(_ kind: JavaScriptToken.Kind, _ start: Int, line: Int, column: Int) {
        append(
            JavaScriptToken(kind: kind, start: start, end: pos, line: line, column: column, newlineBefore: newlineBefore),
            code: Output.writesParserTables ? tokenCode(start, pos) : 0)
        newlineBefore = false
    }

    /// `push` of a token whose code is known (`code` of its bytes).
    @_transparent private mutating func push(_ kind: JavaScriptToken.Kind, _ start: Int, line: Int, column: Int, code: UInt64) {
        append(
            JavaScriptToken(kind: kind, start: start, end: pos, line: line, column: column, newlineBefore: newlineBefore), code: code)
        newlineBefore = false
    }

    /// Pushes a comment token (`newlineBefore` is left as it was, for the next token).
    @inline(__always) private mutating func pushComment(_ kind: JavaScriptToken.Kind, _ start: Int, line: Int, column: Int) {
        appendComment(JavaScriptToken(kind: kind, start: start, end: pos, line: line, column: column, newlineBefore: newlineBefore))
    }

    // MARK: - Main loop

    package mutating func run() throws(JavaScriptSyntaxError) {
        if count >= 2, src[0] == 0x23, src[1] == 0x21 {
            pos = 2
            skipToLineEnd()
            if includeComments {
                appendComment(JavaScriptToken(kind: .hashbang, start: 0, end: pos, line: 1, column: 0, newlineBefore: false))
            }
        }
        // The source's bytes, its end and the class table in locals (step 5j), passed to the inlined name and
        // punctuator paths. Measured, this saves no instruction by itself: `run` is too large for them to stay in
        // registers, and they are reloaded from the stack where they were reloaded from `self`.
        // (An empty source may have no base address, and has nothing to scan.)
        if let bytes = src.baseAddress {
            let end = count
            let table = classes
            while pos < end {
                var b = bytes[pos]
                // One look-up: the byte's kind (a jump table), and for a name's first byte, the reserved words' lengths.
                var entry = table[Int(b)]
                // A space or a line feed, with the spaces and tabs after it, then the token after them in the same step
                // (step 5j): most spaces are one between two tokens, and each went round the loop's head on its own.
                if entry & ScannerByteClass.kindMask <= UInt32(ScannerByteClass.Kind.lineFeed.rawValue) {
                    var p = pos &+ 1
                    if entry & ScannerByteClass.kindMask == UInt32(ScannerByteClass.Kind.lineFeed.rawValue) {
                        startLine(at: p)
                        newlineBefore = true
                    }
                    while p < end, bytes[p] == 0x20 || bytes[p] == 0x09 { p &+= 1 }
                    pos = p
                    guard p < end else { break }
                    b = bytes[p]
                    entry = table[Int(b)]
                }
                switch ScannerByteClass.kind(entry) {
                case .space:
                    pos &+= 1
                    skipSpaces()
                case .lineFeed:
                    pos &+= 1
                    startLine(at: pos)
                    newlineBefore = true
                    skipSpaces()
                case .carriageReturn:
                    pos &+= at(pos &+ 1) == 0x0A ? 2 : 1
                    startLine(at: pos)
                    newlineBefore = true
                    skipSpaces()
                case .slash:
                    let next = at(pos + 1)
                    if next == 0x2F {
                        try lineComment()
                    } else if next == 0x2A {
                        try blockComment()
                    } else if regexAllowed {
                        try regularExpression()
                    } else {
                        let start = pos
                        let col = column(at: start)
                        pos += next == 0x3D ? 2 : 1
                        push(.punctuator, start, line: line, column: col)
                        previous = .other
                    }
                case .quote:
                    try string(quote: b)
                case .backquote:
                    try template(start: pos, isContinuation: false)
                case .digit:
                    try number()
                case .dot:
                    let next = at(pos &+ 1)
                    if isDecimal(next) {
                        try number()
                    } else if next == 0x2E {
                        try punctuator(b, bytes: bytes, end: end)
                    } else {
                        singlePunctuator(b, next: .dot)
                    }
                case .nameStart:
                    try asciiName(first: entry, bytes: bytes, end: end, table: table)
                case .backslash:
                    try identifierOrKeyword()
                case .hash:
                    try privateName()
                case .nonASCII:
                    try nonASCII()
                case .openBracket:
                    openBracket(b)
                case .closeBracket:
                    try closeBracket(b)
                case .semicolon:
                    if awaitedBodies != 0 { cancelBody() }
                    singlePunctuator(b, next: .statementPunctuator)
                case .comma:
                    singlePunctuator(b, next: .other)
                case .punctuator:
                    try punctuator(b, bytes: bytes, end: end)
                case .unexpected:
                    throw unexpectedCharacterError(b, at: pos)
                }
            }
        }
        if let opener = brackets.last { throw unclosedError(opener) }
        newlineBefore = false
    }

    @inline(never)
    private func unclosedError(_ opener: Frame) -> JavaScriptSyntaxError {
        if opener.brace == .templateSubstitution, let open = openTemplates.last {
            return error(.unterminatedTemplate, "unterminated template literal", line: open.line, column: open.column, offset: open.offset)
        }
        let opening = opener.closer == 0x29 ? "(" : opener.closer == 0x5D ? "[" : "{"
        let (line, column) = position(of: Int(opener.offset))
        return error(.unbalancedBracket, "'\(opening)' is never closed", line: line, column: column, offset: Int(opener.offset))
    }

    /// `b` (a closing bracket) has no open bracket, or closes `opener` of another kind.
    @inline(never)
    private func closingError(_ b: UInt8, opener: Frame?, start: Int, column: Int) -> JavaScriptSyntaxError {
        guard let opener else {
            return error(
                .unbalancedBracket, "unexpected '\(Character(Unicode.Scalar(b)))' with no matching opening bracket",
                line: line, column: column, offset: start)
        }
        let (openLine, openColumn) = position(of: Int(opener.offset))
        return error(
            .unbalancedBracket,
            "expected '\(Character(Unicode.Scalar(opener.closer)))' to match the bracket at \(openLine):\(openColumn + 1), found '\(Character(Unicode.Scalar(b)))'",
            line: line, column: column, offset: start)
    }

    @inline(never)
    private mutating func unexpectedCharacterError(_ b: UInt8, at start: Int) -> JavaScriptSyntaxError {
        let description =
            b >= 0x20 && b < 0x7F
            ? "'\(Character(Unicode.Scalar(b)))'"
            : "U+\(String(b, radix: 16, uppercase: true))"
        return errorHere(.unexpectedCharacter, "unexpected character \(description)", at: start)
    }

    /// Opens a bracket frame.
    @_transparent
    private mutating func open(_ closer: UInt8, _ kind: FrameKind, offset: Int, token: Int32) {
        let brace: FrameKind
        switch kind {
        case .block, .object, .arrowBody, .templateSubstitution: brace = kind
        default: brace = brackets.last?.brace ?? .none
        }
        brackets.open(Frame(closer: closer, kind: kind, brace: brace, offset: UInt32(truncatingIfNeeded: offset), token: token))
    }

    private var regexAllowed: Bool {
        switch previous {
        case .operand, .closeParenOperand, .closeExpression, .postfix: false
        default: true
        }
    }

    // MARK: - Runs of plain bytes

    /// The bytes of `word` that are zero, as their high bits (exact: no false positives).
    @inline(__always) private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    /// `byte` in every byte of a word.
    @inline(__always) private static func splat(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// Advances `pos` over bytes that are ASCII and none of `a`, `b`, `c` (nor line terminators), eight at a
    /// time; stops at the first byte that may matter (or within eight bytes of the end).
    @inline(__always) private mutating func skipPlain(_ a: UInt8, _ b: UInt8, _ c: UInt8) {
        guard let base = src.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let sa = Self.splat(a), sb = Self.splat(b), sc = Self.splat(c)
        let lf = Self.splat(0x0A), cr = Self.splat(0x0D)
        var p = pos
        while count &- p >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
            let hits =
                Self.zeroBytes(word ^ sa) | Self.zeroBytes(word ^ sb) | Self.zeroBytes(word ^ sc)
                | Self.zeroBytes(word ^ lf) | Self.zeroBytes(word ^ cr) | (word & 0x8080_8080_8080_8080)
            if hits != 0 {
                p &+= hits.trailingZeroBitCount &>> 3
                break
            }
            p &+= 8
        }
        pos = p
    }

    // MARK: - Comments

    private mutating func skipToLineEnd() {
        while pos < count {
            skipPlain(0x0A, 0x0A, 0x0A)
            guard pos < count else { return }
            let b = src[pos]
            if b == 0x0A || b == 0x0D { return }
            if b == 0xE2, terminatorLength(at: pos) == 3 { return }
            pos += 1
        }
    }

    private mutating func lineComment() throws(JavaScriptSyntaxError) {
        let start = pos
        pos += 2
        skipToLineEnd()
        if includeComments {
            let col = column(at: start)
            pushComment(.lineComment, start, line: line, column: col)
        }
    }

    private mutating func blockComment() throws(JavaScriptSyntaxError) {
        let start = pos
        let startLine = line
        let startColumn = column(at: start)
        pos += 2
        var sawNewline = false
        while true {
            skipPlain(0x2A, 0x2A, 0x2A)
            guard pos < count else {
                throw error(.unterminatedBlockComment, "unterminated block comment", line: startLine, column: startColumn, offset: start)
            }
            let b = src[pos]
            if b == 0x2A, at(pos + 1) == 0x2F {
                pos += 2
                break
            }
            if b == 0x0A || b == 0x0D || b == 0xE2 {
                let length = terminatorLength(at: pos)
                if length > 0 {
                    pos += length
                    self.startLine(at: pos)
                    sawNewline = true
                    continue
                }
            }
            pos += 1
        }
        if includeComments {
            pushComment(.blockComment, start, line: startLine, column: startColumn)
        }
        if sawNewline { newlineBefore = true }
    }

    // MARK: - Literals

    private mutating func string(quote: UInt8) throws(JavaScriptSyntaxError) {
        let start = pos
        let startLine = line
        let startColumn = column(at: start)
        pos += 1
        while true {
            skipPlain(quote, 0x5C, quote)
            guard pos < count else {
                throw error(.unterminatedString, "unterminated string literal", line: startLine, column: startColumn, offset: start)
            }
            let b = src[pos]
            if b == quote {
                pos += 1
                break
            }
            switch b {
            case 0x5C:
                pos += 1
                guard pos < count else { continue }
                let length = terminatorLength(at: pos)
                if length > 0 {
                    pos += length
                    self.startLine(at: pos)
                } else {
                    pos += 1
                }
            case 0x0A, 0x0D:
                throw error(.unterminatedString, "unterminated string literal", line: startLine, column: startColumn, offset: start)
            case 0xE2:
                let length = terminatorLength(at: pos)
                if length > 0 {
                    pos += length
                    self.startLine(at: pos)
                } else {
                    pos += 1
                }
            default:
                pos += 1
            }
        }
        push(.string, start, line: startLine, column: startColumn)
        previous = .operand
    }

    /// Scans a template part starting at `` ` `` or at the `}` closing a substitution.
    private mutating func template(start: Int, isContinuation: Bool) throws(JavaScriptSyntaxError) {
        let startLine = line
        let startColumn = column(at: start)
        let literalStart = isContinuation ? (openTemplates.popLast() ?? (startLine, startColumn, start)) : (startLine, startColumn, start)
        pos = start + 1
        while true {
            skipPlain(0x60, 0x24, 0x5C)
            guard pos < count else {
                throw error(
                    .unterminatedTemplate, "unterminated template literal", line: literalStart.0, column: literalStart.1,
                    offset: literalStart.2)
            }
            let b = src[pos]
            switch b {
            case 0x60:
                pos += 1
                push(isContinuation ? .templateTail : .template, start, line: startLine, column: startColumn)
                previous = .operand
                return
            case 0x24 where at(pos + 1) == 0x7B:
                pos += 2
                push(isContinuation ? .templateMiddle : .templateHead, start, line: startLine, column: startColumn)
                openTemplates.append(literalStart)
                open(0x7D, .templateSubstitution, offset: start, token: -1)
                previous = .other
                return
            case 0x5C:
                pos += 1
                guard pos < count else { continue }
                let length = terminatorLength(at: pos)
                if length > 0 {
                    pos += length
                    self.startLine(at: pos)
                } else {
                    pos += 1
                }
            case 0x0A, 0x0D, 0xE2:
                let length = terminatorLength(at: pos)
                if length > 0 {
                    pos += length
                    self.startLine(at: pos)
                } else {
                    pos += 1
                }
            default:
                pos += 1
            }
        }
    }

    private mutating func regularExpression() throws(JavaScriptSyntaxError) {
        let start = pos
        let startColumn = column(at: start)
        pos += 1
        var inClass = false
        while true {
            guard pos < count else {
                throw error(
                    .unterminatedRegularExpression, "unterminated regular expression literal", line: line, column: startColumn,
                    offset: start)
            }
            let b = src[pos]
            if b == 0x0A || b == 0x0D || (b == 0xE2 && terminatorLength(at: pos) > 0) {
                throw error(
                    .unterminatedRegularExpression, "unterminated regular expression literal", line: line, column: startColumn,
                    offset: start)
            }
            if b == 0x5C {
                pos += 1
                guard pos < count else { continue }
                let next = src[pos]
                if next == 0x0A || next == 0x0D || (next == 0xE2 && terminatorLength(at: pos) > 0) { continue }
                pos += 1
                continue
            }
            pos += 1
            if b == 0x5B {
                inClass = true
            } else if b == 0x5D {
                inClass = false
            } else if b == 0x2F, !inClass {
                break
            }
        }
        // Flags.
        while pos < count {
            let b = src[pos]
            if isASCIIIdentifierPart(b) {
                pos += 1
            } else if b >= 0x80, let (scalar, length) = decode(at: pos), isIdentifierPart(scalar) {
                pos += length
            } else {
                break
            }
        }
        push(.regularExpression, start, line: line, column: startColumn)
        previous = .operand
    }

    /// A numeric literal at `pos` (a digit, or `.` before one). Its bytes are read through locals and its end kept
    /// in a local, `pos` set once (step 5j): through `self`, each byte stored and loaded the position again.
    private mutating func number() throws(JavaScriptSyntaxError) {
        let start = pos
        let startColumn = column(at: start)
        let bytes = src.baseAddress.unsafelyUnwrapped  // `pos < count`: the source is not empty
        let end = count
        var p = start
        let first = bytes[p]
        var allowsBigInt = true
        if first == 0x30, p &+ 1 < end, let radix = radixPrefix(bytes[p &+ 1]) {
            p &+= 2
            let digitsStart = p
            while p < end, isDigit(bytes[p], radix: radix) || bytes[p] == 0x5F { p &+= 1 }
            if p == digitsStart {
                throw errorHere(.invalidNumber, "missing digits after numeric prefix", at: start)
            }
        } else {
            if first != 0x2E {
                while p < end, isDecimalOrSeparator(bytes[p]) { p &+= 1 }
            }
            if p < end, bytes[p] == 0x2E {
                allowsBigInt = false
                p &+= 1
                while p < end, isDecimalOrSeparator(bytes[p]) { p &+= 1 }
            }
            if p < end, bytes[p] | 0x20 == 0x65 {  // e or E
                var q = p &+ 1
                if q < end, bytes[q] == 0x2B || bytes[q] == 0x2D { q &+= 1 }
                guard q < end, isDecimal(bytes[q]) else {
                    throw errorHere(.invalidNumber, "missing exponent digits", at: start)
                }
                allowsBigInt = false
                p = q
                while p < end, isDecimalOrSeparator(bytes[p]) { p &+= 1 }
            }
        }
        if allowsBigInt, p < end, bytes[p] == 0x6E { p &+= 1 }
        if p < end {
            let b = bytes[p]
            // A name's byte (letters, digits, `$`, `_`), `\`, or a non-ASCII byte: one look-up for all.
            let entry = classes[Int(b)]
            if entry & (ScannerByteClass.namePart | ScannerByteClass.nameSlow) != 0 {
                var startsIdentifier = entry & ScannerByteClass.namePart != 0 || b == 0x5C
                if !startsIdentifier, b >= 0x80, let (scalar, _) = decode(at: p) { startsIdentifier = isIdentifierStart(scalar) }
                if startsIdentifier {
                    throw errorHere(.invalidNumber, "identifier starts immediately after numeric literal", at: p)
                }
            }
        }
        pos = p
        push(.number, start, line: line, column: startColumn)
        previous = .operand
    }

    // MARK: - Words

    /// A name starting with an ASCII letter, `$` or `_` (`first` is its first byte's `ScannerByteClass` entry): its
    /// bytes read by one table look-up each, the slow path only where a `\` or a non-ASCII byte follows them.
    /// Inlined into `run` always (`@_transparent`, step 5c: with `@inline(__always)` it stayed a call, about twenty
    /// instructions a name for the call, the frame and the registers saved).
    /// `bytes`, `end` and `table` are the source's base address, its count and `classes`, as `run` holds them.
    @_transparent
    private mutating func asciiName(
        first: UInt32, bytes: UnsafePointer<UInt8>, end: Int, table: UnsafePointer<UInt32>
    ) throws(JavaScriptSyntaxError) {
        let start = pos
        let startColumn = column(at: start)
        // The table, the bytes and the end are `run`'s locals: read through `self`, each was loaded again for every
        // byte (step 4j).
        var p = start &+ 1
        // Four bytes a step while four are left, the end tested once a step (step 4o): about five instructions a
        // byte where the loop testing the end at every byte took nine.
        let namePart = ScannerByteClass.namePart
        // A byte that ends the name found in the four-byte loop leaves the whole scan (the labeled `do`): the byte
        // loop of the last bytes runs only when fewer than four were left, with no test after the loop for which
        // way it ended (step 4s: nine instructions a name).
        scan: do {
            while end &- p >= 4 {
                if table[Int(bytes[p])] & namePart == 0 { break scan }
                if table[Int(bytes[p &+ 1])] & namePart == 0 {
                    p &+= 1
                    break scan
                }
                if table[Int(bytes[p &+ 2])] & namePart == 0 {
                    p &+= 2
                    break scan
                }
                if table[Int(bytes[p &+ 3])] & namePart == 0 {
                    p &+= 3
                    break scan
                }
                p &+= 4
            }
            while p < end, table[Int(bytes[p])] & namePart != 0 { p &+= 1 }
        }
        pos = p
        var hasEscape = false
        if p < end, table[Int(bytes[p])] & ScannerByteClass.nameSlow != 0 {
            hasEscape = try scanIdentifierNameRest(isFirst: false)
        }
        word(start: start, column: startColumn, first: first, hasEscape: hasEscape, bytes: bytes, end: end)
    }

    /// A name starting with an escape or a non-ASCII character.
    private mutating func identifierOrKeyword() throws(JavaScriptSyntaxError) {
        let start = pos
        let startColumn = column(at: start)
        let hasEscape = try scanIdentifierName()
        word(
            start: start, column: startColumn, first: classes[Int(src[start])], hasEscape: hasEscape,
            bytes: src.baseAddress.unsafelyUnwrapped, end: count)  // a name was scanned: the source is not empty
    }

    /// Pushes the name scanned from `start` to `pos` as an identifier or a keyword. Without the parser's tables, a
    /// reserved word is looked up only where one of the name's length starts with its first byte (`first`, its
    /// `ScannerByteClass` entry).
    /// `bytes` and `end` are the source's base address and count.
    @_transparent
    private mutating func word(
        start: Int, column startColumn: Int, first: UInt32, hasEscape: Bool, bytes: UnsafePointer<UInt8>, end: Int
    ) {
        let length = pos &- start
        // With the parser's table the code is computed anyway, and the reserved-word test through the slot table
        // (`JavaScriptKeywords.classify(code:length:table:_:_:)`, a multiplication, a load and a comparison) costs
        // less than the test of the first byte's lengths before it (step 5c); without the table, that test still
        // spares most names their code.
        let mayBeKeyword =
            !hasEscape && previous != .dot && (Output.writesParserTables || ScannerByteClass.mayBeReservedWord(first, length: length))
        // The word's code serves the keyword test and the parser's table both; without the table, only the test.
        let code = Output.writesParserTables || mayBeKeyword ? tokenCode(start, pos, bytes: bytes, count: end) : 0
        let wordClass =
            mayBeKeyword
            ? JavaScriptKeywords.classify(code: code, length: length, table: keywordSlots, src, start) : WordClass.identifier
        var kind = JavaScriptToken.Kind.keyword
        let next: Previous
        switch wordClass {
        case .identifier:
            kind = .identifier
            next = .operand
        case .contextualOf:
            kind = .identifier
            next = .expressionKeyword
        case .parenthesizedStatement: next = .parenthesizedStatementKeyword
        case .blockStatement: next = .blockKeyword
        case .operand: next = .operand
        case .expressionPrefix:
            // `for await (`: keep the statement context for the parenthesis.
            next =
                previous == .parenthesizedStatementKeyword && length == 5 && src[start] == 0x61
                ? .parenthesizedStatementKeyword : .expressionKeyword
            if code == TokenCode.of("function") || code == TokenCode.of("class") { noteBody(ofClass: code == TokenCode.of("class")) }
        case .declarationPrefix: next = .declarationKeyword
        }
        if next == .operand, length == 5 {
            // Perhaps `async` before `function`: what preceded it decides whether the function is an expression.
            fiveLetterWord = (significantIndex, start, previous)
        }
        push(kind, start, line: line, column: startColumn, code: code)
        previous = next
    }

    /// Notes the body of the function or class whose keyword is being scanned: the `}` closing the body of a
    /// function or class *expression* is followed by an operator (`function () {} / 2` divides), the one closing a
    /// declaration's by a statement (`function f() {} /re/.test(s)` matches), so the body's `{` opens a frame that
    /// says so.
    private mutating func noteBody(ofClass isClass: Bool) {
        var before = previous
        if before == .operand, !newlineBefore, !isClass, fiveLetterWord.index == significantIndex &- 1,
            TokenCode.of(src, fiveLetterWord.start, fiveLetterWord.start &+ 5) == TokenCode.of("async")
        {
            before = fiveLetterWord.before  // `async function`
        }
        let isExpression: Bool
        switch before {
        case .expressionKeyword, .other, .arrow, .expressionColon: isExpression = true
        default: isExpression = false
        }
        // A function's body is statements either way; a class expression's body holds members, as an object does. A
        // function declaration's body opens a block after its `)` as it is; a class declaration's is said to
        // (`export default class {}` has no name before it).
        guard isExpression || isClass else { return }
        let kind: FrameKind = isExpression ? (isClass ? .object : .arrowBody) : .block
        if let innermost = brackets.last {
            if innermost.body == nil { awaitedBodies &+= 1 }
            brackets.setInnermostBody(kind)
        } else {
            if topBody == nil { awaitedBodies &+= 1 }
            topBody = kind
        }
    }

    /// What a `{` opened now opens if it is an awaited body's (then no longer awaited), or nil.
    private mutating func takeBody() -> FrameKind? {
        let kind: FrameKind?
        if let innermost = brackets.last {
            kind = innermost.body
            if kind != nil { brackets.setInnermostBody(nil) }
        } else {
            kind = topBody
            topBody = nil
        }
        if kind != nil { awaitedBodies &-= 1 }
        return kind
    }

    /// Forgets a body awaited directly inside the innermost bracket: `;` or `:` ends the keyword's construct before
    /// any body (`{function: {a: 1}}` named a property, `class C { class; x = {} }` a field).
    private mutating func cancelBody() {
        _ = takeBody()
    }

    /// Scans an IdentifierName at `pos`; returns whether it contained `\u` escapes.
    @inline(__always)
    private mutating func scanIdentifierName() throws(JavaScriptSyntaxError) -> Bool {
        // The common case first: an ASCII name.
        if pos < count, isASCIIIdentifierStart(src[pos]) {
            var p = pos &+ 1
            while p < count {
                // Letters first (most of a name's bytes): one test of the byte with its case bit set.
                let b = src[p]
                if (b | 0x20) &- 0x61 < 26 {
                    p &+= 1
                    continue
                }
                guard isASCIIIdentifierPart(b) else { break }
                p &+= 1
            }
            pos = p
            // Most names end at an ASCII byte that cannot continue them.
            if p >= count || (src[p] != 0x5C && src[p] < 0x80) { return false }
            return try scanIdentifierNameRest(isFirst: false)
        }
        return try scanIdentifierNameRest(isFirst: true)
    }

    /// `scanIdentifierName` past its ASCII start: escapes and non-ASCII characters.
    @inline(never)
    private mutating func scanIdentifierNameRest(isFirst first: Bool) throws(JavaScriptSyntaxError) -> Bool {
        var hasEscape = false
        var isFirst = first
        while pos < count {
            let b = src[pos]
            if isFirst ? isASCIIIdentifierStart(b) : isASCIIIdentifierPart(b) {
                pos += 1
            } else if b == 0x5C {
                let escapeStart = pos
                guard let scalar = unicodeEscape(), isFirst ? isIdentifierStart(scalar) : isIdentifierPart(scalar) else {
                    throw errorHere(.invalidEscape, "invalid Unicode escape in identifier", at: escapeStart)
                }
                hasEscape = true
            } else if b >= 0x80, let (scalar, length) = decode(at: pos), isFirst ? isIdentifierStart(scalar) : isIdentifierPart(scalar) {
                pos += length
            } else {
                break
            }
            isFirst = false
        }
        return hasEscape
    }

    /// Parses `\uXXXX` or `\u{X...}` at `pos`, advancing past it.
    private mutating func unicodeEscape() -> UInt32? {
        guard at(pos + 1) == 0x75 else { return nil }
        var p = pos + 2
        var value: UInt32 = 0
        if at(p) == 0x7B {
            p += 1
            var digits = 0
            while let d = hexValue(at(p)) {
                value = value &* 16 &+ d
                digits += 1
                if value > 0x10FFFF { return nil }
                p += 1
            }
            guard digits > 0, at(p) == 0x7D else { return nil }
            p += 1
        } else {
            for _ in 0..<4 {
                guard let d = hexValue(at(p)) else { return nil }
                value = value * 16 + d
                p += 1
            }
        }
        pos = p
        return value
    }

    private mutating func privateName() throws(JavaScriptSyntaxError) {
        let start = pos
        let startColumn = column(at: start)
        pos += 1
        let next = at(pos)
        var ok = isASCIIIdentifierStart(next) || next == 0x5C
        if !ok, next >= 0x80, let (scalar, _) = decode(at: pos) { ok = isIdentifierStart(scalar) }
        guard ok else { throw errorHere(.unexpectedCharacter, "unexpected character '#'", at: start) }
        _ = try scanIdentifierName()
        push(.privateName, start, line: line, column: startColumn)
        previous = .operand
    }

    private mutating func nonASCII() throws(JavaScriptSyntaxError) {
        guard let (scalar, length) = decode(at: pos) else {
            throw errorHere(.invalidUTF8, "invalid UTF-8", at: pos)
        }
        if scalar == 0x2028 || scalar == 0x2029 {
            pos += length
            startLine(at: pos)
            newlineBefore = true
        } else if isWhitespace(scalar) {
            pos += length
        } else if isIdentifierStart(scalar) {
            try identifierOrKeyword()
        } else {
            throw errorHere(.unexpectedCharacter, "unexpected character U+\(String(scalar, radix: 16, uppercase: true))", at: pos)
        }
    }

    // MARK: - Punctuators

    /// The index the next significant token gets (comments and the hashbang not counted).
    private var significantIndex: Int32 {
        @_transparent get {
            // Comments go apart from the tokens when the parser's tables are written.
            Output.writesParserTables
                ? Int32(truncatingIfNeeded: tokenCount) : Int32(truncatingIfNeeded: tokenCount) &- commentCount
        }
    }

    /// A punctuator of one byte that opens nothing (`;`, `,`, `.` before neither a digit nor `.`), after which `next`
    /// holds.
    @_transparent
    private mutating func singlePunctuator(_ b: UInt8, next: Previous) {
        let start = pos
        let startColumn = column(at: start)
        pos &+= 1
        push(.punctuator, start, line: line, column: startColumn, code: UInt64(b))
        previous = next
    }

    /// `(`, `[` or `{` (inlined into `run` always, as `asciiName`).
    @_transparent
    private mutating func openBracket(_ b: UInt8) {
        let start = pos
        let startColumn = column(at: start)
        var next = Previous.other
        switch b {
        case 0x28:  // (
            open(0x29, previous == .parenthesizedStatementKeyword ? .statementParen : .paren, offset: start, token: significantIndex)
        case 0x5B:  // [
            open(0x5D, .bracket, offset: start, token: significantIndex)
        default:  // {
            var kind: FrameKind
            switch previous {
            case .start, .statementPunctuator, .closeBlock, .closeExpression, .closeParenAllowingRegex,
                .closeParenOperand, .blockKeyword, .operand, .blockColon:
                kind = .block
            case .arrow:
                kind = .arrowBody
            default:
                kind = .object
            }
            if awaitedBodies != 0, let body = takeBody() { kind = body }
            open(0x7D, kind, offset: start, token: significantIndex)
            next = .statementPunctuator
        }
        pos &+= 1
        push(.punctuator, start, line: line, column: startColumn, code: UInt64(b))
        previous = next
    }

    /// `)`, `]` or `}` (which may continue a template after a substitution; inlined into `run` always, as
    /// `asciiName`).
    @_transparent
    private mutating func closeBracket(_ b: UInt8) throws(JavaScriptSyntaxError) {
        let start = pos
        let startColumn = column(at: start)
        guard let opener = brackets.last, opener.closer == b else {
            throw closingError(b, opener: brackets.last, start: start, column: startColumn)
        }
        brackets.close()
        if awaitedBodies != 0, opener.body != nil { awaitedBodies &-= 1 }
        if opener.token >= 0 {
            // This punctuator is pushed next, at index `significantIndex`.
            let closing = significantIndex
            if Output.writesParserTables {
                matchBuffer.unsafelyUnwrapped[Int(opener.token)] = closing
            } else {
                brackets.pair(opener.token, closing)
            }
        }
        let next: Previous
        switch opener.kind {
        case .templateSubstitution:
            try template(start: start, isContinuation: true)
            return
        case .block: next = .closeBlock
        case .object, .arrowBody: next = .closeExpression
        case .statementParen: next = .closeParenAllowingRegex
        case .paren: next = .closeParenOperand
        case .bracket, .none: next = .operand
        }
        pos &+= 1
        push(.punctuator, start, line: line, column: startColumn, code: UInt64(b))
        previous = next
    }

    /// Any other punctuator: its length from its bytes (inlined into `run` always, as `asciiName`).
    /// `bytes` and `end` are the source's base address and count (`run`'s locals).
    @_transparent
    private mutating func punctuator(_ b: UInt8, bytes: UnsafePointer<UInt8>, end: Int) throws(JavaScriptSyntaxError) {
        let start = pos
        let startColumn = column(at: start)
        // The punctuator's bytes and those after it, by one load where 8 bytes are left (0 past the end, as `at`
        // reads them): the bytes the cases look at, and the token's code, masked to its length.
        let word = wordAt(start, bytes: bytes, end: end)
        let b1 = UInt8(truncatingIfNeeded: word &>> 8)
        let b2 = UInt8(truncatingIfNeeded: word &>> 16)
        let b3 = UInt8(truncatingIfNeeded: word &>> 24)
        var length = 1
        var next = Previous.other
        switch b {
        case 0x7E, 0x40:  // ~ @
            break
        case 0x3A:  // :
            if awaitedBodies != 0 { cancelBody() }
            let innermost = brackets.last
            let last = innermost?.ternaries ?? topTernaries
            if last > 0 {
                if innermost == nil { topTernaries = last - 1 } else { brackets.setInnermostTernaries(last - 1) }
                next = .expressionColon
            } else {
                next = (innermost?.brace ?? .none) == .object ? .expressionColon : .blockColon
            }
        case 0x2E:  // .
            if b1 == 0x2E, b2 == 0x2E { length = 3 } else { next = .dot }
        case 0x3F:  // ?
            if b1 == 0x2E, !isDecimal(b2) {
                length = 2
                next = .dot
            } else if b1 == 0x3F {
                length = b2 == 0x3D ? 3 : 2
            } else if let innermost = brackets.last {
                brackets.setInnermostTernaries(innermost.ternaries + 1)
            } else {
                topTernaries += 1
            }
        case 0x3D:  // =
            if b1 == 0x3E {
                length = 2
                next = .arrow
            } else if b1 == 0x3D {
                length = b2 == 0x3D ? 3 : 2
            }
        case 0x21:  // !
            if b1 == 0x3D { length = b2 == 0x3D ? 3 : 2 }
        case 0x2B, 0x2D:  // + -
            if b1 == b {
                length = 2
                switch previous {
                case .operand, .closeParenOperand, .closeExpression, .postfix:
                    if !newlineBefore { next = .postfix }
                default:
                    break
                }
            } else if b1 == 0x3D {
                length = 2
            }
        case 0x2A:  // *
            if b1 == 0x2A { length = b2 == 0x3D ? 3 : 2 } else if b1 == 0x3D { length = 2 }
        case 0x25, 0x5E:  // % ^
            if b1 == 0x3D { length = 2 }
        case 0x26, 0x7C:  // & |
            if b1 == b { length = b2 == 0x3D ? 3 : 2 } else if b1 == 0x3D { length = 2 }
        case 0x3C:  // <
            if b1 == 0x3C { length = b2 == 0x3D ? 3 : 2 } else if b1 == 0x3D { length = 2 }
        case 0x3E:  // >
            if b1 == 0x3E {
                if b2 == 0x3E { length = b3 == 0x3D ? 4 : 3 } else { length = b2 == 0x3D ? 3 : 2 }
            } else if b1 == 0x3D {
                length = 2
            }
        default:
            throw unexpectedCharacterError(b, at: start)
        }
        pos &+= length
        // The code only where the parser's table is written (a tokenization for other readers does not pay for it).
        let code = Output.writesParserTables ? word & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length)) : 0
        push(.punctuator, start, line: line, column: startColumn, code: code)
        previous = next
    }

    // MARK: - Character classes

    @inline(__always) private func isDecimal(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// A decimal digit or `_`.
    @inline(__always) private func isDecimalOrSeparator(_ b: UInt8) -> Bool { b &- 0x30 < 10 || b == 0x5F }

    @inline(__always) private func isASCIIIdentifierStart(_ b: UInt8) -> Bool {
        ScannerByteClass.kind(classes[Int(b)]) == .nameStart
    }

    @inline(__always) private func isASCIIIdentifierPart(_ b: UInt8) -> Bool {
        classes[Int(b)] & ScannerByteClass.namePart != 0
    }

    private func radixPrefix(_ b: UInt8) -> UInt8? {
        switch b | 0x20 {
        case 0x78: 16
        case 0x6F: 8
        case 0x62: 2
        default: nil
        }
    }

    private func isDigit(_ b: UInt8, radix: UInt8) -> Bool {
        switch radix {
        case 16: hexValue(b) != nil
        case 8: b >= 0x30 && b <= 0x37
        default: b == 0x30 || b == 0x31
        }
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: UInt32(b - 0x30)
        case 0x41...0x46: UInt32(b - 0x41 + 10)
        case 0x61...0x66: UInt32(b - 0x61 + 10)
        default: nil
        }
    }

    /// Decodes the (already validated) UTF-8 scalar at `i`.
    private func decode(at i: Int) -> (UInt32, Int)? {
        let b0 = UInt32(src[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 {
            guard i + 1 < count else { return nil }
            return ((b0 & 0x1F) << 6 | UInt32(src[i + 1] & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard i + 2 < count else { return nil }
            return ((b0 & 0x0F) << 12 | UInt32(src[i + 1] & 0x3F) << 6 | UInt32(src[i + 2] & 0x3F), 3)
        }
        guard i + 3 < count else { return nil }
        return ((b0 & 0x07) << 18 | UInt32(src[i + 1] & 0x3F) << 12 | UInt32(src[i + 2] & 0x3F) << 6 | UInt32(src[i + 3] & 0x3F), 4)
    }

    private func isWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0, 0xFEFF, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    private func isIdentifierStart(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIIdentifierStart(UInt8(scalar)) }
        guard let s = Unicode.Scalar(scalar) else { return false }
        return s.properties.isIDStart
    }

    private func isIdentifierPart(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIIdentifierPart(UInt8(scalar)) }
        if scalar == 0x200C || scalar == 0x200D { return true }
        guard let s = Unicode.Scalar(scalar) else { return false }
        return s.properties.isIDContinue
    }
}
