import ScriptSyntax

/// The linker's edits of a scope-hoisted ES module (`ModuleLinker.HoistedModule`) made on the module's syntax tree
/// instead of its text (issue 41, step 4e), so that the tree minifier minifies the module from the tree of its file.
///
/// The tree is made the tree a parse of the text route's piece would give (the module's text with the edits and its
/// top-level names written in, `ModuleBundleAssembler.renamingTopLevel`), so the compressor, the renamer and the
/// printer make the same choices:
/// - statements removed (import declarations, `export {…}` and `export … from`, the declarations tree shaking drops)
///   leave the program's statement list; an `export` (or `export default` before a named declaration) keyword
///   removed leaves the declaration in its statement's place;
/// - `export default expression` becomes `let name = expression`, the name a new symbol of the program's scope;
/// - each top-level declaration takes its shared-scope name: the symbol's name, and its bindings and references
///   are written as built names (`SyntaxFlags.synthetic`); a shorthand property or pattern property of one is no
///   longer shorthand (`{a}` is written `{a:b}` as the edit writes it);
/// - references to import bindings are free names (the import declarations are gone), under their shared-scope
///   name where the linker gives one;
/// - an imported binding read as another name or as a member of one (`ns.name` or `name` → `b`, `w.name`) is that
///   name or member expression, built; top-level `this` is `void 0`;
/// - a top-level `const` nothing writes (by the token view's count) is a `let`.
///
/// Built nodes stand at the start of the tokens their edit replaced, so the printer maps them where the text route's
/// intermediate map does; nodes the text route writes inside an edit's text (which its map leaves unmapped) are
/// listed in `unmapped`. Anything else (an insertion, `(0, …)` callees, computed members, dynamic `import()`,
/// `require.context`, a range no node spans) is not expressed: `apply` returns `nil` and the module keeps the text
/// route.
package struct TreeHoistEdits {
    /// Per name written for a top-level name, the original name (the text route's `TreePiece.originalNames`).
    package var originalNames: [String: String] = [:]
    /// Per source offset (when `originalNames` is not empty), where the text route writes other text than the
    /// source's: 1 + the name ID of the word that text starts with (0 elsewhere, -1 for no word): the word a mapping
    /// of a node starting there would be named by.
    package var writtenWords: [Int32] = []
    /// Per node: whether the text route writes it inside an edit's text (no mapping of its own: it maps to nothing);
    /// empty when none is.
    package var unmapped: [Bool] = []
    /// The nodes `unmapped` lists, until `apply` makes the table.
    private var unmappedNodes: [Int32] = []
    /// The source ranges the edits replace (comments inside them are not in the text route's piece).
    package var replaced: [Range<Int>] = []
    /// The names built for the edits and the top-level names, by spelling: their name IDs in the tree.
    package var builtNames: [String: Int32] = [:]

    /// Makes `edits` (sorted, on `record.tokens`) and the top-level names `topLevelNames` (by declaration of
    /// `record.analysis`) on `tree`, a parse of `record.bytes`; `nil`, with `tree` partly edited, where some edit is not
    /// one the tree expresses. `mapping`: whether the piece is mapped (the original names are then listed). `wrapped`:
    /// the edits of a wrapped ES module's body (`ModuleLinker.linkES`, step 4k), where no edit makes a top-level
    /// `const` a `let` and an imported callee is read as `(0, name.key)`.
    package static func apply(
        _ edits: [TokenEdit], topLevelNames: [Int: String], record: ModuleRecord, mapping: Bool, wrapped: Bool = false,
        to tree: inout SyntaxTree
    ) -> TreeHoistEdits? {
        guard let analysis = record.analysis, tree.root >= 0, analysis.module.topLevelAwait == nil, analysis.module.importMeta == nil
        else { return nil }
        let tokens = record.tokens
        var result = TreeHoistEdits()
        if mapping {
            result.originalNames.reserveCapacity(topLevelNames.count)
            for (declaration, name) in topLevelNames where declaration < analysis.declarations.count {
                result.originalNames[name] = analysis.declarations[declaration].name
            }
            if !result.originalNames.isEmpty { result.writtenWords = [Int32](repeating: 0, count: tree.source.count + 1) }
        }
        // Names built for the edits, interned among themselves (room for every top-level name and edit up front, step 5d).
        var interned = BuiltNames()
        interned.reserve(topLevelNames.count + edits.count + 1)

        // Top-level names: the program scope's symbols by the start of their first binding.
        if !topLevelNames.isEmpty {
            var symbolAt: [UInt32: Int32] = [:]
            symbolAt.reserveCapacity(tree.symbols.count)
            for (index, symbol) in tree.symbols.enumerated() where symbol.scope == 0 {
                symbolAt[tree[symbol.node].start] = Int32(truncatingIfNeeded: index)
            }
            var newName = [Int32](repeating: -1, count: tree.symbols.count)
            for (declaration, name) in topLevelNames where declaration < analysis.declarations.count {
                let token = analysis.declarations.records[declaration].token
                guard token < tokens.count, let symbol = symbolAt[UInt32(truncatingIfNeeded: tokens[token].start)] else { return nil }
                newName[Int(symbol)] = interned.id(name, in: &tree)
            }
            rename(&tree, newName: newName, result: &result)
        } else {
            rename(&tree, newName: [], result: &result)
        }

        // The program's statements, by start offset.
        let program = Array(tree.list(tree[tree.root].a))
        var statementAt: [UInt32: Int] = [:]
        statementAt.reserveCapacity(program.count)
        for (index, statement) in program.enumerated() where statementAt[tree[statement].start] == nil {
            statementAt[tree[statement].start] = index
        }
        var statements = program
        var kept = [Bool](repeating: true, count: program.count)
        // Edits replacing an expression by text, made once the statements are known.
        var expressionEdits: [(edit: TokenEdit, start: UInt32, end: UInt32)] = []
        for edit in edits {
            guard edit.start < edit.end, edit.end <= tokens.count, tokens[edit.end - 1].end <= tree.source.count else { return nil }
            let start = UInt32(truncatingIfNeeded: tokens[edit.start].start)
            let end = UInt32(truncatingIfNeeded: tokens[edit.end - 1].end)
            result.replaced.append(Int(start)..<Int(end))
            let text = edit.text
            if text.isEmpty || (text == ";" && edit.mappedToken == nil) {
                guard let index = statementAt[start] else { return nil }
                let statement = tree[program[index]]
                // `export` (`export default`) before a declaration: the declaration stays in the statement's place.
                if text.isEmpty, statement.kind == .exportNamedDeclaration || statement.kind == .exportDefaultDeclaration,
                    statement.a >= 0, isDeclaration(tree[statement.a].kind), edit.end < tokens.count,
                    tokens[edit.end].start == Int(tree[statement.a].start)
                {
                    statements[index] = statement.a
                    continue
                }
                // Whole statements removed.
                var last = index
                while last < program.count, tree[program[last]].end <= end {
                    kept[last] = false
                    last += 1
                }
                guard last > index, tree[program[last - 1]].end == end else { return nil }
                continue
            }
            if text.hasPrefix("let "), text.hasSuffix(" ="), edit.end - edit.start == 2, let index = statementAt[start],
                tree[program[index]].kind == .exportDefaultDeclaration
            {
                // `export default expression` → `let name = expression`.
                let statement = tree[program[index]]
                guard statement.a >= 0, !isDeclaration(tree[statement.a].kind) else { return nil }
                let name = String(text.dropFirst(4).dropLast(2))
                guard isName(name) else { return nil }
                let inside = SourceRange(start: Int(start), end: Int(start) + 1)
                let nameID = interned.id(name, in: &tree)
                let binding = tree.appendNode(.bindingIdentifier, flags: .synthetic, at: inside, a: nameID)
                tree.nodes[Int(binding)].b = Int32(truncatingIfNeeded: tree.symbols.count)
                tree.symbols.append(SyntaxSymbol(name: tree[binding].a, kind: .let, scope: 0, node: binding))
                let declarator = tree.appendNode(.variableDeclarator, at: inside, a: binding, b: statement.a)
                result.unmappedNodes.append(binding)
                result.unmappedNodes.append(declarator)
                statements[index] = tree.appendNode(
                    .variableDeclaration, op: nil, at: statement.range, a: tree.appendList([declarator]))
                tree.nodes[Int(statements[index])].op = SyntaxVariableKind.let.rawValue
                result.write(interned.id("let", in: &tree), at: start)
                continue
            }
            expressionEdits.append((edit, start, end))
        }
        if !expressionEdits.isEmpty {
            guard makeExpressionEdits(expressionEdits, in: &tree, names: &interned, callees: wrapped, result: &result) else {
                return nil
            }
        }

        // A top-level `const` nothing writes is written `let` (as the text route's edit writes it).
        var kept32: [UInt32: Int] = [:]
        kept32.reserveCapacity(statements.count)
        for index in statements.indices where kept[index] { kept32[tree[statements[index]].start] = index }
        for declaration in analysis.unwrittenConsts where declaration.scope == 0 && !wrapped {
            let token = Int(declaration.keyword)
            guard token < tokens.count else { return nil }
            let start = UInt32(truncatingIfNeeded: tokens[token].start)
            guard let index = kept32[start] else {
                // Removed with its statement.
                if result.replaced.contains(where: { $0.contains(Int(start)) }) { continue }
                return nil
            }
            let statement = statements[index]
            guard tree[statement].kind == .variableDeclaration else { return nil }
            tree.nodes[Int(statement)].op = SyntaxVariableKind.let.rawValue
        }

        var list: [Int32] = []
        list.reserveCapacity(statements.count)
        for index in statements.indices where kept[index] {
            switch tree[statements[index]].kind {
            case .importDeclaration, .exportNamedDeclaration, .exportDefaultDeclaration, .exportAllDeclaration: return nil
            default: list.append(statements[index])
            }
        }
        tree.nodes[Int(tree.root)].a = tree.appendList(list)
        if !result.unmappedNodes.isEmpty {
            result.unmapped = [Bool](repeating: false, count: tree.nodes.count)
            for node in result.unmappedNodes { result.unmapped[Int(node)] = true }
        }
        result.builtNames = interned.ids
        return result
    }

    /// Writes each symbol with a name in `newName` (a name ID, -1 for none) under it: the symbol, its bindings and
    /// references (built names); references to import bindings become free names. A shorthand property of a renamed
    /// name is no longer shorthand, and its value maps to nothing (the edit writes `a: b`, mapped at `a`).
    private static func rename(_ tree: inout SyntaxTree, newName: [Int32], result: inout TreeHoistEdits) {
        var isImport = [Bool](repeating: false, count: tree.symbols.count)
        var any = false
        for (index, symbol) in tree.symbols.enumerated() where symbol.scope == 0 && symbol.kind == .import {
            isImport[index] = true
            any = true
        }
        guard any || !newName.isEmpty else { return }
        for (index, name) in newName.enumerated() where name >= 0 {
            let symbol = tree.symbols[index]
            tree.symbols[index] = SyntaxSymbol(
                name: name, kind: symbol.kind, scope: symbol.scope, node: symbol.node, isWritten: symbol.isWritten)
        }
        // One pass: a property comes after its key and value (a parent is added after its children). The nodes and
        // references are read and written through pointers (issue 41 step 4x: each write of an array element through
        // `tree` checked its uniqueness, and the pass reads every node of every hoisted module).
        let renamesAny = !newName.isEmpty
        var treeNodes: [SyntaxNode] = []
        var treeReferences: [SyntaxReference] = []
        swap(&treeNodes, &tree.nodes)
        swap(&treeReferences, &tree.references)
        defer {
            swap(&treeNodes, &tree.nodes)
            swap(&treeReferences, &tree.references)
        }
        treeNodes.withUnsafeMutableBufferPointer { nodes in
            treeReferences.withUnsafeMutableBufferPointer { references in
                isImport.withUnsafeBufferPointer { isImport in
                    newName.withUnsafeBufferPointer { newName in
                        for index in nodes.indices {
                            let node = nodes[index]
                            let symbol: Int32
                            switch node.kind {
                            case .bindingIdentifier:
                                guard renamesAny else { continue }
                                symbol = node.b
                            case .identifier:
                                guard node.b >= 0, Int(node.b) < references.count else { continue }
                                symbol = references[Int(node.b)].symbol
                                guard symbol >= 0, Int(symbol) < isImport.count else { continue }
                                if isImport[Int(symbol)] { references[Int(node.b)].symbol = -1 }
                            case .property:
                                guard node.flags.contains(.shorthand) else { continue }
                                var value = node.b
                                guard value < nodes.count else { continue }
                                if value >= 0,
                                    nodes[Int(value)].kind == .assignmentExpression || nodes[Int(value)].kind == .assignmentPattern
                                {
                                    value = nodes[Int(value)].a
                                }
                                guard value >= 0, value < nodes.count,
                                    nodes[Int(value)].kind == .identifier || nodes[Int(value)].kind == .bindingIdentifier,
                                    nodes[Int(value)].flags.contains(.synthetic)
                                else { continue }
                                nodes[index].flags.remove(.shorthand)
                                result.unmappedNodes.append(value)
                                // The text there starts with the key, as the source's does.
                                result.write(0, at: nodes[Int(value)].start, asSource: true)
                                continue
                            default:
                                continue
                            }
                            guard symbol >= 0, Int(symbol) < newName.count else { continue }
                            let name = newName[Int(symbol)]
                            guard name >= 0 else { continue }
                            nodes[index].a = name
                            nodes[index].flags.insert(.synthetic)
                            result.write(name, at: node.start)
                        }
                    }
                }
            }
        }
    }

    /// Replaces the expression each edit's tokens span by the edit's text, built: a name, a member `name.key`, either
    /// after `key: ` (a shorthand property's value), or `void 0`; with `callees`, a name or member read as a callee,
    /// `(0, text)` (a parenthesized sequence, which the text route's map leaves unmapped inside). `false` where an edit
    /// is none of these.
    private static func makeExpressionEdits(
        _ edits: [(edit: TokenEdit, start: UInt32, end: UInt32)], in tree: inout SyntaxTree, names: inout BuiltNames,
        callees: Bool = false, result: inout TreeHoistEdits
    ) -> Bool {
        // Per start offset, the outermost expression (the last added: a parent is added after its children) of each end.
        var starts = [Bool](repeating: false, count: tree.source.count + 1)
        for edit in edits { starts[Int(edit.start)] = true }
        var spanning: [UInt64: Int32] = [:]
        spanning.reserveCapacity(edits.count * 2)
        let limit = UInt32(truncatingIfNeeded: tree.source.count)
        for (index, node) in tree.nodes.enumerated() where isExpression(node.kind) && node.start <= limit && starts[Int(node.start)] {
            spanning[UInt64(node.start) << 32 | UInt64(node.end)] = Int32(truncatingIfNeeded: index)
        }
        for (edit, start, end) in edits {
            guard let id = spanning[UInt64(start) << 32 | UInt64(end)] else { return false }
            let node = tree[id]
            let at = SourceRange(start: Int(start), end: Int(start) + 1)
            var text = Substring(edit.text)
            // `(0, text)`: a callee read without its object as `this` (all of it inside the edit's text).
            var sequence = false
            if callees, text.hasPrefix("(0, "), text.hasSuffix(")"), node.kind == .identifier {
                text = text.dropFirst(4).dropLast()
                sequence = true
            }
            let word = text.prefix { SyntaxPrinter.isWordByte($0.asciiValue ?? 0x80) }
            result.write(word.isEmpty ? nil : names.id(String(word), in: &tree), at: start)
            if text == "void 0" || text == "(void 0)", node.kind == .thisExpression {
                let zero = tree.appendSynthetic(.numberLiteral, text: "0", at: at)
                result.unmappedNodes.append(zero)
                tree.replace(
                    id, with: SyntaxNode(.unaryExpression, op: SyntaxOperator.void.rawValue, start: Int(start), end: Int(end), a: zero))
                continue
            }
            // A shorthand property's value: `key: text` (the property is no longer shorthand; the value maps to nothing).
            var inside = false
            if let colon = text.firstIndex(of: ":") {
                guard node.kind == .identifier, text[colon...].hasPrefix(": "),
                    text[..<colon].utf8.elementsEqual(tree.source[Int(node.start)..<Int(node.end)])
                else { return false }
                text = text[text.index(colon, offsetBy: 2)...]
                inside = true
                guard clearShorthand(of: id, in: &tree) else { return false }
            }
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard let object = parts.first, isName(object), parts.count == 1 || isName(parts[1]) else { return false }
            let name = tree.appendNode(
                .identifier, flags: .synthetic, at: SourceRange(start: Int(start), end: Int(end)), a: names.id(String(object), in: &tree))
            tree.nodes[Int(name)].b = -1
            if inside || sequence { result.unmappedNodes.append(name) }
            if sequence {
                var read = name
                if parts.count > 1 {
                    let key = tree.appendNode(.identifierName, flags: .synthetic, at: at, a: names.id(String(parts[1]), in: &tree))
                    read = tree.appendNode(.memberExpression, at: SourceRange(start: Int(start), end: Int(end)), a: name, b: key)
                    result.unmappedNodes.append(key)
                    result.unmappedNodes.append(read)
                }
                let zero = tree.appendSynthetic(.numberLiteral, text: "0", at: at)
                result.unmappedNodes.append(zero)
                result.unmappedNodes.append(id)
                tree.replace(
                    id,
                    with: SyntaxNode(
                        .sequenceExpression, flags: .parenthesized, start: Int(start), end: Int(end), a: tree.appendList([zero, read])))
                continue
            }
            if parts.count == 1 {
                tree.replace(id, with: tree[name])
                if inside { result.unmappedNodes.append(id) }
                continue
            }
            let key = tree.appendNode(.identifierName, flags: .synthetic, at: at, a: names.id(String(parts[1]), in: &tree))
            result.unmappedNodes.append(key)
            tree.replace(id, with: SyntaxNode(.memberExpression, start: Int(start), end: Int(end), a: name, b: key))
            if inside { result.unmappedNodes.append(id) }
        }
        return true
    }

    /// Makes the shorthand property whose value is identifier `value` a plain one; `false` when none is found.
    private static func clearShorthand(of value: Int32, in tree: inout SyntaxTree) -> Bool {
        let start = tree[value].start
        for index in tree.nodes.indices where tree.nodes[index].kind == .property && tree.nodes[index].start == start {
            guard tree.nodes[index].flags.contains(.shorthand), tree.nodes[index].b == value else { continue }
            tree.nodes[index].flags.remove(.shorthand)
            return true
        }
        return false
    }

    /// Records that the text route writes the name with ID `name` (`nil`: no word) at source offset `offset`, or
    /// (`asSource`) the source's own text there.
    private mutating func write(_ name: Int32?, at offset: UInt32, asSource: Bool = false) {
        guard !writtenWords.isEmpty else { return }
        writtenWords[Int(offset)] = asSource ? 0 : name.map { $0 + 1 } ?? -1
    }

    /// The names built for the edits, each added to the tree once.
    struct BuiltNames {
        private(set) var ids: [String: Int32] = [:]

        package mutating func reserve(_ count: Int) { ids.reserveCapacity(count) }

        package mutating func id(_ name: String, in tree: inout SyntaxTree) -> Int32 {
            if let known = ids[name] { return known }
            let id = tree.appendName(name)
            ids[name] = id
            return id
        }
    }

    private static func isDeclaration(_ kind: SyntaxKind) -> Bool {
        kind == .variableDeclaration || kind == .functionDeclaration || kind == .classDeclaration
    }

    /// Whether a node of `kind` is an expression an edit may replace.
    private static func isExpression(_ kind: SyntaxKind) -> Bool {
        switch kind {
        case .identifier, .memberExpression, .thisExpression: return true
        default: return false
        }
    }

    /// An ASCII identifier name, as the linker writes the shared scope's names and property names.
    private static func isName<Text: StringProtocol>(_ text: Text) -> Bool {
        guard let first = text.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return text.utf8.allSatisfy { SyntaxPrinter.isWordByte($0) && $0 < 0x80 }
    }
}
