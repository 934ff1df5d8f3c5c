import Foundation
import WKPackSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses JavaScript (ES2023, script or module, "auto" like webpack and `JavaScriptParser`) into a
/// `SyntaxTree`, binding scopes, symbols and references in the same pass (references are resolved when the
/// program has been read, since declarations hoist).
///
/// It reads the tokens of `JavaScriptTokenizer`, which has already told regular expressions from division and
/// split templates; the parser applies automatic semicolon insertion and the restricted productions itself.
/// Its errors are `JavaScriptSyntaxError`s with the texts `JavaScriptParser` uses where the cause is the same
/// (`unexpected token 'x' (expected ')')`, `'a' has already been declared (line 1)`, ...). Parsing runs on a
/// large-stack thread; nesting deeper than `maximumDepth` is an error, not a crash.
public enum SyntaxParser {
    /// Deepest nesting of statements and expressions accepted.
    public static let maximumDepth = 2_000

    /// The message of the error for code nested more than `maximumDepth` levels deep.
    package static let tooDeepMessage = "code is nested more than \(maximumDepth) levels deep"

    /// Tokenizes and parses `source`. With `keepComments`, legal comments are recorded and `/*#__PURE__*/`
    /// annotations set the `pure` flag of their call.
    public static func parse(_ source: [UInt8], keepComments: Bool = true) throws(JavaScriptSyntaxError) -> SyntaxTree {
        let tokenization = try JavaScriptTokenizer.tokenizeForParsing(source, includeComments: keepComments)
        return try parse(source, tokenization: tokenization)
    }

    /// Parses `source` from its tokens (with or without comments).
    public static func parse(_ source: [UInt8], tokenization: JavaScriptTokenization) throws(JavaScriptSyntaxError) -> SyntaxTree {
        try parsed(source, tokenization: tokenization).tree
    }

    /// Parses `source` from its tokens, and returns the token-indexed facts `ScopeAnalysis` is built from, and
    /// the significant tokens they index, with the tree. `toKeep`: the tree is to be kept (`KeptModuleParse`), and
    /// its nodes and lists are reserved about a fifth beyond what a parse makes, not half a token more (see
    /// `storageCapacity(tokens:toKeep:)`).
    package static func parseWithFacts(
        _ source: [UInt8], tokenization: JavaScriptTokenization, toKeep: Bool = false
    ) throws(JavaScriptSyntaxError) -> (tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken]) {
        try parsed(source, tokenization: tokenization, toKeep: toKeep)
    }

    /// The room the parse of `tokens` significant tokens reserves for its nodes and lists.
    ///
    /// A parse makes 0.72 to 0.80 nodes and 0.27 to 0.42 list entries a token (the files of 500 tokens or more of the
    /// plain, firefox-shaped and large benchmark trees; smaller ones are covered by the 16 added). A tree kept for its
    /// piece (`toKeep`) gets 0.96 nodes a token: at least the fifth more the compressor and the piece's edits add
    /// (`TreeCompressorPass.reserveRoom`, `PieceParse.of`), and no more than `KeptModuleParse` keeps without
    /// copying the nodes (step 4y: the parser reserved 1.5 a token, and every kept tree's nodes were copied, 102.9 M
    /// instructions of `memcpy` on the large tree); 0.45 list entries a token. Another parse reserves 1.5 nodes and
    /// 0.5 list entries a token, as before, so that a parse of unusual code seldom outgrows its room (one that does
    /// moves to memory of its own, and is copied at its end).
    static func storageCapacity(tokens: Int, toKeep: Bool) -> (nodes: Int, lists: Int) {
        toKeep ? (tokens - tokens / 25 + 16, tokens / 2 - tokens / 20 + 16) : (tokens + tokens / 2 + 16, tokens / 2 + 16)
    }

    /// The parse of `source` on a large-stack thread. The nodes and lists are written straight into the arrays the
    /// tree gets (no copy) while they fit their room (step 4o; `storageCapacity(tokens:toKeep:)`).
    private static func parsed(
        _ source: [UInt8], tokenization: JavaScriptTokenization, toKeep: Bool = false
    ) throws(JavaScriptSyntaxError) -> (tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken]) {
        typealias Parsed = (tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken])
        let outcome = LargeStack.run { () -> Result<Parsed, JavaScriptSyntaxError> in
            source.withUnsafeBytes { bytes in
                // At most the tokenization's tokens are significant (its comments, if among them, are dropped).
                let capacity = SyntaxParser.storageCapacity(tokens: tokenization.tokens.count, toKeep: toKeep)
                // The parse's tree, facts and tokens are moved out of this optional (`take()`), not copied out of a
                // `Result` still alive (step 5n: each copy retained and released each of their arrays).
                var finished: Parsed?
                var failure = SyntaxParser.unfinished
                var moved: (nodes: [SyntaxNode]?, lists: [Int32]?) = (nil, nil)
                var nodes: [SyntaxNode] = []
                let lists = [Int32](unsafeUninitializedCapacity: capacity.lists) { listStorage, listCount in
                    nodes = [SyntaxNode](unsafeUninitializedCapacity: capacity.nodes) { nodeStorage, nodeCount in
                        listCount = 0
                        nodeCount = 0
                        guard let nodeBase = nodeStorage.baseAddress, let listBase = listStorage.baseAddress else { return }
                        var parser = SyntaxParserState(
                            source: source, bytes: bytes, tokenization: tokenization,
                            nodes: SyntaxParserBuffer(storage: nodeBase, capacity: nodeStorage.count),
                            lists: SyntaxParserBuffer(storage: listBase, capacity: listStorage.count))
                        do throws(JavaScriptSyntaxError) {
                            try parser.parseProgram()
                        } catch {
                            failure = error
                            return
                        }
                        let parsedNodes = parser.nodes, parsedLists = parser.lists
                        finished = parser.finished()
                        if parsedNodes.writesInto(nodeBase) {
                            nodeCount = parsedNodes.count
                        } else {
                            moved.nodes = parsedNodes.array(capacity: parsedNodes.count + parsedNodes.count / 5 + 16)
                        }
                        if parsedLists.writesInto(listBase) {
                            listCount = parsedLists.count
                        } else {
                            moved.lists = parsedLists.array(capacity: parsedLists.count + parsedLists.count / 5 + 16)
                        }
                    }
                }
                guard var parsed = finished.take() else { return .failure(failure) }
                parsed.tree.nodes = moved.nodes ?? nodes
                parsed.tree.lists = moved.lists ?? lists
                if let deep = SyntaxTreeHeight.firstNode(
                    deeperThan: SyntaxParser.maximumTreeHeight, nodes: parsed.tree.nodes, lists: parsed.tree.lists,
                    root: parsed.tree.root)
                {
                    return .failure(SyntaxParser.tooHigh(at: deep, in: parsed.tree, tokens: parsed.tokens))
                }
                return .success(parsed)
            }
        }
        switch consume outcome {
        case .some(.success(let parsed)): return parsed
        case .some(.failure(let error)): throw error
        case .none: throw unfinished
        }
    }

    /// The error of a parse that did not run to its end.
    private static var unfinished: JavaScriptSyntaxError {
        JavaScriptSyntaxError(kind: .unexpectedToken, line: 1, column: 1, offset: 0, message: "the parser did not finish")
    }

    /// Tokenizes and parses a string (convenience for tests).
    public static func parse(_ source: String, keepComments: Bool = true) throws(JavaScriptSyntaxError) -> SyntaxTree {
        try parse(Array(source.utf8), keepComments: keepComments)
    }
}

/// The recursive-descent parser behind `SyntaxParser` (split by area over the `SyntaxParser+*.swift` files).
struct SyntaxParserState {
    struct FunctionContext {
        package var isAsync: Bool
        var isGenerator: Bool
        /// `super.x` and `super[x]` are allowed: a method, a class field's initializer or a static block, or an arrow
        /// function inside one.
        var superProperty = false
        /// `super(...)` is allowed: a derived class's constructor, or an arrow function inside one.
        package var superCall = false
    }

    package let src: [UInt8]
    package let bytes: UnsafeRawBufferPointer
    /// The significant tokens (no comments).
    package let tokens: [JavaScriptToken]
    package let count: Int
    /// Each token's text packed by `TokenCode`.
    package let codes: [UInt64]
    /// For each opening bracket token, its closing token (else -1).
    package let matching: [Int32]
    /// The storage of `tokens` and `codes` (immutable arrays held above, so it neither moves nor changes while the
    /// parser lives): read by `uncheckedToken(_:)` and `uncheckedCode(_:)` only where the index was just tested to be
    /// in range (`inRange(_:)`), where a checked subscript would test it again (step 4s).
    let tokenBase: UnsafePointer<JavaScriptToken>?
    let codeBase: UnsafePointer<UInt64>?
    package var i = 0
    /// The tree's source, root and legal comments; its nodes, lists, scopes, symbols and references are built in
    /// the buffers below (the nodes and lists handed to it by `SyntaxParser.parsed`, the rest by `finished()`).
    package var tree: SyntaxTree
    /// The nodes, indexed by node ID (the tree's `nodes` once the parse finishes).
    package let nodes: SyntaxParserBuffer<SyntaxNode>
    /// The lists, as the tree's `lists` (list 0 is the empty list).
    package let lists: SyntaxParserBuffer<Int32>
    /// The scopes with their facts, indexed by scope ID.
    package let scopes: SyntaxParserBuffer<ParsedScope>
    /// The symbols with their facts, indexed by symbol ID.
    package let symbols: SyntaxParserBuffer<ParsedSymbol>
    /// The references with their facts, indexed by reference ID.
    package let references: SyntaxParserBuffer<ParsedReference>
    /// Children of the lists being built, innermost last (see `beginList`/`endList`).
    package let scratch = SyntaxListStack()
    package var identifiers: IdentifierTable
    /// The memory of the name caches below (emptied and given back to its pool with the last copy of the parser).
    let nameCache: SyntaxNameCache
    /// `nameID`'s cache: up to 2,048 slots (fewer for a short source) of a name's `TokenCode` (0: empty) and its ID.
    /// A slot is a hash shifted right by `nameCacheShift`, so it is below the slot count by construction: the caches
    /// are read and written through pointers, without a bounds or uniqueness check (step 4s).
    let nameCacheCodes: UnsafeMutablePointer<UInt64>
    let nameCacheIDs: UnsafeMutablePointer<Int32>
    /// 64 minus log2 of the cache's slot count.
    let nameCacheShift: UInt64
    /// `longNameID`'s cache, a quarter of `nameID`'s slots: per slot the two words of a name of 9 to 16 bytes
    /// (`longNameCacheWords[2 * slot]` and the next; 0: empty) and its ID.
    let longNameCacheWords: UnsafeMutablePointer<UInt64>
    let longNameCacheIDs: UnsafeMutablePointer<Int32>
    package var declared: ScopedNameTable
    package var scope: Int32 = 0
    package var strict = false
    /// The innermost function (or method, arrow, static block, field initializer) being parsed, `nil` at the top
    /// level; each parse of one keeps the enclosing one in a local and puts it back (step 5n: a stack in an array
    /// checked its uniqueness on every push and pop, and was an allocation a file).
    var currentFunction: FunctionContext?
    package var depth = 0
    /// `in` is not a binary operator here (a `for` head's initializer).
    var noIn = false
    var redeclaration: JavaScriptSyntaxError?
    var varsCrossingBlocks: Set<UInt64> = []
    /// How many parameter lists are being parsed (their function scopes are marked `parametersFlag`, on the current
    /// scope's chain). Step 5n: a stack of them in an array checked its uniqueness on every push and pop, and each
    /// reference inside a list kept a copy of it.
    var parameterDepth = 0
    /// For references inside parameter lists, in reference order: the reference and the functions whose body
    /// declarations it cannot see (`parameterOnlyScopeTable[start..<end]`).
    var parameterOnlyScopes: [(reference: Int32, start: Int32, end: Int32)] = []
    var parameterOnlyScopeTable: [Int32] = []
    /// References called directly (`eval(...)` makes their scopes unsafe when free).
    var calleeReferences: [Int32] = []
    /// Token indexes a `/*#__PURE__*/` comment stands just before.
    let pureTokens: Set<Int32>
    /// Legal comments (ranges) and the token index each precedes.
    package let legal: [(range: SourceRange, token: Int)]
    var legalCursor = 0
    /// Token-indexed facts for `ScopeAnalysis`.
    package var facts = SyntaxParseFacts()

    /// A parser of `source` whose nodes and lists go to `nodes` and `lists` (list 0, the empty list, is added here).
    package init(
        source: [UInt8], bytes: UnsafeRawBufferPointer, tokenization: JavaScriptTokenization, nodes: SyntaxParserBuffer<SyntaxNode>,
        lists: SyntaxParserBuffer<Int32>
    ) {
        src = source
        self.bytes = bytes
        // The tokenizer's bracket pairs count significant tokens only, so they hold for the tokens without comments.
        let pairs = tokenization.bracketPairs
        // Each stored property is set once, none before the others are (an `if` that set some of them before the
        // rest made the optimizer build the state apart and copy it into place, retaining and releasing every array).
        // Comments kept apart by the tokenizer are read from there; tokens with comments among them are copied
        // without them.
        let filtered =
            tokenization.comments.map {
                Self.annotations($0, positions: tokenization.commentPositions, tokenCount: tokenization.tokens.count, bytes)
            }
            ?? (tokenization.isWithoutComments ? nil : Self.withoutComments(tokenization.tokens, bytes))
        let significant = filtered?.tokens ?? tokenization.tokens
        pureTokens = filtered?.pure ?? []
        legal = filtered?.legal ?? []
        tokens = significant
        count = significant.count
        // The tokenizer for the parser wrote the codes and the matching brackets beside the tokens.
        let codes = tokenization.codes ?? Self.codes(of: significant, bytes)
        // `uncheckedCode(_:)` reads a code for every index below `count`.
        precondition(codes.count == significant.count, "a code for every token")
        self.codes = codes
        tokenBase = significant.withUnsafeBufferPointer { $0.baseAddress }
        codeBase = codes.withUnsafeBufferPointer { $0.baseAddress }
        matching = tokenization.matching ?? Self.matching(tokens: significant, codes: codes, pairs: pairs)
        var slots = 64
        while slots < SyntaxNameCache.maximumSlots, slots < count / 4 { slots *= 2 }
        let nameCache = SyntaxNameCache()
        self.nameCache = nameCache
        nameCacheCodes = nameCache.codes
        nameCacheIDs = nameCache.ids
        nameCacheShift = UInt64(64 - slots.trailingZeroBitCount)
        longNameCacheWords = nameCache.longWords
        longNameCacheIDs = nameCache.longIDs
        tree = SyntaxTree(source: source)
        self.nodes = nodes
        self.lists = lists
        lists.add(0)
        scopes = SyntaxParserBuffer(capacity: count / 16 + 8)
        symbols = SyntaxParserBuffer(capacity: count / 8 + 8)
        references = SyntaxParserBuffer(capacity: count / 4 + 8)
        declared = ScopedNameTable(capacity: count / 8)
        // Room for a new name every sixteen tokens (the large benchmark tree's files have one about every eighteen).
        identifiers = IdentifierTable(expectedNames: count / 16)
    }

    /// A scope and what the facts record of it (`SyntaxParseFacts.scopeFirstTokens`, `scopeFlags`).
    struct ParsedScope {
        package var scope: SyntaxScope
        var firstToken: Int32
        package var flags: UInt8
    }

    /// A symbol and what the facts record of it (`SyntaxParseFacts.symbolTokens`, `symbolShorthands`).
    struct ParsedSymbol {
        package var symbol: SyntaxSymbol
        package var token: Int32
        package var shorthand: Bool
    }

    /// A reference and what the facts record of it (`SyntaxParseFacts.references`).
    struct ParsedReference {
        package var reference: SyntaxReference
        package var fact: SyntaxParseFacts.Reference
    }

    /// Each token's text packed by `TokenCode`.
    private static func codes(of significant: [JavaScriptToken], _ bytes: UnsafeRawBufferPointer) -> [UInt64] {
        significant.withUnsafeBufferPointer { tokens in
            [UInt64](unsafeUninitializedCapacity: tokens.count) { codes, initialized in
                // `TokenCode.of` with its checks hoisted: a token of 1...8 bytes that starts 8 bytes or more before
                // the end is one unaligned load, masked to its length.
                let lastWordStart = bytes.count - 8
                for k in tokens.indices {
                    let token = tokens[k]
                    let start = token.start
                    let length = token.end &- start
                    var code: UInt64 = 0
                    if UInt(bitPattern: length &- 1) < 8 {
                        if start <= lastWordStart, let base = bytes.baseAddress {
                            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                            code = word & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
                        } else {
                            code = TokenCode.of(bytes, start, token.end)
                        }
                    }
                    codes.initializeElement(at: k, to: code)
                }
                initialized = tokens.count
            }
        }
    }

    /// The token indexes that `/*#__PURE__*/` comments stand before and the legal comments with the token index each
    /// precedes, from the comments the tokenizer kept apart (`positions`: the significant token each stands before,
    /// of `tokenCount`); `tokens` is nil (the significant tokens are the tokenization's).
    private static func annotations(
        _ comments: [JavaScriptToken], positions: [Int32], tokenCount: Int, _ bytes: UnsafeRawBufferPointer
    ) -> (tokens: [JavaScriptToken]?, pure: Set<Int32>, legal: [(range: SourceRange, token: Int)]) {
        var pure: Set<Int32> = []
        var legal: [(range: SourceRange, token: Int)] = []
        for (comment, position) in zip(comments, positions) {
            if isPureAnnotation(comment, bytes) {
                // An annotation after the last token annotates nothing.
                if Int(position) < tokenCount { pure.insert(position) }
            } else if isLegalComment(comment, bytes) {
                legal.append((SourceRange(start: comment.start, end: comment.end), Int(position)))
            }
        }
        return (nil, pure, legal)
    }

    /// `tokens` without their comments, with the token indexes that `/*#__PURE__*/` comments stand before and the
    /// legal comments with the token index each precedes; `nil` when no token is a comment. The tokens are written
    /// in place (an append per token checked the array's uniqueness and capacity each time).
    private static func withoutComments(
        _ tokens: [JavaScriptToken], _ bytes: UnsafeRawBufferPointer
    ) -> (tokens: [JavaScriptToken]?, pure: Set<Int32>, legal: [(range: SourceRange, token: Int)])? {
        guard tokens.contains(where: \.isComment) else { return nil }
        var pure: Set<Int32> = []
        var legal: [(range: SourceRange, token: Int)] = []
        let significant = tokens.withUnsafeBufferPointer { all in
            [JavaScriptToken](unsafeUninitializedCapacity: all.count) { kept, initialized in
                var pending: [(SourceRange, Bool)] = []
                var n = 0
                for token in all {
                    if token.isComment {
                        let isPure = isPureAnnotation(token, bytes)
                        if isPure || isLegalComment(token, bytes) {
                            pending.append((SourceRange(start: token.start, end: token.end), isPure))
                        }
                        continue
                    }
                    // Mostly no comment is pending: the list is not touched then.
                    if !pending.isEmpty {
                        for (range, isPure) in pending {
                            if isPure {
                                pure.insert(Int32(truncatingIfNeeded: n))
                            } else {
                                legal.append((range, n))
                            }
                        }
                        pending.removeAll(keepingCapacity: true)
                    }
                    kept.initializeElement(at: n, to: token)
                    n &+= 1
                }
                for (range, isPure) in pending where !isPure { legal.append((range, n)) }
                initialized = n
            }
        }
        return (significant, pure, legal)
    }

    private static func isPureAnnotation(_ token: JavaScriptToken, _ bytes: UnsafeRawBufferPointer) -> Bool {
        // `/*#__PURE__*/` is 13 bytes; the text is made and trimmed only for a comment whose bytes hold `__PURE__`
        // (which every annotation's do), not for every block comment.
        guard token.kind == .blockComment, token.end - token.start >= 13,
            containsBytes(bytes, token.start..<token.end, "__PURE__")
        else { return false }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
        let inner = text.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
        return inner == "#__PURE__" || inner == "@__PURE__"
    }

    private static func isLegalComment(_ token: JavaScriptToken, _ bytes: UnsafeRawBufferPointer) -> Bool {
        if token.kind == .hashbang { return true }
        guard token.kind == .blockComment || token.kind == .lineComment, token.end - token.start >= 3 else { return false }
        if bytes[token.start + 2] == 0x21 { return true }  // /*! or //!
        // The text is made only for a comment whose bytes hold one of the words (which a match needs).
        guard containsBytes(bytes, token.start..<token.end, "@license") || containsBytes(bytes, token.start..<token.end, "@preserve")
        else { return false }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
        return text.contains("@license") || text.contains("@preserve")
    }

    /// Whether `needle`'s bytes occur in `bytes[range]`: its first byte found by `memchr` (many bytes a step), the
    /// rest compared there (a loop over every byte was 12.8 M instructions of the large tree's build, most of it in
    /// long documentation comments).
    private static func containsBytes(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, range.count >= count else { return count == 0 }
        guard let base = bytes.baseAddress, range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        let first = Int32(needle.utf8Start.pointee)
        var start = base + range.lowerBound
        let last = base + (range.upperBound - count)
        while start <= last {
            guard let hit = memchr(start, first, last - start + 1) else { return false }
            if memcmp(hit, needle.utf8Start, count) == 0 { return true }
            start = UnsafeRawPointer(hit) + 1
        }
        return false
    }

    /// The closing token of each opening bracket (`(`, `[`, `{`), else -1.
    private static func matching(tokens: [JavaScriptToken], codes: [UInt64], pairs: [Int32]?) -> [Int32] {
        var matching = [Int32](repeating: -1, count: tokens.count)
        if let pairs {
            matching.withUnsafeMutableBufferPointer { matching in
                pairs.withUnsafeBufferPointer { pairs in
                    var k = 0
                    while k + 1 < pairs.count {
                        let open = Int(pairs[k])
                        if open >= 0, open < matching.count { matching[open] = pairs[k + 1] }
                        k += 2
                    }
                }
            }
            return matching
        }
        var stack: [Int32] = []
        for index in tokens.indices {
            switch tokens[index].kind {
            case .punctuator:
                switch codes[index] {
                case 0x28, 0x5B, 0x7B: stack.append(Int32(truncatingIfNeeded: index))
                case 0x29, 0x5D, 0x7D:
                    if let open = stack.popLast() { matching[Int(open)] = Int32(truncatingIfNeeded: index) }
                default: break
                }
            case .templateHead: stack.append(-1)
            case .templateTail: _ = stack.popLast()
            default: break
            }
        }
        return matching
    }

    // MARK: - Tokens

    /// Whether `k` is a token index (`0..<count`): one unsigned comparison, which a negative `k` fails too.
    @inline(__always) func inRange(_ k: Int) -> Bool { UInt(bitPattern: k) < UInt(bitPattern: count) }

    /// Token `k`, read without a bounds check: only where `inRange(k)` was just tested (`tokens[k]` otherwise).
    @inline(__always) func uncheckedToken(_ k: Int) -> JavaScriptToken { tokenBase.unsafelyUnwrapped[k] }

    /// Token `k`'s code, read without a bounds check: only where `inRange(k)` was just tested (`codes[k]` otherwise).
    @inline(__always) func uncheckedCode(_ k: Int) -> UInt64 { codeBase.unsafelyUnwrapped[k] }

    @inline(__always)
    func tokenIs(_ k: Int, _ text: StaticString) -> Bool {
        guard inRange(k) else { return false }
        if text.utf8CodeUnitCount <= 8 { return uncheckedCode(k) == TokenCode.of(text) }
        return uncheckedToken(k).spells(text, in: bytes)
    }

    @inline(__always) package func at(_ text: StaticString) -> Bool { tokenIs(i, text) }

    @inline(__always) package func kind(_ k: Int) -> JavaScriptToken.Kind? { inRange(k) ? uncheckedToken(k).kind : nil }

    @inline(__always) package func newlineBefore(_ k: Int) -> Bool { inRange(k) ? uncheckedToken(k).newlineBefore : true }

    @inline(__always) package func code(_ k: Int) -> UInt64 { inRange(k) ? uncheckedCode(k) : 0 }

    @inline(__always)
    mutating func eat(_ text: StaticString) -> Bool {
        if at(text) {
            i &+= 1  // `i` is a token index (`at` is false past the last token)
            return true
        }
        return false
    }

    @inline(__always)
    package mutating func expect(_ text: StaticString) throws(JavaScriptSyntaxError) {
        guard eat(text) else { throw expected(text) }
    }

    @inline(never)
    package mutating func expected(_ text: StaticString) -> JavaScriptSyntaxError {
        unexpected("expected '\(text)'")
    }

    /// An error at token `i` (the end of input when past the last token), with the texts of `JavaScriptParser`.
    @inline(never)
    mutating func unexpected(_ detail: String? = nil) -> JavaScriptSyntaxError {
        guard i < count else {
            let last = tokens.last
            let line = last?.line ?? 1
            let column = (last?.column ?? 0) + (last.map { $0.end - $0.start } ?? 0) + 1
            return JavaScriptSyntaxError(
                kind: .unexpectedToken, line: line, column: column, offset: last?.end ?? 0,
                message: "unexpected end of input" + (detail.map { " (\($0))" } ?? ""))
        }
        let token = tokens[i]
        let length = min(token.end - token.start, 40)
        let text = String(decoding: src[token.start..<(token.start + length)], as: UTF8.self)
        return JavaScriptSyntaxError(
            kind: .unexpectedToken, line: token.line, column: token.column + 1, offset: token.start,
            message: "unexpected token '\(text)'" + (detail.map { " (\($0))" } ?? ""))
    }

    /// An error at token `k`.
    mutating func unexpected(at k: Int, _ detail: String) -> JavaScriptSyntaxError {
        let saved = i
        i = k
        defer { i = saved }
        return unexpected(detail)
    }

    /// Whether token `k` can be a binding or reference name.
    @inline(__always)
    package func isIdentifierName(_ k: Int) -> Bool {
        guard inRange(k) else { return false }
        switch uncheckedToken(k).kind {
        case .identifier: return true
        case .keyword: return uncheckedCode(k) == TokenCode.of("yield") || uncheckedCode(k) == TokenCode.of("await")
        default: return false
        }
    }

    @inline(__always)
    func isPropertyNameStart(_ k: Int) -> Bool {
        guard inRange(k) else { return false }
        switch uncheckedToken(k).kind {
        case .identifier, .keyword, .string, .number, .privateName: return true
        case .punctuator: return uncheckedCode(k) == TokenCode.of("[")
        default: return false
        }
    }

    /// Whether the statement may end before token `i` (`;` inserted): at `}`, the end, or after a line break.
    @inline(__always)
    func canInsertSemicolon() -> Bool {
        !inRange(i) || uncheckedCode(i) == TokenCode.of("}") || uncheckedToken(i).newlineBefore
    }

    /// Consumes a statement's `;`, or accepts its automatic insertion.
    @inline(__always)
    package mutating func semicolon() throws(JavaScriptSyntaxError) {
        if eat(";") { return }
        if canInsertSemicolon() { return }
        throw expected(";")
    }

    @inline(__always)
    mutating func enter() throws(JavaScriptSyntaxError) {
        depth += 1
        if depth > SyntaxParser.maximumDepth { throw tooDeep() }
    }

    @inline(never)
    mutating func tooDeep() -> JavaScriptSyntaxError {
        JavaScriptSyntaxError(
            kind: .unexpectedToken, line: i < count ? tokens[i].line : 1, column: i < count ? tokens[i].column + 1 : 1,
            offset: i < count ? tokens[i].start : 0, message: SyntaxParser.tooDeepMessage)
    }

    // MARK: - Nodes

    /// Start offset of token `k`.
    @inline(__always) func startOf(_ k: Int) -> Int { inRange(k) ? uncheckedToken(k).start : src.count }

    /// End offset of the token before `i` (the last one consumed).
    @inline(__always) var lastEnd: Int { inRange(i &- 1) ? uncheckedToken(i &- 1).end : 0 }

    @inline(__always)
    package mutating func add(
        _ kind: SyntaxKind, op: UInt8 = 0, flags: SyntaxFlags = [], from startToken: Int,
        a: Int32 = SyntaxTree.none, b: Int32 = SyntaxTree.none, c: Int32 = SyntaxTree.none,
        d: Int32 = SyntaxTree.none
    ) -> Int32 {
        nodes.add(SyntaxNode(kind, op: op, flags: flags, start: startOf(startToken), end: lastEnd, a: a, b: b, c: c, d: d))
    }

    /// A node for the single token `k`.
    @inline(__always)
    mutating func addToken(_ kind: SyntaxKind, _ k: Int, a: Int32 = SyntaxTree.none) -> Int32 {
        nodes.add(SyntaxNode(kind, start: tokens[k].start, end: tokens[k].end, a: a))
    }

    /// A node spanning from node `first`'s start to the last token consumed.
    @inline(__always)
    package mutating func add(
        _ kind: SyntaxKind, op: UInt8 = 0, flags: SyntaxFlags = [], spanning first: Int32,
        a: Int32 = SyntaxTree.none, b: Int32 = SyntaxTree.none, c: Int32 = SyntaxTree.none
    ) -> Int32 {
        nodes.add(SyntaxNode(kind, op: op, flags: flags, start: Int(nodes[Int(first)].start), end: lastEnd, a: a, b: b, c: c))
    }

    /// Starts a list: children are pushed with `scratch.append` and the list made by `endList(from:)`.
    @inline(__always) var beginList: Int { scratch.count }

    @inline(__always)
    mutating func endList(from start: Int) -> Int32 {
        let length = scratch.count - start
        if length == 0 { return 0 }
        let id = lists.add(Int32(truncatingIfNeeded: length))
        lists.add(contentsOf: scratch.children(from: start))
        scratch.count = start
        return id
    }

    /// The node IDs of list `list` (copied: the lists may grow while they are read).
    func listChildren(_ list: Int32) -> [Int32] {
        guard list > 0 else { return [] }
        return Array(lists.elements(from: Int(list) + 1, count: Int(lists[Int(list)])))
    }

    // MARK: - Names

    /// The interned ID of token `k`'s name (escapes decoded; `#` dropped from private names). A name of at most
    /// 8 bytes without escapes is found first by its `TokenCode` in a small direct-mapped cache (most names are
    /// short and repeat), without hashing its bytes again.
    @inline(__always)
    package mutating func nameID(_ k: Int) -> Int32 {
        precondition(inRange(k), "token index out of range")
        let code = uncheckedCode(k)
        guard code != 0, uncheckedToken(k).kind != .privateName else { return longNameID(k) }
        // No byte is `\` (0x5C): the code spells the name itself.
        guard !Self.hasBackslash(code) else { return internedNameID(k) }
        let slot = Int(truncatingIfNeeded: (code &* 0x9E37_79B9_7F4A_7C15) &>> nameCacheShift)
        let cached = nameCacheCodes[slot]
        if cached == code { return nameCacheIDs[slot] }
        let id = shortNameID(k, code: code)
        if cached == 0 { nameCache.noteFilled(slot) }
        nameCacheCodes[slot] = code
        nameCacheIDs[slot] = id
        return id
    }

    /// Whether a byte of `word` is `\` (0x5C).
    @inline(__always)
    private static func hasBackslash(_ word: UInt64) -> Bool {
        let x = word ^ 0x5C5C_5C5C_5C5C_5C5C
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// `nameID(_:)` for a name longer than 8 bytes (or a private name): a name of 9 to 16 bytes without escapes is
    /// found first in a second direct-mapped cache by its two words, the second with the bytes past the name zeroed
    /// (a name holds no zero byte, so the words tell its length too); others go to the identifier table.
    mutating func longNameID(_ k: Int) -> Int32 {
        let token = tokens[k]
        let start = token.start
        let length = token.end &- start
        guard token.kind != .privateName, length > 8, length <= 16, start <= bytes.count - 16, let base = bytes.baseAddress
        else { return internedNameID(k) }
        let first = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        let second =
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
            & (UInt64.max &>> UInt64(truncatingIfNeeded: 128 &- 8 &* length))
        guard !Self.hasBackslash(first), !Self.hasBackslash(second) else { return internedNameID(k) }
        let hash = (first ^ (second &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: hash &>> (nameCacheShift &+ 2))
        let cached = longNameCacheWords[2 &* slot]
        if cached == first, longNameCacheWords[2 &* slot &+ 1] == second { return longNameCacheIDs[slot] }
        let id = internedNameID(k)
        if cached == 0 { nameCache.noteFilled(SyntaxNameCache.maximumSlots &+ slot) }
        longNameCacheWords[2 &* slot] = first
        longNameCacheWords[2 &* slot &+ 1] = second
        longNameCacheIDs[slot] = id
        return id
    }

    /// `nameID(_:)` through the identifier table for a name of 1 to 8 bytes without escapes whose `TokenCode` is
    /// `code` (its hash computed from the code, its bytes not searched for `\` again).
    mutating func shortNameID(_ k: Int, code: UInt64) -> Int32 {
        let token = tokens[k]
        let start = token.start
        let end = min(token.end, bytes.count)
        return identifiers.id(of: UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, end)]), code: code)
    }

    /// `nameID(_:)` through the identifier table.
    mutating func internedNameID(_ k: Int) -> Int32 {
        let token = tokens[k]
        var start = token.start
        let end = min(token.end, bytes.count)
        if token.kind == .privateName { start += 1 }
        if Self.containsBackslash(bytes, start, end) {
            var decoded = JavaScriptStringLiteral.decodeEscapes(src[start..<end])
            return decoded.withUTF8 { identifiers.id(of: UnsafeRawBufferPointer($0)) }
        }
        return identifiers.id(of: UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, end)]))
    }

    /// Whether `bytes[start..<end]` holds a `\` (an escape), eight bytes at a time where it can.
    @inline(__always)
    private static func containsBackslash(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var j = start
        if let base = bytes.baseAddress {
            while end - j >= 8 {
                let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: j, as: UInt64.self)) ^ 0x5C5C_5C5C_5C5C_5C5C
                if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { return true }
                j += 8
            }
        }
        while j < end {
            if bytes[j] == 0x5C { return true }
            j += 1
        }
        return false
    }

    /// An `identifierName` node for token `i` (consumed). Inlined into its callers (a member's or a property's name,
    /// step 5i), and the token read unchecked after `nameID`'s range test.
    @inline(__always)
    package mutating func identifierName() -> Int32 {
        let k = i
        let name = nameID(k)
        let token = uncheckedToken(k)
        let node = nodes.add(SyntaxNode(.identifierName, start: token.start, end: token.end, a: name))
        i = k &+ 1
        return node
    }

    /// A module export name at `i`: an identifier name (reserved words too) or a string.
    mutating func moduleExportName() throws(JavaScriptSyntaxError) -> Int32 {
        guard let kind = kind(i) else { throw unexpected() }
        switch kind {
        case .identifier, .keyword:
            return identifierName()
        case .string:
            i += 1
            return addToken(.stringLiteral, i - 1)
        default:
            throw unexpected("expected a name")
        }
    }

    /// Whether the directive prologue starting at token `k` contains `"use strict"`.
    func hasUseStrictDirective(at k: Int) -> Bool {
        useStrictDirective(at: k) != nil
    }

    /// The token of the `"use strict"` directive in the prologue starting at token `k`, if there is one.
    package func useStrictDirective(at k: Int) -> Int? {
        var j = k
        while j < count, tokens[j].kind == .string {
            let next = j + 1
            let endsStatement = next >= count || tokenIs(next, ";") || tokenIs(next, "}") || tokens[next].newlineBefore
            guard endsStatement else { return nil }
            if tokenIs(j, "\"use strict\"") || tokenIs(j, "'use strict'") { return j }
            j = tokenIs(next, ";") ? next + 1 : next
        }
        return nil
    }
}

/// The children of the lists `SyntaxParserState` is building, innermost list last: a stack of node IDs that a finished
/// list is cut from (`children(from:)`, then `count` set back), in memory of its own. As an array, every push checked
/// the array's uniqueness and every cut went through `removeLast(_:)`'s general range replacement.
/// A child is parsed before the stack is named (`let child = try parse…(); scratch.append(child)`): named first, as
/// in `scratch.append(try parse…())`, the stack's reference was retained and released around the child's parse
/// (step 4o).
package final class SyntaxListStack {
    private var base: UnsafeMutablePointer<Int32>
    private var capacity: Int
    /// The number of children on the stack. Internal, as the buffer's count: a class's stored property that another
    /// module may reach is checked for exclusive access at run time (about 4% of a build's CPU time when these were
    /// `package`); the stages above read `isEmpty`.
    var count = 0

    /// Whether the stack holds no child.
    package var isEmpty: Bool { count == 0 }

    package init() {
        capacity = 256
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    package func append(_ child: Int32) {
        if count == capacity { grow() }
        base[count] = child
        count += 1
    }

    /// Removes the top child and returns it (the stack must not be empty).
    @inline(__always)
    package func removeLast() -> Int32 {
        precondition(count > 0, "removeLast on an empty stack")
        count -= 1
        return base[count]
    }

    /// The children from position `start` to the top.
    @inline(__always)
    package func children(from start: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

/// The memory of `SyntaxParserState`'s name caches: `maximumSlots` codes and IDs for names of up to 8 bytes, a quarter
/// as many pairs of words and IDs for names of 9 to 16 bytes (a parse of a short source uses the first slots only),
/// and the list of the slots the parse filled. Empty slots are zero. The memory is one block, taken from a pool of
/// blocks earlier parses gave back (`calloc`'s when the pool is empty): a parse empties the slots it filled when it
/// gives its block back, so no parse zeroes the whole block (step 4y: `calloc` zeroed each parse's caches, 36.9 M
/// instructions of `memset` on the large tree, counted a byte at a time).
final class SyntaxNameCache {
    /// The short cache's slots in a block; a parse uses a power of two of them, at least 4.
    static let maximumSlots = 2048
    package let codes: UnsafeMutablePointer<UInt64>
    let longWords: UnsafeMutablePointer<UInt64>
    package let ids: UnsafeMutablePointer<Int32>
    let longIDs: UnsafeMutablePointer<Int32>
    /// The slots filled, in the order they were (a long slot `s` as `maximumSlots + s`): each at most once, since a
    /// slot filled is never emptied during the parse.
    private let filled: UnsafeMutablePointer<Int32>
    private var filledCount = 0
    private let block: UnsafeMutableRawPointer
    /// Whether `block` is `calloc`'s (else Swift's allocator's, zeroed here, and not given back to the pool).
    private let isCalloc: Bool

    /// 8 + 4 bytes a short slot, 16 + 4 a long one (a quarter as many), 4 a filled slot of either kind.
    private static let byteCount = 12 * maximumSlots + 20 * (maximumSlots / 4) + 4 * (maximumSlots + maximumSlots / 4)

    private final class Pool: @unchecked Sendable {
        private let lock = NSLock()
        private var blocks: [UnsafeMutableRawPointer] = []

        /// A block given back, if there is one.
        package func take() -> UnsafeMutableRawPointer? {
            lock.lock()
            defer { lock.unlock() }
            return blocks.popLast()
        }

        /// Keeps `block` (its slots empty) for a later parse; false when the pool holds enough blocks already (as many
        /// as parses ran at once, at most 16).
        package func giveBack(_ block: UnsafeMutableRawPointer) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard blocks.count < 16 else { return false }
            blocks.append(block)
            return true
        }
    }

    private static let pool = Pool()

    /// Caches with every slot empty.
    package init() {
        if let given = Self.pool.take() {
            block = given
            isCalloc = true
        } else if let zeroed = calloc(Self.byteCount, 1) {
            block = zeroed
            isCalloc = true
        } else {
            block = .allocate(byteCount: Self.byteCount, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
            isCalloc = false
        }
        let slots = Self.maximumSlots
        codes = block.assumingMemoryBound(to: UInt64.self)
        longWords = (block + 8 &* slots).assumingMemoryBound(to: UInt64.self)
        ids = (block + 12 &* slots).assumingMemoryBound(to: Int32.self)
        longIDs = (block + 16 &* slots).assumingMemoryBound(to: Int32.self)
        filled = (block + 17 &* slots).assumingMemoryBound(to: Int32.self)
    }

    /// Notes that slot `slot` (a long slot `s` as `maximumSlots + s`), empty until now, is filled.
    @inline(__always)
    func noteFilled(_ slot: Int) {
        filled[filledCount] = Int32(truncatingIfNeeded: slot)
        filledCount &+= 1
    }

    deinit {
        let slots = Self.maximumSlots
        for k in 0..<filledCount {
            let slot = Int(filled[k])
            if slot < slots {
                codes[slot] = 0
            } else {
                longWords[2 &* (slot &- slots)] = 0
                longWords[2 &* (slot &- slots) &+ 1] = 0
            }
        }
        if !isCalloc {
            block.deallocate()
        } else if !Self.pool.giveBack(block) {
            free(block)
        }
    }
}

/// Storage of `SyntaxParserState` for what it appends while it parses (nodes, lists, scopes, symbols, references and
/// their facts). The nodes and lists are written into the arrays the tree gets (the caller's storage, see
/// `SyntaxParser.parsed`) while they fit, then moved to memory of the buffer's own (`writesInto(_:)`, `array(capacity:)`),
/// as the scanner does with its tokens. In the tree's arrays, stored in the state, every append checked the array's
/// uniqueness (a runtime call) and its capacity, and every write through `tree.nodes[...]` the uniqueness again. The
/// elements are plain values (nothing to release). Indexes are the parser's own node, list, scope, symbol and reference
/// IDs, always in range.
final class SyntaxParserBuffer<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Whether `base` is the buffer's own memory (not the caller's).
    private var ownsStorage: Bool
    /// The number of elements (internal: see `SyntaxListStack.count`).
    private(set) var count = 0

    /// A buffer in memory of its own, with room for `capacity` elements first.
    package init(capacity: Int) {
        self.capacity = max(capacity, 8)
        base = .allocate(capacity: self.capacity)
        ownsStorage = true
    }

    /// A buffer that writes into `storage` (room for `capacity`, the caller's) while its elements fit.
    package init(storage: UnsafeMutablePointer<Element>, capacity: Int) {
        base = storage
        self.capacity = capacity
        ownsStorage = false
    }

    deinit {
        if ownsStorage {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Whether the elements are still in `storage` (the caller's), not moved to memory of the buffer's own.
    func writesInto(_ storage: UnsafeMutablePointer<Element>?) -> Bool { !ownsStorage && base == storage }

    /// Appends `element` and returns its index.
    @inline(__always) @discardableResult
    package func add(_ element: Element) -> Int32 {
        if count == capacity { grow(to: count &+ 1) }
        (base + count).initialize(to: element)
        count &+= 1
        return Int32(truncatingIfNeeded: count &- 1)
    }

    /// Appends the elements of `elements` (one at a time for a short list: a call of `memcpy` costs more there).
    @inline(__always)
    package func add(contentsOf elements: UnsafeBufferPointer<Element>) {
        let n = elements.count
        if count &+ n > capacity { grow(to: count &+ n) }
        guard let source = elements.baseAddress else { return }
        let target = base + count
        if n <= 8 {
            for k in 0..<n { (target + k).initialize(to: source[k]) }
        } else {
            target.initialize(from: source, count: n)
        }
        count &+= n
    }

    @inline(__always)
    package subscript(_ index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            assert(index >= 0 && index < count, "index out of range")
            return base + index
        }
    }

    /// The elements `start..<start + length` (valid until the next append).
    @inline(__always)
    package func elements(from start: Int, count length: Int) -> UnsafeBufferPointer<Element> {
        precondition(start >= 0 && length >= 0 && start + length <= count, "range out of bounds")
        return UnsafeBufferPointer(start: base + start, count: length)
    }

    /// The elements, copied into an array with room for at least `capacity`.
    package func array(capacity wanted: Int = 0) -> [Element] {
        let n = count
        let source = base
        return [Element](unsafeUninitializedCapacity: max(n, wanted)) { buffer, initialized in
            if let target = buffer.baseAddress { target.initialize(from: source, count: n) }
            initialized = n
        }
    }

    /// Moves the elements to memory of the buffer's own with room for at least `needed`.
    @inline(never)
    private func grow(to needed: Int) {
        var larger = max(16, capacity * 2)
        while larger < needed { larger *= 2 }
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        storage.moveInitialize(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = storage
        capacity = larger
        ownsStorage = true
    }
}
