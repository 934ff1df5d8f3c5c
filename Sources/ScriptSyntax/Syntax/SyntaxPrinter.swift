import WKPackSupport

/// Writes a `SyntaxTree` back as JavaScript: readable (indented, a statement a line) or minified (no
/// whitespace that is not needed). Parentheses come from precedence, not from the source, so a tree that
/// later passes rewrite prints correctly; literals, names and template parts are copied from the source
/// text of their nodes. Legal comments are printed before the statement they stood before, and calls
/// flagged `pure` get a `/* @__PURE__ */` annotation.
public struct SyntaxPrinter {
    /// How the output is laid out.
    public enum Style: Sendable {
        /// Indented, one statement a line.
        case readable
        /// Without whitespace that is not needed.
        case minified
    }

    /// Prints `tree` in `style`. Printing runs on a large-stack thread, as parsing does: a chain of binary operators
    /// parses without nesting but prints recursively, one level an operator.
    public static func print(_ tree: SyntaxTree, style: Style = .readable) -> String {
        LargeStack.run { printInline(tree, style: style) } ?? printInline(tree, style: style)
    }

    private static func printInline(_ tree: SyntaxTree, style: Style) -> String {
        var printer = SyntaxPrinter(tree: tree, style: style)
        printer.printProgram()
        return printer.out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// Prints `tree` in `style` and returns, with the code, the mappings recorded while printing: one at the
    /// start of each statement, expression, identifier, literal and template part that has a source range, in
    /// generated order (the innermost node where several start at one position). A built node maps to the
    /// range of the node it replaced; one without a range (a helper's) is not mapped. The code is the same as
    /// `print` writes. Printing runs on a large-stack thread, as `print`'s does.
    public static func printWithMappings(_ tree: SyntaxTree, style: Style = .readable) -> (code: String, mappings: [SyntaxPrintedMapping]) {
        LargeStack.run { printWithMappingsInline(tree, style: style) } ?? printWithMappingsInline(tree, style: style)
    }

    private static func printWithMappingsInline(
        _ tree: SyntaxTree, style: Style
    ) -> (code: String, mappings: [SyntaxPrintedMapping]) {
        // About one mapping per node of lowered code: reserved, so the table is not copied as it grows.
        var printer = SyntaxPrinter(tree: tree, style: style, mappingCapacity: tree.nodes.count)
        printer.recording = true
        printer.printProgram()
        let code = printer.out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        var mappings = printer.mappings.map { $0.printed(in: tree) }
        for keyword in printer.keywordOffsets { mappings[keyword.index].originalOffset = Int(keyword.offset) }
        return (code, mappings)
    }

    /// Prints `tree` minified as the tree minifier writes a piece: each symbol with a name in `symbolNames` (indexed
    /// by symbol; empty for none) under that name, each private name with one in `privateNames` (by name ID) so (a shorthand property `{a}` as `{a:b}`; its mapping keeps the
    /// original name), no legal comments (the minifier collects them apart), and the print-time choices of
    /// `compact`; number and string literals as `SyntaxLiteralText.shortest` writes them when `minifiesLiterals`. Mappings
    /// are recorded when `recordsMappings`;
    /// `tokens`: the tokens of the tree's source (any subset, in source order, such as the parse's), whose lines and
    /// columns are the original positions of the nodes starting at them (the others are counted in the source).
    /// With the code, its line count (its line terminators) and the UTF-16 length of its last line, without the
    /// closing line break (which a piece leaves to the composer): counted on from the last mapping's position, so a
    /// mapped piece's lines are counted once, while printing.
    package static func printMinified(
        _ tree: SyntaxTree, symbolNames: [[UInt8]?], privateNames: [[UInt8]?] = [], recordsMappings: Bool,
        tokens: [JavaScriptToken] = [], minifiesLiterals: Bool = false
    ) -> (code: [UInt8], mappings: SyntaxPrinterMappings, lineCount: Int, lastLineColumn: Int) {
        var slots: [NameSlot] = []
        return printMinified(
            tree, symbolNames: symbolNames, privateNames: privateNames, recordsMappings: recordsMappings, tokens: tokens,
            minifiesLiterals: minifiesLiterals, slotOfName: [], nameSlots: &slots)
    }

    /// Where `printMinified` wrote a name that another bundle spells otherwise (a template's slot, issue 41 step 4i):
    /// a renamed symbol's new name, or a name of `slotOfName`.
    package struct NameSlot: Equatable {
        /// Byte offset of the name in the printed code.
        package var offset: Int32
        /// The renamed symbol, or -1.
        package var symbol: Int32
        /// The slot of the name (`slotOfName`), or -1.
        package var slot: Int32
        /// How many mappings were recorded once the name was written (its own included).
        package var mappingCount: Int32
    }

    /// `printMinified`, listing in `nameSlots` (in the order written) every renamed symbol's name it writes and every
    /// identifier or binding identifier whose name ID has a slot in `slotOfName` (by name ID, -1 for none; empty: list
    /// only the renamed symbols' names, and only when `slotOfName` is not empty).
    package static func printMinified(
        _ tree: SyntaxTree, symbolNames: [[UInt8]?], privateNames: [[UInt8]?], recordsMappings: Bool, tokens: [JavaScriptToken],
        minifiesLiterals: Bool, slotOfName: [Int32], nameSlots: inout [NameSlot]
    ) -> (code: [UInt8], mappings: SyntaxPrinterMappings, lineCount: Int, lastLineColumn: Int) {
        // About one mapping a node (a mapping is recorded for a marked node): the table rarely grows. Made once (step
        // 5m: the printer made an empty table first, two allocations).
        var printer = SyntaxPrinter(tree: tree, style: .minified, mappingCapacity: recordsMappings ? tree.nodes.count : 0)
        printer.slotOfName = slotOfName
        printer.minifiesLiterals = minifiesLiterals
        if !slotOfName.isEmpty {
            // At most one slot a name written: room for about that many (step 5m: the list grew from empty, about a
            // dozen allocations a piece).
            printer.nameSlots.reserveCapacity(tree.references.count + tree.symbols.count)
        }
        printer.comments = [:]
        printer.symbolNames = symbolNames
        if !symbolNames.isEmpty {
            // The new names in one run of bytes, read in place when printed: an emitted `[UInt8]` was retained and
            // released, and appended by a call.
            printer.renamedSpans = [UInt64](repeating: SyntaxPrinter.notRenamed, count: symbolNames.count)
            printer.renamedBytes.reserveCapacity(2 * symbolNames.count)
            for (symbol, name) in symbolNames.enumerated() {
                guard let name else { continue }
                printer.renamedSpans[symbol] = UInt64(printer.renamedBytes.count) << 32 | UInt64(name.count)
                printer.renamedBytes.append(contentsOf: name)
            }
        }
        printer.privateNames = privateNames
        printer.compact = true
        if !symbolNames.isEmpty {
            printer.referencedSymbols = [Bool](repeating: false, count: tree.symbols.count)
            for reference in tree.references where reference.symbol >= 0 { printer.referencedSymbols[Int(reference.symbol)] = true }
        }
        if recordsMappings {
            printer.recording = true
            printer.tokens = tokens
        }
        printer.printProgram()
        nameSlots = printer.nameSlots
        // The lines after the last mapping (all of them when there is none), up to the closing line break.
        var line = printer.generatedLine, column = printer.generatedColumn
        let end = printer.out.last == 0x0A ? printer.out.count - 1 : printer.out.count
        printer.out.advance(from: printer.counted, to: end, line: &line, column: &column)
        return (printer.out.bytes, printer.mappings, line, column)
    }

    package let tree: SyntaxTree
    package let minified: Bool
    /// Per symbol, the name printed for its declarations and references instead of its own (`nil`: its own); empty
    /// when nothing is renamed.
    package var symbolNames: [[UInt8]?] = []
    /// `symbolNames` as spans of `renamedBytes`: per symbol, the start of its new name there (high 32 bits) and its
    /// length (low 32 bits), or `notRenamed`; empty when `symbolNames` is.
    var renamedSpans: [UInt64] = []
    var renamedBytes: [UInt8] = []
    static let notRenamed = UInt64.max
    /// Per name ID, the template slot of the name (-1 for none), and the names written in slots (`NameSlot`); empty
    /// when no template is made.
    package var slotOfName: [Int32] = []
    package var nameSlots: [NameSlot] = []
    /// Per name ID, the spelling (without `#`) printed for private names of that name instead of their own (`nil`:
    /// their own); empty when none is renamed.
    package var privateNames: [[UInt8]?] = []
    /// The string literal that is the whole expression of the expression statement being printed (no template there).
    var statementString: Int32 = -1
    /// Per symbol, whether a reference of the parse resolves to it (filled by `printMinified` when it renames).
    var referencedSymbols: [Bool] = []
    /// The tree minifier's print-time choices (`printMinified`): no `;` before a `}` or at the end of the program,
    /// no space after a keyword that the next byte does not need, unwritten local `const`s as `let`, `true` and
    /// `false` as `!0` and `!1`, `a=>` for one plain arrow parameter, `new C` for `new C()`, quoted keys that are
    /// identifier names unquoted.
    var compact = false
    /// Whether a number or string literal in an expression is written as the tree minifier chooses
    /// (`SyntaxLiteralText.shortest`, called directly with the literal's bytes in place; step 5m: a closure given a slice
    /// of the source retained and released the source, and the closure's context, per literal). A string literal where
    /// a template literal may stand instead is passed as `.templateLiteral`.
    package var minifiesLiterals = false
    package var out: SyntaxOutputBuffer
    package var indentation = 0
    /// The legal comments before each statement.
    package var comments: [Int32: [SourceRange]] = [:]
    /// Whether mappings are recorded (`printWithMappings`).
    var recording = false
    /// The node whose mapping is written at the next byte that is not whitespace, or -1.
    package var pending: Int32 = -1
    /// The source offset the pending mapping maps to instead of its node's start (a keyword after the node's first
    /// token, such as `get` of `static get a(){}`: `markToken`), or -1.
    var pendingOffset: Int32 = -1
    /// The mappings recorded at such a keyword (their index in `mappings`) with its source offset, which `printWithMappings` gives as their `originalOffset` (not their node's start).
    var keywordOffsets: [(index: Int, offset: Int32)] = []
    /// The recorded mappings, in generated order.
    package var mappings: SyntaxPrinterMappings
    /// How far `out` has been counted into `generatedLine` and `generatedColumn`.
    package var counted = 0
    package var generatedLine = 0
    package var generatedColumn = 0
    /// The source's line starts, made at the first original position asked for when the printer has no tokens (not
    /// optional: it is asked in place).
    var lineTable = SyntaxLineTable([])
    var hasLineTable = false
    /// Tokens of the source in source order (`printMinified`'s `tokens`), and the one the last position was found at.
    package var tokens: [JavaScriptToken] = []
    var tokenCursor = 0
    /// The last position counted from a token (`position(afterTokenBefore:)`): byte offset (-1 for none), line, column.
    var betweenTokens: (offset: Int, line: Int, column: Int) = (-1, 0, 0)

    package init(tree: SyntaxTree, style: Style, mappingCapacity: Int = 0) {
        self.tree = tree
        minified = style == .minified
        out = SyntaxOutputBuffer(capacity: tree.source.count)
        mappings = SyntaxPrinterMappings(capacity: mappingCapacity)
        for comment in tree.legalComments { comments[comment.statement, default: []].append(comment.range) }
    }

    // MARK: - Output

    /// Whether `b` can be part of a word (a name, a keyword or a number): a digit, an ASCII letter, `_`, `$`, `\\` or
    /// any byte from 0x80 on. A bit of two masks (step 4p: the seven range tests were about twenty instructions where
    /// the space before a name is decided).
    @_transparent
    @inlinable package static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || ((b < 64 ? wordBytesLow : wordBytesHigh) >> UInt64(b & 63)) & 1 != 0
    }

    /// The word bytes below 64 (`$`, digits) and from 64 to 127 (letters, `\\`, `_`), one bit each.
    @inlinable package static var wordBytesLow: UInt64 { 1 << 0x24 | 0x3FF << 0x30 }
    @inlinable package static var wordBytesHigh: UInt64 {
        0x3FF_FFFF << (0x41 - 64) | 1 << (0x5C - 64) | 1 << (0x5F - 64) | 0x3FF_FFFF << (0x61 - 64)
    }

    /// Inlined where it is called, always (`@_transparent`: `printBare` is too large for the optimizer to inline
    /// into): the text is a literal there, so its length, its first byte and the space test are constants, and a byte
    /// that joins nothing (`(`, `,`, `.`, `;`, `=`, `{`) written with no mapping pending is a capacity check and a
    /// store. A call cost about 68 instructions (467,737 calls in a production build of the firefox-shaped tree).
    @_transparent
    package mutating func emit(_ text: StaticString) {
        if text.utf8CodeUnitCount == 1, pending < 0, !SyntaxOutputBuffer.mayJoin(text.utf8Start[0]) {
            out.append(text.utf8Start[0])
        } else {
            emitText(text)
        }
    }

    /// `emit(_:)` for any text.
    @inline(never)
    mutating func emitText(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        guard count > 0 else { return }
        let start = text.utf8Start
        if out.needsSpace(before: start[0]) { out.append(0x20) }
        if pending >= 0 { recordPending() }
        append(UnsafeBufferPointer(start: start, count: count))
    }

    /// Writes `text` like `emit(_:)` (named apart so that a literal argument is a `StaticString`: the default
    /// literal type would otherwise choose this overload, making a `String` of every `(` and `,`).
    package mutating func emit(string text: String) {
        var text = text
        text.withUTF8 { buffer in
            if let first = buffer.first, out.needsSpace(before: first) { out.append(0x20) }
            if pending >= 0 { recordPending() }
            append(buffer)
        }
    }

    /// Appends `bytes` to `out` (one capacity check; a few bytes are copied as words or bytes in place, step 4p: a
    /// byte at a time, each with its capacity check and count, before).
    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        out.append(contentsOf: bytes)
    }

    /// `/* @__PURE__ */ ` before a call: written like `emit`, but a pending mapping stays for the call's callee.
    mutating func emitPureAnnotation() {
        let text: StaticString = "/* @__PURE__ */ "
        text.withUTF8Buffer { buffer in
            if out.needsSpace(before: 0x2F) { out.append(0x20) }
            out.append(contentsOf: buffer)
        }
    }

    // MARK: - Mappings

    /// Notes that node `id` starts at the next byte written (when recording and `id` has a source range).
    @inline(__always)
    package mutating func mark(_ id: Int32) {
        guard recording else { return }
        let node = tree[id]
        if node.start < node.end { pending = id }
    }

    /// Notes that the next byte written starts token `index` of node `id` (0: the node's first token), a keyword that
    /// no node of its own starts at (`static`, `async`, `get` or `set` of a class member or an object's method), so
    /// that the keyword has a mapping of its own, at its source position. The tokens before it from the node's start
    /// are keywords or `*`.
    mutating func markToken(_ index: Int, of id: Int32) {
        guard recording else { return }
        let node = tree[id]
        guard node.start < node.end else { return }
        if index == 0 {
            pending = id
            return
        }
        let source = tree.source
        var offset = Int(node.start)
        for _ in 0..<index {
            // Past the keyword or `*`, then past white space and comments.
            if offset < source.count, source[offset] == 0x2A {
                offset += 1
            } else {
                while offset < source.count, Self.isWordByte(source[offset]) { offset += 1 }
            }
            guard let next = Self.tokenStart(from: offset, in: source), next < Int(node.end) else { return }
            offset = next
        }
        pending = id
        pendingOffset = Int32(truncatingIfNeeded: offset)
    }

    /// Notes that the next byte written is keyword `word` (`of` of `for (a of b)`), which stands in the source as the
    /// first token from `offset` (the end of the node before it), so that it maps there; `id` is the node it belongs
    /// to. Nothing is noted where that token is not `word` (the node before it was in parentheses).
    mutating func markWord(_ word: StaticString, from offset: UInt32, of id: Int32) {
        guard recording, let start = Self.tokenStart(from: Int(offset), in: tree.source) else { return }
        let source = tree.source
        let count = word.utf8CodeUnitCount
        guard start + count <= source.count, start < Int(tree[id].end) else { return }
        for k in 0..<count where source[start + k] != word.utf8Start[k] { return }
        if start + count < source.count, Self.isWordByte(source[start + count]) { return }
        pending = id
        pendingOffset = Int32(truncatingIfNeeded: start)
    }

    /// The offset of the first token of `source` from `offset`, past white space and comments (read from the source,
    /// so that the mappings are the same with and without the source's tokens); `nil` at the end.
    package static func tokenStart(from offset: Int, in source: [UInt8]) -> Int? {
        let count = source.count
        var i = offset
        while i < count {
            let b = source[i]
            switch b {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                i += 1
            case 0x2F where i + 1 < count && source[i + 1] == 0x2F:
                // To the line terminator (LF, CR, U+2028, U+2029), which the loop then skips.
                i += 2
                while i < count, source[i] != 0x0A, source[i] != 0x0D,
                    !(source[i] == 0xE2 && i + 2 < count && source[i + 1] == 0x80 && (source[i + 2] | 1) == 0xA9)
                {
                    i += 1
                }
            case 0x2F where i + 1 < count && source[i + 1] == 0x2A:
                i += 2
                while i + 1 < count, !(source[i] == 0x2A && source[i + 1] == 0x2F) { i += 1 }
                guard i + 1 < count else { return nil }
                i += 2
            case 0xC2 where i + 1 < count && source[i + 1] == 0xA0:
                i += 2
            case 0xE1, 0xE2, 0xE3, 0xEF:
                // U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF: the other white space.
                guard i + 2 < count else { return i }
                let (b1, b2) = (source[i + 1], source[i + 2])
                let isSpace: Bool
                switch b {
                case 0xE1: isSpace = b1 == 0x9A && b2 == 0x80
                case 0xE2: isSpace = (b1 == 0x80 && (b2 <= 0x8A || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF)) || (b1 == 0x81 && b2 == 0x9F)
                case 0xE3: isSpace = b1 == 0x80 && b2 == 0x80
                default: isSpace = b1 == 0xBB && b2 == 0xBF
                }
                guard isSpace else { return i }
                i += 3
            default:
                return i
            }
        }
        return nil
    }

    /// Records the pending node's mapping at the end of `out` (only while recording: a node is pending only then).
    @inline(never)
    mutating func recordPending() {
        let id = pending
        pending = -1
        let node = tree[id]
        record(id, start: node.start, named: originalName(id, node))
    }

    /// Records the mapping of node `id` (no longer pending), which starts at byte `nodeStart` of the source, with
    /// `name` (as `SyntaxNodeMapping.name` holds it), at the end of `out`. `emitSource`, where most mappings are
    /// recorded, calls it for the node it has just read (step 4p): no second read of the node, no look-up of its name
    /// (`originalName`), which `emitSource` knows. Inlined always (`@_transparent`; step 4w: `@inline(__always)` left it
    /// a function of its own, called from `emitSource`, its entry, spills and exit about 25 instructions a mapping).
    @_transparent
    package mutating func record(_ id: Int32, start nodeStart: UInt32, named name: Int32) {
        let end = out.count
        // At the last mapping's offset (nothing written since, or only a `;` that was dropped again), the mapping
        // replaces it (step 4p: one comparison of offsets, not of the last mapping's line and column).
        let replaces = end == counted && mappings.count > 0
        var line = generatedLine, column = generatedColumn
        out.advance(from: counted, to: end, line: &line, column: &column)
        (generatedLine, generatedColumn) = (line, column)
        counted = end
        var start = Int(nodeStart)
        let isKeyword = pendingOffset >= 0
        if isKeyword {
            start = Int(pendingOffset)
            pendingOffset = -1
        }
        let original = originalPosition(of: start)
        var mapping = SyntaxNodeMapping(
            generatedLine: Int32(truncatingIfNeeded: line), generatedColumn: Int32(truncatingIfNeeded: column),
            originalLine: Int32(truncatingIfNeeded: original.line), originalColumn: Int32(truncatingIfNeeded: original.column),
            node: id, name: name)
        if replaces {
            if mapping.name == SyntaxNodeMapping.none { mapping.name = mappings.last.name }
            mappings.replaceLast(with: mapping)
        } else {
            mappings.append(mapping)
        }
        if isKeyword { keywordOffsets.append((mappings.count - 1, Int32(truncatingIfNeeded: start))) }
    }

    /// The 0-based line and UTF-16 column of byte `offset` of the source: the position of the token starting there,
    /// or counted in the source's line table.
    @inline(__always)
    private mutating func originalPosition(of offset: Int) -> (line: Int, column: Int) {
        if !tokens.isEmpty {
            // Read through a pointer, in the mapping step (a call of its own spilled the step's values, and each token
            // read checked the array's bounds).
            var cursor = tokenCursor
            let found: (line: Int, column: Int)? = tokens.withUnsafeBufferPointer { tokens in
                guard let index = Self.tokenIndex(startingAt: offset, in: tokens, from: cursor) else { return nil }
                cursor = index
                let token = tokens[index]
                return (token.line &- 1, token.column)
            }
            tokenCursor = cursor
            if let found { return found }
            return position(afterTokenBefore: offset)
        }
        if !hasLineTable {
            lineTable = SyntaxLineTable(tree.source)
            hasLineTable = true
        }
        // In place: the table keeps where it last counted.
        return lineTable.position(of: offset)
    }

    /// The 0-based line and UTF-16 column of byte `offset` of the source, which no token of `tokens` (not empty) starts
    /// at (a built node placed inside a token or between two): counted on from the last token starting before it, or
    /// from the last position counted so when that lies between the two (a template's parts, in order). Before, the
    /// first such node made a table of the whole source's line starts (72 M instructions for 738 pieces of the large
    /// tree's production build, for about 45,000 positions); the positions are the same.
    @inline(never)
    private mutating func position(afterTokenBefore offset: Int) -> (line: Int, column: Int) {
        let source = tree.source
        let end = min(offset, source.count)
        var (i, line, column) = (0, 0, 0)
        tokens.withUnsafeBufferPointer { tokens in
            var (low, high) = (0, tokens.count)
            while low < high {
                let middle = (low &+ high) / 2
                if tokens[middle].start < end { low = middle &+ 1 } else { high = middle }
            }
            if low > 0 {
                let token = tokens[low &- 1]
                (i, line, column) = (token.start, token.line &- 1, token.column)
            }
        }
        if betweenTokens.offset >= i, betweenTokens.offset <= end { (i, line, column) = betweenTokens }
        source.withUnsafeBufferPointer { bytes in
            while i < end {
                let b = bytes[i]
                if b == 0x0A || b == 0x0D || b == 0xE2 {
                    // A line terminator ending after `offset` does not start a line before it (as in `SyntaxLineTable`).
                    let length = LineTerminator.length(bytes, at: i, end: bytes.count)
                    if length > 0, i &+ length <= end {
                        i &+= length
                        line &+= 1
                        column = 0
                        continue
                    }
                }
                column &+= SyntaxPrintedMapping.utf16Units(b)
                i &+= 1
            }
        }
        betweenTokens = (end, line, column)
        return (line, column)
    }

    /// The index of the token of `tokens` starting at byte `offset`, if one does: looked for a few tokens on from
    /// `cursor`, the last one found (nodes are mapped in about source order), else by bisection.
    @inline(__always)
    private static func tokenIndex(startingAt offset: Int, in tokens: UnsafeBufferPointer<JavaScriptToken>, from cursor: Int) -> Int? {
        var index = cursor
        let limit = min(index &+ 8, tokens.count)
        while index < limit, tokens[index].start < offset { index &+= 1 }
        if index < limit, tokens[index].start == offset { return index }
        return bisect(offset, in: tokens)
    }

    /// The index of the token of `tokens` starting at byte `offset`, found by bisection, if one does.
    @inline(never)
    private static func bisect(_ offset: Int, in tokens: UnsafeBufferPointer<JavaScriptToken>) -> Int? {
        var (low, high) = (0, tokens.count)
        while low < high {
            let middle = (low &+ high) / 2
            if tokens[middle].start < offset { low = middle &+ 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low].start == offset else { return nil }
        return low
    }

    /// The source text of built identifier `id` (`node`) when it is a name that differs from the printed one (for a
    /// renamed symbol's identifier, its name), as `SyntaxNodeMapping.name` holds it.
    @inline(__always)
    private func originalName(_ id: Int32, _ node: SyntaxNode) -> Int32 {
        // Only names have one (most mapped nodes are other expressions and statements).
        switch node.kind {
        case .identifier, .identifierName, .bindingIdentifier: break
        default: return SyntaxNodeMapping.none
        }
        if !symbolNames.isEmpty, newName(of: id) != nil { return node.a }
        guard node.flags.contains(.synthetic) else { return SyntaxNodeMapping.none }
        let original = tree.source[Int(node.start)..<Int(node.end)]
        guard let first = original.first, !(first >= 0x30 && first <= 0x39), original.allSatisfy(Self.isWordByte) else {
            return SyntaxNodeMapping.none
        }
        guard !tree.names[Int(node.a)].utf8.elementsEqual(original) else { return SyntaxNodeMapping.none }
        return SyntaxNodeMapping.sourceText(of: id)
    }

    /// The symbol identifier or binding identifier `id` names, or -1.
    @inline(__always)
    package func symbol(of id: Int32) -> Int32 {
        let node = tree[id]
        switch node.kind {
        case .bindingIdentifier: return node.b
        case .identifier: return node.b >= 0 ? tree.references[Int(node.b)].symbol : -1
        default: return -1
        }
    }

    /// The name `symbolNames` gives identifier or binding identifier `id`, if any.
    @inline(__always)
    package func newName(of id: Int32) -> [UInt8]? {
        let symbol = symbol(of: id)
        guard symbol >= 0, Int(symbol) < symbolNames.count else { return nil }
        return symbolNames[Int(symbol)]
    }

    /// The source text of node `id` (a renamed symbol's new name).
    mutating func emitSource(_ id: Int32) {
        let node = tree[id]
        // `mark(id)` on the node read once (its read and bounds check were done twice).
        if recording, node.start < node.end { pending = id }
        if !renamedSpans.isEmpty {
            let renamed = Int(symbol(of: id))
            if renamed >= 0, renamed < renamedSpans.count, renamedSpans[renamed] != Self.notRenamed {
                let span = renamedSpans[renamed]
                let start = Int(truncatingIfNeeded: span >> 32), end = start + Int(truncatingIfNeeded: span & 0xFFFF_FFFF)
                if start < end, out.needsSpace(before: renamedBytes[start]) { out.append(0x20) }
                // A renamed name's mapping is named by its name ID (as `originalName` finds it).
                if pending == id {
                    pending = -1
                    record(id, start: node.start, named: node.a)
                } else if pending >= 0 {
                    recordPending()
                }
                out.append(renamedBytes, from: start, to: end)
                if !slotOfName.isEmpty { noteSlot(symbol: Int32(truncatingIfNeeded: renamed), slot: -1, length: end - start) }
                return
            }
        }
        if node.kind == .privateName, Int(node.a) < privateNames.count, let name = privateNames[Int(node.a)] {
            emit("#")
            out.append(contentsOf: name)
            return
        }
        if node.flags.contains(.synthetic) {
            // A built node: its text is its name (a private name's without the `#`).
            if node.kind == .privateName { emit("#") }
            emit(string: tree.names[Int(node.a)])
            if !slotOfName.isEmpty, node.kind == .identifier || node.kind == .bindingIdentifier, Int(node.a) < slotOfName.count,
                slotOfName[Int(node.a)] >= 0
            {
                noteSlot(symbol: -1, slot: slotOfName[Int(node.a)], length: tree.names[Int(node.a)].utf8.count)
            }
            return
        }
        let start = Int(node.start), end = Int(node.end)
        guard start < end else { return }
        if out.needsSpace(before: tree.source[start]) { out.append(0x20) }
        // A parsed node not renamed has no name of its own in the map.
        if pending == id {
            pending = -1
            record(id, start: node.start, named: SyntaxNodeMapping.none)
        } else if pending >= 0 {
            recordPending()
        }
        out.append(tree.source, from: start, to: end)
    }

    /// The first byte of leaf `node`'s text (its source's, or a built leaf's name's), 0 for none.
    @inline(__always)
    func firstByte(of node: SyntaxNode) -> UInt8 {
        if node.flags.contains(.synthetic) { return tree.names[Int(node.a)].utf8.first ?? 0 }
        return node.start < node.end ? tree.source[Int(node.start)] : 0
    }

    /// The text `SyntaxLiteralText.shortest` gives literal `node` of `tree` as `kind`, read from the source in place.
    /// Static, reading only the tree (a method of the printer called from a mutating one copied the printer).
    @inline(never)
    static func minifiedLiteral(_ tree: SyntaxTree, _ kind: SyntaxKind, _ node: SyntaxNode) -> [UInt8]? {
        if node.flags.contains(.synthetic) {
            return Array(tree.names[Int(node.a)].utf8).withUnsafeBufferPointer { SyntaxLiteralText.shortest(kind, $0) }
        }
        let start = Int(node.start), end = Int(node.end)
        guard start <= end, end <= tree.source.count else { return nil }
        return tree.source.withUnsafeBufferPointer { SyntaxLiteralText.shortest(kind, UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Lists the name of `length` bytes just written as a slot (`nameSlots`).
    @inline(never)
    private mutating func noteSlot(symbol: Int32, slot: Int32, length: Int) {
        nameSlots.append(
            NameSlot(
                offset: Int32(truncatingIfNeeded: out.count - length), symbol: symbol, slot: slot,
                mappingCount: Int32(truncatingIfNeeded: mappings.count)))
    }

    /// The space after a keyword or a name. Compact printing leaves it to `emit`, which writes one where the next
    /// byte would join the word (`return a`, but `return[a]`, `case-1`).
    @inline(__always)
    mutating func keywordSpace() {
        if !compact { out.append(0x20) }
    }

    /// A keyword between two operands (`of`, `in`, `extends`): with spaces on both sides, or compact, only where a
    /// neighbouring byte would join it (`[a,b]of c`, `of[1,2]`, `extends(b)`).
    mutating func emitSpacedKeyword(_ keyword: StaticString) {
        if !compact { out.append(0x20) }
        emit(keyword)
        keywordSpace()
    }

    /// A space in readable output.
    @inline(__always)
    package mutating func space() {
        if !minified { out.append(0x20) }
    }

    package mutating func newline() {
        if minified { return }
        out.append(0x0A)
        for _ in 0..<indentation {
            out.append(0x20)
            out.append(0x20)
        }
    }

    // MARK: - Statements

    mutating func printProgram() {
        // Lists are read by index in `tree.lists` here and below (step 5m: a list's slice retained and released the
        // array).
        let statements = tree.listIndices(tree[tree.root].a)
        for k in statements {
            if k != statements.lowerBound { newline() }
            printStatement(tree.lists[k])
        }
        if let last = statements.last { dropSemicolon(after: tree.lists[last]) }
        if let trailing = comments[SyntaxTree.none] {
            for range in trailing {
                if !out.isEmpty { forceNewline() }
                out.append(contentsOf: tree.source[range.offsets])
            }
        }
        if !out.isEmpty { out.append(0x0A) }
    }

    private mutating func forceNewline() {
        out.append(0x0A)
        if !minified {
            for _ in 0..<indentation {
                out.append(0x20)
                out.append(0x20)
            }
        }
    }

    private mutating func printLegalComments(_ statement: Int32) {
        guard !comments.isEmpty, let ranges = comments[statement] else { return }
        for range in ranges {
            out.append(contentsOf: tree.source[range.offsets])
            forceNewline()
        }
    }

    /// `{ statements }` of list `list`.
    mutating func printBlock(_ list: Int32) {
        emit("{")
        let statements = tree.listIndices(list)
        if statements.isEmpty {
            emit("}")
            return
        }
        indentation += 1
        for k in statements {
            newline()
            printStatement(tree.lists[k])
        }
        if let last = statements.last { dropSemicolon(after: tree.lists[last]) }
        indentation -= 1
        newline()
        emit("}")
    }

    /// With `compact`, removes the `;` that ends `statement` (just printed) when a `}` or the end of the program
    /// follows: `{a();b()}`. Not after an empty statement or a body that is one (`for(;;);`).
    mutating func dropSemicolon(after statement: Int32) {
        guard compact, out.last == 0x3B, counted < out.count, Self.endsWithOwnSemicolon(tree, statement) else { return }
        out.removeLast()
    }

    /// Whether `statement` is printed ending with a `;` of its own (not an empty statement's).
    /// Static, reading only the tree (step 4p: a method of the printer called from a mutating one copied the printer).
    private static func endsWithOwnSemicolon(_ tree: SyntaxTree, _ statement: Int32) -> Bool {
        let node = tree[statement]
        switch node.kind {
        case .expressionStatement, .variableDeclaration, .returnStatement, .throwStatement, .breakStatement,
            .continueStatement, .debuggerStatement, .doWhileStatement:
            return true
        case .ifStatement: return endsWithOwnSemicolon(tree, node.c >= 0 ? node.c : node.b)
        case .labeledStatement, .whileStatement, .withStatement: return endsWithOwnSemicolon(tree, node.b)
        case .forStatement: return endsWithOwnSemicolon(tree, node.d)
        case .forInStatement, .forOfStatement: return endsWithOwnSemicolon(tree, node.c)
        default: return false
        }
    }

    /// A statement in a body position (after `if (...)`, `while (...)`, `else`, ...).
    private mutating func printBody(_ statement: Int32) {
        if tree[statement].kind == .blockStatement {
            space()
            printStatement(statement)
        } else {
            indentation += 1
            newline()
            if minified, !compact, tree[statement].kind != .emptyStatement { out.append(0x20) }
            printStatement(statement)
            indentation -= 1
        }
    }

    /// Whether `statement`, as an `if`'s consequent followed by `else`, would take that `else` itself.
    /// Static, reading only the tree (step 4p: a method of the printer called from a mutating one copied the printer).
    private static func takesElse(_ tree: SyntaxTree, _ statement: Int32) -> Bool {
        let node = tree[statement]
        switch node.kind {
        case .ifStatement: return node.c < 0 || takesElse(tree, node.c)
        case .labeledStatement, .whileStatement, .withStatement: return takesElse(tree, node.b)
        case .forStatement: return takesElse(tree, node.d)
        case .forInStatement, .forOfStatement: return takesElse(tree, node.c)
        default: return false
        }
    }

    mutating func printStatement(_ id: Int32) {
        printLegalComments(id)
        mark(id)
        let node = tree[id]
        switch node.kind {
        case .expressionStatement:
            let expression = tree[node.a]
            // A parenthesized string must not become a directive (`("use strict")` is not one).
            let stringStatement = expression.kind == .stringLiteral && expression.flags.contains(.parenthesized)
            // A string statement stays a string (a template is never a directive, and a directive must stay one).
            if expression.kind == .stringLiteral { statementString = node.a }
            if stringStatement || Self.startsAmbiguously(tree, node.a, atStatement: true) {
                emit("(")
                printExpression(node.a, .lowest)
                emit(")")
            } else {
                printExpression(node.a, .lowest)
            }
            emit(";")
        case .blockStatement:
            printBlock(node.a)
        case .emptyStatement:
            emit(";")
        case .debuggerStatement:
            emit("debugger;")
        case .withStatement:
            emit("with")
            space()
            emit("(")
            printExpression(node.a, .lowest)
            emit(")")
            printBody(node.b)
        case .returnStatement, .throwStatement:
            emit(node.kind == .returnStatement ? "return" : "throw")
            if node.a >= 0 {
                keywordSpace()
                printExpression(node.a, .lowest)
            }
            emit(";")
        case .labeledStatement:
            emitSource(node.a)
            emit(":")
            space()
            printStatement(node.b)
        case .breakStatement, .continueStatement:
            emit(node.kind == .breakStatement ? "break" : "continue")
            if node.a >= 0 {
                keywordSpace()
                emitSource(node.a)
            }
            emit(";")
        case .ifStatement:
            emit("if")
            space()
            emit("(")
            printExpression(node.a, .lowest)
            emit(")")
            if node.c >= 0, Self.takesElse(tree, node.b) {
                space()
                emit("{")
                indentation += 1
                newline()
                printStatement(node.b)
                indentation -= 1
                newline()
                emit("}")
            } else {
                printBody(node.b)
            }
            if node.c >= 0 {
                if tree[node.b].kind == .blockStatement || Self.takesElse(tree, node.b) { space() } else { newline() }
                emit("else")
                if tree[node.c].kind == .ifStatement {
                    keywordSpace()
                    printStatement(node.c)
                } else {
                    printBody(node.c)
                }
            }
        case .switchStatement:
            emit("switch")
            space()
            emit("(")
            printExpression(node.a, .lowest)
            emit(")")
            space()
            emit("{")
            indentation += 1
            for caseIndex in tree.listIndices(node.b) {
                let switchCase = tree.lists[caseIndex]
                let c = tree[switchCase]
                newline()
                mark(switchCase)
                if c.a >= 0 {
                    emit("case")
                    keywordSpace()
                    printExpression(c.a, .lowest)
                    emit(":")
                } else {
                    emit("default:")
                }
                indentation += 1
                for k in tree.listIndices(c.b) {
                    newline()
                    printStatement(tree.lists[k])
                }
                indentation -= 1
            }
            if let lastCase = tree.list(node.b).last, let last = tree.list(tree[lastCase].b).last { dropSemicolon(after: last) }
            indentation -= 1
            newline()
            emit("}")
        case .tryStatement:
            emit("try")
            space()
            printStatement(node.a)
            if node.b >= 0 {
                let handler = tree[node.b]
                space()
                mark(node.b)
                emit("catch")
                space()
                if handler.a >= 0 {
                    emit("(")
                    printPattern(handler.a)
                    emit(")")
                    space()
                }
                printStatement(handler.b)
            }
            if node.c >= 0 {
                space()
                emit("finally")
                space()
                printStatement(node.c)
            }
        case .whileStatement:
            emit("while")
            space()
            emit("(")
            printExpression(node.a, .lowest)
            emit(")")
            printBody(node.b)
        case .doWhileStatement:
            emit("do")
            if tree[node.a].kind == .blockStatement {
                space()
                printStatement(node.a)
                space()
            } else {
                keywordSpace()
                printStatement(node.a)
                newline()
            }
            emit("while")
            space()
            emit("(")
            printExpression(node.b, .lowest)
            emit(");")
        case .forStatement:
            emit("for")
            space()
            emit("(")
            if node.a >= 0 { printForInit(node.a) }
            emit(";")
            if node.b >= 0 {
                space()
                printExpression(node.b, .lowest)
            }
            emit(";")
            if node.c >= 0 {
                space()
                printExpression(node.c, .lowest)
            }
            emit(")")
            printBody(node.d)
        case .forInStatement, .forOfStatement:
            emit("for")
            if node.flags.contains(.isAwait) { emit(" await") }
            space()
            emit("(")
            if tree[node.a].kind == .variableDeclaration {
                mark(node.a)
                printVariableDeclaration(node.a, noIn: true)
            } else if Self.startsWithLetOrAsync(tree, node.a) {
                emit("(")
                printPattern(node.a)
                emit(")")
            } else {
                printPattern(node.a)
            }
            if node.kind == .forOfStatement {
                // `of` is a name to the tokenizer: mapped where it stands, not as the end of the node before it.
                markWord("of", from: tree[node.a].end, of: id)
                emitSpacedKeyword("of")
                printExpression(node.b, .assignment)
            } else {
                emitSpacedKeyword("in")
                printExpression(node.b, .lowest)
            }
            emit(")")
            printBody(node.c)
        case .variableDeclaration:
            printVariableDeclaration(id, noIn: false)
            emit(";")
        case .functionDeclaration, .functionExpression:
            printFunction(id)
        case .classDeclaration, .classExpression:
            printClass(id)
        case .importDeclaration:
            printImport(id)
        case .exportNamedDeclaration, .exportDefaultDeclaration, .exportAllDeclaration:
            printExport(id)
        default:
            // Expressions do not stand as statements; print one as an expression statement.
            printExpression(id, .lowest)
            emit(";")
        }
    }

    private mutating func printForInit(_ id: Int32) {
        if tree[id].kind == .variableDeclaration {
            // Its keyword mapped where it stands (`let` of `for (let`), not through the `for` before it.
            mark(id)
            printVariableDeclaration(id, noIn: true)
        } else if Self.startsWithLetOrAsync(tree, id) {
            emit("(")
            printExpression(id, .lowest)
            emit(")")
        } else {
            printExpression(id, .lowest, noIn: true)
        }
    }

    /// Whether the leftmost name of `id` of `tree` is `let` (which would start a declaration) or `async` (`for (async of`).
    private static func startsWithLetOrAsync(_ tree: SyntaxTree, _ id: Int32) -> Bool {
        let leftmost = leftmostNode(tree, id)
        let node = tree[leftmost]
        guard node.kind == .identifier else { return false }
        let name = tree.names[Int(node.a)]
        return name == "let" || name == "async"
    }

    mutating func printVariableDeclaration(_ id: Int32, noIn: Bool) {
        let node = tree[id]
        switch SyntaxVariableKind(rawValue: node.op) ?? .var {
        case .var: emit("var")
        case .let: emit("let")
        case .const: if compact && Self.constMayBeLet(tree, id) { emit("let") } else { emit("const") }
        }
        keywordSpace()
        var first = true
        for k in tree.listIndices(node.a) {
            if !first {
                emit(",")
                space()
            }
            first = false
            let d = tree[tree.lists[k]]
            printPattern(d.a)
            if d.b >= 0 {
                space()
                emit("=")
                space()
                printExpression(d.b, .assignment, noIn: noIn)
            }
        }
    }

    /// Whether `const` declaration `id` may be printed `let`: none of the names it declares is ever written, and
    /// none belongs to the program scope (which other pieces share) or to a scope a direct `eval` or `with` reaches.
    package func constMayBeLet(_ id: Int32) -> Bool { Self.constMayBeLet(tree, id) }

    /// Whether `const` declaration `id` of `tree` may be written `let` (see the instance method).
    package static func constMayBeLet(_ tree: SyntaxTree, _ id: Int32) -> Bool {
        // Most declarators declare one name: those are tested in place, and the walk below (an array per declaration)
        // is made only where a pattern is declared (step 5h).
        var declaresPattern = false
        for k in tree.listIndices(tree[id].a) {
            let target = tree[tree.lists[k]].a
            guard target >= 0 else { continue }
            let node = tree[target]
            if node.kind == .bindingIdentifier {
                guard mayBeLet(tree, node) else { return false }
            } else {
                declaresPattern = true
            }
        }
        guard declaresPattern else { return true }
        var stack: [Int32] = tree.listIndices(tree[id].a).map { tree[tree.lists[$0]].a }
        while let current = stack.popLast() {
            guard current >= 0 else { continue }
            let node = tree[current]
            switch node.kind {
            case .bindingIdentifier:
                guard mayBeLet(tree, node) else { return false }
            case .arrayPattern, .objectPattern:
                for k in tree.listIndices(node.a) { stack.append(tree.lists[k]) }
            case .property:
                stack.append(node.b)
            case .assignmentPattern, .restElement:
                stack.append(node.a)
            default:
                break
            }
        }
        return true
    }

    /// Whether binding identifier `node` of a `const` declaration of `tree` may be declared by `let` (see
    /// `constMayBeLet`).
    @inline(__always)
    private static func mayBeLet(_ tree: SyntaxTree, _ node: SyntaxNode) -> Bool {
        guard node.b >= 0 else { return false }
        let symbol = tree.symbols[Int(node.b)]
        return !(symbol.isWritten || symbol.scope == 0 || tree.scopes[Int(symbol.scope)].isUnsafe)
    }

    // MARK: - Modules

    private mutating func printModuleSource(_ source: Int32, attributes: Int32) {
        emitSource(source)
        let list = tree.list(attributes)
        guard let firstAttribute = list.first else { return }
        keywordSpace()
        emit(tree[firstAttribute].op == 1 ? "assert" : "with")
        space()
        emit("{")
        space()
        var first = true
        for attribute in list {
            if !first {
                emit(",")
                space()
            }
            first = false
            emitSource(tree[attribute].a)
            emit(":")
            space()
            emitSource(tree[attribute].b)
        }
        space()
        emit("}")
    }

    private mutating func printImport(_ id: Int32) {
        let node = tree[id]
        emit("import")
        let specifiers = tree.list(node.a)
        if specifiers.isEmpty, !node.flags.contains(.hasBraces) {
            space()
            printModuleSource(node.b, attributes: node.c)
            emit(";")
            return
        }
        keywordSpace()
        var named: [Int32] = []
        var first = true
        for specifier in specifiers {
            let s = tree[specifier]
            switch SyntaxImportKind(rawValue: s.op) ?? .named {
            case .default:
                emitSource(s.b)
                first = false
            case .namespace:
                if !first {
                    emit(",")
                    space()
                }
                first = false
                emit("*")
                emit(" as ")
                emitSource(s.b)
            case .named:
                named.append(specifier)
            }
        }
        if !named.isEmpty || node.flags.contains(.hasBraces) {
            if !first {
                emit(",")
                space()
            }
            emit("{")
            space()
            var firstNamed = true
            for specifier in named {
                if !firstNamed {
                    emit(",")
                    space()
                }
                firstNamed = false
                let s = tree[specifier]
                emitSource(s.a)
                if tree[s.a].kind == .stringLiteral || tree.name(s.a) != tree.name(s.b) {
                    emit(" as ")
                    emitSource(s.b)
                }
            }
            space()
            emit("}")
        }
        space()
        emit("from")
        space()
        printModuleSource(node.b, attributes: node.c)
        emit(";")
    }

    private mutating func printExport(_ id: Int32) {
        let node = tree[id]
        emit("export")
        switch node.kind {
        case .exportAllDeclaration:
            space()
            emit("*")
            if node.a >= 0 {
                emit(" as ")
                emitSource(node.a)
            }
            space()
            emit("from")
            space()
            printModuleSource(node.b, attributes: node.c)
            emit(";")
        case .exportDefaultDeclaration:
            emit(" default")
            let kind = tree[node.a].kind
            if kind == .functionDeclaration || kind == .classDeclaration {
                keywordSpace()
                printStatement(node.a)
            } else {
                space()
                if Self.startsAmbiguously(tree, node.a, atStatement: false) {
                    emit("(")
                    printExpression(node.a, .lowest)
                    emit(")")
                } else {
                    printExpression(node.a, .assignment)
                }
                emit(";")
            }
        default:
            if node.a >= 0 {
                keywordSpace()
                printStatement(node.a)
                return
            }
            space()
            emit("{")
            space()
            var first = true
            for specifier in tree.list(node.b) {
                if !first {
                    emit(",")
                    space()
                }
                first = false
                let s = tree[specifier]
                emitSource(s.a)
                if s.b >= 0 {
                    emit(" as ")
                    emitSource(s.b)
                }
            }
            space()
            emit("}")
            if node.c >= 0 {
                space()
                emit("from")
                space()
                printModuleSource(node.c, attributes: node.d)
            }
            emit(";")
        }
    }
}
