import ScriptLowering
import ScriptSyntax

/// A file rewritten for the build's target: where the target lacks syntax the file uses, the file is parsed to its
/// tree, lowered (`SyntaxLowering`), printed readable with mappings (`SyntaxPrinter.printWithMappings`), and the
/// bundler takes the printed code as the file's code from then on (module files, plain scripts, script loaders, in
/// both modes). The map still points at the file: `sourcesContent` holds `original`, and every place that writes a
/// copied token's original position looks it up in `origins` first.
///
/// The helpers the lowered code calls (`LoweringHelper`) are declared by the bundle, once, at the top of its scope:
/// the code only calls them, by the names in `helpers` (a module's calls are renamed to the bundle's names by the
/// linker's edits, `helperReferences`; a plain script is printed with the bundle's names). A script loader's code,
/// evaluated on its own at global scope, declares its own.
///
/// A file that uses nothing the target lacks is not lowered and costs nothing more than the target check did:
/// the features its parse recorded tell.
package struct LoweredSource: Sendable {
    /// The printed code of the lowered tree.
    package let code: [UInt8]
    /// Its tokens (without comments).
    package let tokenization: JavaScriptTokenization
    /// The file's own text.
    package let original: [UInt8]
    /// Where positions in `code` come from in `original`.
    package let origins: SourceOrigins
    /// The helpers `code` calls and does not declare (with the helpers those call), each with the name `code`
    /// calls it by.
    package let helpers: [HelperCall]
    /// The tokens of `code` (indexes in `tokenization.tokens`) that name a helper of `helpers`, in order.
    let helperReferences: [HelperReference]

    /// A helper the code calls, and its name there.
    package struct HelperCall: Sendable, Equatable {
        package let helper: LoweringHelper
        package let name: String
    }

    /// A token naming a helper.
    struct HelperReference: Sendable, Equatable {
        package let token: Int32
        package let helper: LoweringHelper
    }

    /// A file's lowered tree, not yet printed (a plain script's bundle names the helpers first: `printed`).
    package struct Pending: Sendable {
        package let lowered: SyntaxLowering.HelperCalls
        package let original: [UInt8]
        package let path: String
        package let target: ScriptTarget

        /// The helpers the tree calls without declaring them (with the helpers those call).
        package var helpers: [LoweringHelper] { lowered.helpers.map(\.helper) }

        /// The names the pass added (temporaries, helpers): a bundle-level name must be none of them.
        package var builtNames: ArraySlice<String> { lowered.tree.names[lowered.firstBuiltName...] }
    }

    /// `source` lowered for `target` when the target lacks syntax it uses; `nil` when it lacks none.
    /// - Parameters:
    ///   - source: the file's text.
    ///   - tokens: its tokens (comments may be included), or none (the features given are a wrapped text's): read
    ///     when `features` is `nil`, and the tree is parsed from them when given.
    ///   - features: the features a parse of the file (or of its wrapped text) recorded; `nil` when it was not
    ///     parsed: it is parsed here.
    ///   - path: the file's path in errors.
    ///   - declaresHelpers: the code declares the helpers it calls (a script loader's); otherwise the bundle does.
    ///   - check: the target check of the file, ignoring the features given: run ignoring the lowered features
    ///     when the file uses a feature the target lacks that the pass does not lower (the error stays the check's,
    ///     at the same place), and ignoring none for a file that does not parse as a tree (a plain script need not
    ///     parse), which cannot be lowered.
    /// - Throws: `unsupportedSyntax` at the file's first use (its own line and column) of syntax the target lacks
    ///   and the lowering does not rewrite.
    package static func lower(
        _ source: [UInt8], tokens: [JavaScriptToken], features: SyntaxFeatureUses?, tree: SyntaxTree? = nil, target: ScriptTarget,
        path: @autoclosure () -> String, declaresHelpers: Bool = false, check: (_ ignoring: Set<SyntaxFeature>) throws(BundlerError) -> Void
    ) throws(BundlerError) -> LoweredSource? {
        guard
            let pending = try prepare(
                source, tokens: tokens, features: features, tree: tree, target: target, path: path(), declaresHelpers: declaresHelpers,
                check: check)
        else { return nil }
        return try printed(pending)
    }

    /// Whether a file whose parse recorded `features` is lowered for `target` (or stopped by an error of its
    /// syntax the target lacks): the target lacks one of them.
    static func mayLower(_ features: SyntaxFeatureUses, for target: ScriptTarget) -> Bool {
        target < SyntaxTargetCheck.newestFeatureVersion && features.firstUnsupported(by: target) != nil
    }

    /// The first half of `lower`: the lowered tree, or `nil` when the target lacks nothing the file uses.
    /// `tree`: the tree of `source` parsed from `tokens` (the module graph's parse), when `source` holds no comment
    /// the tree keeps (`mayHoldKeptComment`); otherwise the tree is parsed here.
    package static func prepare(
        _ source: [UInt8], tokens: [JavaScriptToken], features: SyntaxFeatureUses?, tree known: SyntaxTree? = nil, target: ScriptTarget,
        path: @autoclosure () -> String, declaresHelpers: Bool = false, check: (_ ignoring: Set<SyntaxFeature>) throws(BundlerError) -> Void
    ) throws(BundlerError) -> Pending? {
        guard target < SyntaxTargetCheck.newestFeatureVersion else { return nil }
        var uses = features
        // Parsed here for its features: the same parse gives the tree.
        var parsedTree: SyntaxTree?
        if uses == nil,
            let parsed = try? SyntaxParser.parseWithFacts(
                source, tokenization: JavaScriptTokenization(tokens: tokens, lineTerminatorCount: 0))
        {
            uses = SyntaxFeatureUses(firstTokens: parsed.facts.featureTokens)
            parsedTree = parsed.tree
        }
        guard let uses else {
            try check([])
            return nil
        }
        guard uses.firstUnsupported(by: target) != nil else { return nil }
        // What the pass does not lower is the check's error, where the check puts it.
        if uses.firstUnsupported(by: target, ignoring: SyntaxLowering.lowerableFeatures) != nil {
            try check(SyntaxLowering.lowerableFeatures)
        }
        // The tree with its comments: the printed code keeps the legal ones and the `@__PURE__` annotations. Tokens
        // without comments give the same tree when the source holds none of those (no marker of one in its
        // bytes), and it is not tokenized again.
        let tree: SyntaxTree?
        if let known {
            tree = known
        } else if !tokens.isEmpty, tokens.contains(where: \.isComment) || !mayHoldKeptComment(source) {
            tree =
                parsedTree
                ?? (try? SyntaxParser.parse(source, tokenization: JavaScriptTokenization(tokens: tokens, lineTerminatorCount: 0)))
        } else {
            tree = try? SyntaxParser.parse(source, keepComments: true)
        }
        guard let tree else {
            try check([])
            return nil
        }
        let display = path()
        let lowered = try SyntaxLowering.lower(tree, target: target, path: display, declaresHelpers: declaresHelpers)
        return Pending(lowered: lowered, original: source, path: display, target: target)
    }

    /// Whether `source` may hold a comment the tree keeps: a legal comment (`/*!`, `//!`, `@license`, `@preserve`),
    /// a `__PURE__` annotation or a hashbang line.
    static func mayHoldKeptComment(_ source: [UInt8]) -> Bool {
        if source.starts(with: "#!".utf8) { return true }
        return source.withUnsafeBytes { raw in
            let count = raw.count
            guard let base = raw.baseAddress else { return false }
            /// Whether a marker ends (`!`) or starts (`@`, `_`) at `i`, whose byte is one of those.
            func marker(at i: Int) -> Bool {
                switch base.load(fromByteOffset: i, as: UInt8.self) {
                case 0x21:  // `/*!`, `//!`
                    guard i >= 2, base.load(fromByteOffset: i - 2, as: UInt8.self) == 0x2F else { return false }
                    let middle = base.load(fromByteOffset: i - 1, as: UInt8.self)
                    return middle == 0x2A || middle == 0x2F
                case 0x40:  // `@license`, `@preserve`
                    return spells("@license", at: i) || spells("@preserve", at: i)
                default:  // `__PURE__`
                    return spells("__PURE__", at: i)
                }
            }
            func spells(_ word: StaticString, at i: Int) -> Bool {
                let length = word.utf8CodeUnitCount
                guard i + length <= count else { return false }
                return word.withUTF8Buffer { bytes in
                    for k in 0..<length where base.load(fromByteOffset: i + k, as: UInt8.self) != bytes[k] { return false }
                    return true
                }
            }
            // Eight bytes at a time: the bytes equal to `!`, `@` or `_` (`zeroBytes` of the word XOR each), which
            // most words hold none of, are looked at closer.
            @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 {
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                return ~(((word & low) &+ low) | word | low)
            }
            let bang: UInt64 = 0x2121_2121_2121_2121, at: UInt64 = 0x4040_4040_4040_4040, underscore: UInt64 = 0x5F5F_5F5F_5F5F_5F5F
            var i = 0
            while i + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                var hits = zeroBytes(word ^ bang) | zeroBytes(word ^ at) | zeroBytes(word ^ underscore)
                while hits != 0 {
                    if marker(at: i + hits.trailingZeroBitCount / 8) { return true }
                    hits &= hits &- 1
                }
                i += 8
            }
            while i < count {
                let b = base.load(fromByteOffset: i, as: UInt8.self)
                if b == 0x21 || b == 0x40 || b == 0x5F, marker(at: i) { return true }
                i += 1
            }
            return false
        }
    }

    /// The second half of `lower`: `pending` printed, its helper calls named as `helperNames` says (those it does
    /// not name keep the pass's names).
    package static func printed(_ pending: Pending, helperNames: [LoweringHelper: String] = [:]) throws(BundlerError) -> LoweredSource {
        var tree = pending.lowered.tree
        var helpers = pending.lowered.helpers.map { HelperCall(helper: $0.helper, name: $0.name) }
        if !helperNames.isEmpty {
            var renaming: [String: String] = [:]
            for (index, call) in helpers.enumerated() {
                guard let name = helperNames[call.helper], name != call.name else { continue }
                renaming[call.name] = name
                helpers[index] = HelperCall(helper: call.helper, name: name)
            }
            // The pass's helper names are none of the file's, so every built name spelled so is a call's.
            if !renaming.isEmpty {
                for index in pending.lowered.firstBuiltName..<tree.names.count {
                    if let name = renaming[tree.names[index]] { tree.names[index] = name }
                }
            }
        }
        let printed = SyntaxPrinter.printWithMappings(tree, style: .readable)
        let code = Array(printed.code.utf8)
        let tokenization: JavaScriptTokenization
        do {
            tokenization = try JavaScriptTokenizer.tokenize(code)
        } catch {
            throw BundlerError(
                .unsupportedSyntax, at: SourceLocation(path: pending.path),
                "the code lowered for \(pending.target) does not tokenize (\(error.line):\(error.column): \(error.message)); please report it"
            )
        }
        let origins = origins(of: printed.mappings, code: code, tokens: tokenization.tokens)
        try checkNesting(of: tree, code: code, tokenization: tokenization, origins: origins, pending: pending)
        return LoweredSource(
            code: code, tokenization: tokenization, original: pending.original, origins: origins, helpers: helpers,
            helperReferences: references(to: helpers, code: code, tokens: tokenization.tokens))
    }

    /// Throws a located error when `code`, printed from the lowered `tree`, nests deeper than the parser reads
    /// (`SyntaxParser.maximumDepth`).
    ///
    /// Lowering nests what the parser had read in a loop: each `?.`, `??` or private member of a chain and each
    /// spread of an object literal becomes one or two more levels of conditionals or calls, so a chain of about a
    /// thousand links parses and its lowered code would not. That is the limit of the target's syntax, not a fault of wkpack's, and
    /// it is reported where it happens, in every mode (a development bundle of a plain script is not parsed again
    /// later). Printed code is only as deep as its tree is high, so a tree no higher than the bound is not parsed
    /// again: files the lowering leaves shallow cost one walk of their tree.
    private static func checkNesting(
        of tree: SyntaxTree, code: [UInt8], tokenization: JavaScriptTokenization, origins: SourceOrigins, pending: Pending
    ) throws(BundlerError) {
        guard
            let deep = SyntaxTreeHeight.firstNode(
                deeperThan: SyntaxParser.maximumDepth, nodes: tree.nodes, lists: tree.lists, root: tree.root)
        else { return }
        do throws(JavaScriptSyntaxError) {
            _ = try SyntaxParser.parse(code, tokenization: tokenization)
        } catch {
            // Any other error is a fault of the printed code, reported (as an internal error) where it is parsed.
            guard error.message == SyntaxParser.tooDeepMessage else { return }
            // Where the parser stopped, in the file; else where the tree first passes the bound.
            let place =
                origins.original(line: error.line - 1, column: error.column - 1).map { (line: $0.line + 1, column: $0.column + 1) }
                ?? SourcePosition.lineAndColumn(of: Int(tree.nodes[Int(deep)].start), in: pending.original)
            throw BundlerError(
                .unsupportedSyntax, at: SourceLocation(path: pending.path, line: place.line, column: place.column),
                "this expression lowered for \(pending.target) would be nested more than \(SyntaxParser.maximumDepth) levels deep "
                    + "(lowering nests a chain of `?.`, `??` or private members, or the spreads of an object literal, a level or more "
                    + "a link); split it, or use a target that has its syntax")
        }
    }

    /// The identifier tokens of `code` spelled as one of `helpers`' names (which no name of the file is).
    static func references(to helpers: [HelperCall], code: [UInt8], tokens: [JavaScriptToken]) -> [HelperReference] {
        guard !helpers.isEmpty else { return [] }
        let spellings = helpers.map { (bytes: Array($0.name.utf8), helper: $0.helper) }
        // The names' lengths (as bits, a length of 64 or more as bit 63) and first bytes: most identifiers fail one.
        var lengths: UInt64 = 0
        var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for spelling in spellings {
            lengths |= 1 << UInt64(min(spelling.bytes.count, 63))
            if let first = spelling.bytes.first { Self.setBit(&firstBytes, first) }
        }
        var references: [HelperReference] = []
        code.withUnsafeBufferPointer { bytes in
            for (index, token) in tokens.enumerated() where token.kind == .identifier {
                let length = token.end - token.start
                guard length > 0, lengths & (1 << UInt64(min(length, 63))) != 0, Self.hasBit(firstBytes, bytes[token.start]) else {
                    continue
                }
                let text = bytes[token.range]
                guard let match = spellings.first(where: { $0.bytes.elementsEqual(text) }) else { continue }
                references.append(HelperReference(token: Int32(truncatingIfNeeded: index), helper: match.helper))
            }
        }
        return references
    }

    @inline(__always)
    private static func setBit(_ set: inout (UInt64, UInt64, UInt64, UInt64), _ byte: UInt8) {
        let bit: UInt64 = 1 << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: set.0 |= bit
        case 1: set.1 |= bit
        case 2: set.2 |= bit
        default: set.3 |= bit
        }
    }

    @inline(__always)
    private static func hasBit(_ set: (UInt64, UInt64, UInt64, UInt64), _ byte: UInt8) -> Bool {
        let bit: UInt64 = 1 << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return set.0 & bit != 0
        case 1: return set.1 & bit != 0
        case 2: return set.2 & bit != 0
        default: return set.3 & bit != 0
        }
    }

    /// The table of `mappings`, plus the start of each line inside a multi-line token of `code` (a template or a
    /// string with line continuations, copied from the source as it is): line `k` of the token comes from line `k`
    /// after the token's own origin, at column 0.
    package static func origins(of mappings: [SyntaxPrintedMapping], code: [UInt8], tokens: [JavaScriptToken]) -> SourceOrigins {
        // The printer records its mappings in generated order; were they not, the table of them is sorted.
        let inOrder = mappings.withUnsafeBufferPointer { buffer in
            buffer.indices.dropFirst().allSatisfy {
                (buffer[$0 - 1].generatedLine, buffer[$0 - 1].generatedColumn) <= (buffer[$0].generatedLine, buffer[$0].generatedColumn)
            }
        }
        let sortedTable = inOrder ? nil : SourceOrigins(mappings.map(entry))
        /// The origin of the mapping at `line`/`column` (the last one there), as the table of the mappings gives it.
        func origin(line: Int, column: Int) -> (line: Int, column: Int)? {
            if let sortedTable { return sortedTable.original(line: line, column: column) }
            return mappings.withUnsafeBufferPointer { buffer in
                // The first mapping after the position; the one before it is the last at or before it.
                var low = 0, high = buffer.count
                while low < high {
                    let middle = (low + high) / 2
                    if (buffer[middle].generatedLine, buffer[middle].generatedColumn) <= (line, column) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                guard low > 0, buffer[low - 1].generatedLine == line, buffer[low - 1].generatedColumn == column else { return nil }
                return (buffer[low - 1].originalLine, buffer[low - 1].originalColumn)
            }
        }
        var extra: [SourceOrigins.Entry] = []
        code.withUnsafeBufferPointer { bytes in
            for token in tokens where token.canSpanLines {
                var lines = 0
                SyntaxPrintedMapping.forEachLineEnd(in: bytes, from: token.start, to: token.end) { _ in lines += 1 }
                guard lines > 0, let start = origin(line: token.line - 1, column: token.column) else { continue }
                for k in 1...lines {
                    extra.append(SourceOrigins.Entry(line: token.line - 1 + k, column: 0, originalLine: start.line + k, originalColumn: 0))
                }
            }
        }
        if let sortedTable, extra.isEmpty { return sortedTable }
        // Merged in generated order (both are), the token's own lines first at one position, so an entry the
        // printer made at one of those positions wins.
        var builder = SourceOrigins.Builder(capacity: mappings.count + extra.count)
        mappings.withUnsafeBufferPointer { buffer in
            var i = 0
            for j in buffer.indices {
                let (line, column) = (buffer[j].generatedLine, buffer[j].generatedColumn)
                while i < extra.count, (extra[i].line, extra[i].column) <= (line, column) {
                    builder.append(extra[i])
                    i += 1
                }
                builder.append(line: line, column: column, originalLine: buffer[j].originalLine, originalColumn: buffer[j].originalColumn)
            }
            while i < extra.count {
                builder.append(extra[i])
                i += 1
            }
        }
        if builder.isInOrder { return SourceOrigins(builder) }
        // Not in order: the same merge as entries, which the table sorts (stably).
        var merged: [SourceOrigins.Entry] = []
        let entries = mappings.map(entry)
        var i = 0, j = 0
        while i < extra.count || j < entries.count {
            if j == entries.count || (i < extra.count && (extra[i].line, extra[i].column) <= (entries[j].line, entries[j].column)) {
                merged.append(extra[i])
                i += 1
            } else {
                merged.append(entries[j])
                j += 1
            }
        }
        return SourceOrigins(merged)
    }

    /// The table entry of `mapping`.
    private static func entry(_ mapping: SyntaxPrintedMapping) -> SourceOrigins.Entry {
        SourceOrigins.Entry(
            line: mapping.generatedLine, column: mapping.generatedColumn, originalLine: mapping.originalLine,
            originalColumn: mapping.originalColumn)
    }
}
