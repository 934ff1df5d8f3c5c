import Foundation
import ScriptLowering
import ScriptMinify
import ScriptModules
import ScriptSyntax

/// Writes a bundle whose files use modules: the module registry, one definition per module in the graph,
/// then the entries in group order (modules are required, plain scripts run in their own scope).
enum ModuleBundleAssembler {
    /// Paths of a module file for banners and source maps.
    struct PathStyle {
        let banner: (String) -> String
        let mapSource: (String) -> String
    }

    /// Production writes every piece as text with its intermediate map and minifies it with `TreeMinifier`.
    /// `modulesFromTrees`: a wrapped CommonJS module's definition is minified from the module's tree
    /// (`TreeModulePiece`); `false` writes it as text as every other piece (kept to check that both agree).
    static func assemble(
        _ graph: ModuleGraph, outputFileName: String, mode: BundleMode, sourceMaps: SourceMapMode, paths: PathStyle,
        target: ScriptTarget = .default, modulesFromTrees: Bool = true
    ) throws(BundlerError) -> AssembledBundle {
        var taken = ShortNameSet()
        if mode == .production {
            for index in graph.records.indices { RuntimeNames.shortNamesUsed(by: graph.records[index], into: &taken) }
        }
        var names = mode == .production ? RuntimeNames.short(avoiding: taken, target: target) : .development(for: target)
        // The lowering helpers the lowered files call, declared once at the top of the bundle's scope.
        let loweringHelpers = LoweringHelper.closure(graph.records.flatMap { $0.lowering?.helpers.map(\.helper) ?? [] })
        if !loweringHelpers.isEmpty {
            if mode == .production {
                var runtimeTaken = taken
                for name in names.all { runtimeTaken.insert(name.utf8) }
                names.helpers = RuntimeNames.shortHelperNames(loweringHelpers, avoiding: runtimeTaken)
            } else {
                names.helpers = RuntimeNames.readableHelperNames(loweringHelpers, avoidingNamesOf: graph.records)
            }
        }
        var linker = ModuleLinker(graph: graph, dropsUnused: mode == .production, names: names)
        let inlineEntries = Set(graph.entries.filter { graph.records[$0].kind == .plainScript && !graph.records[$0].isImported })
        if mode == .production {
            for name in names.all { taken.insert(name.utf8) }
            var plan = ScopeHoisting(graph: graph, linker: &linker, inlineEntries: inlineEntries, taken: taken)
            if plan.hoistsAny {
                return try assembleHoisted(
                    graph, plan: &plan, linker: &linker, inlineEntries: inlineEntries, outputFileName: outputFileName,
                    sourceMaps: sourceMaps, paths: paths, modulesFromTrees: modulesFromTrees)
            }
        }
        let capacity = graph.records.reduce(4096) { $0 + $1.bytes.count + 128 }
        let mapping = sourceMaps != .none
        var code = GeneratedCode(isMapping: mapping, intermediate: mode == .production, capacity: capacity)
        // Production minifies the bundle in pieces that each stand on their own (the runtime, each module, each
        // inline entry, the entry calls), in parallel; the enclosing function is added around them.
        var pieces: [UnminifiedPiece] = []
        // What the code being written holds.
        var kind = TreePieceKind.other
        func cut() {
            guard mode == .production else { return }
            if !code.bytes.isEmpty { pieces.append(piece(code, kind: kind)) }
            kind = .other
            code = GeneratedCode(isMapping: mapping, intermediate: true, capacity: 1024)
        }
        var linkedModules: [(record: ModuleRecord, linked: ModuleLinker.LinkedModule)] = []
        for index in graph.records.indices where !inlineEntries.contains(graph.records[index].id) {
            // A module left out is still linked, so its imports are checked in both modes alike.
            let id = graph.records[index].id
            let linked = try linker.link(id)
            if !linker.isLeftOut(id) { linkedModules.append((graph.records[index], linked)) }
        }
        // Every module is linked before the runtime is written: the runtime holds only the helpers they call.
        if mode != .production { code.appendUnmapped("(function () {\n") }
        code.appendUnmapped(ModuleRuntime.source(for: linker.helpers, features: linker.features, names: names))
        code.appendUnmapped(LoweringHelper.declarations(of: names.helpers))
        cut()
        for (record, linked) in linkedModules {
            if mode == .production, modulesFromTrees, TreeModulePiece.builds(record, linked, define: names.define) {
                cut()
                pieces.append(.treeModule(treeModulePiece(record, linked, define: names.define, paths: paths, mapping: mapping)))
                continue
            }
            if mode == .development { code.appendUnmapped("// " + banner(record, paths: paths) + "\n") }
            kind = .wrappedModule
            code.appendUnmapped(linked.header)
            try appendBody(record, edits: linked.edits, to: &code, paths: paths)
            code.appendUnmapped(linked.footer)
            cut()
        }
        // Entry calls go with the next inline entry's piece (as the unminified bundle has them), or last.
        var pendingCalls: [String] = []
        for entry in graph.entries {
            let record = graph.records[entry]
            if inlineEntries.contains(entry) {
                let helperEdits = ModuleLinker.helperEdits(record, names: names)
                for call in pendingCalls { code.appendUnmapped(call) }
                kind = .inlineEntry
                if mode == .development { code.appendUnmapped("// " + banner(record, paths: paths) + "\n") }
                code.appendUnmapped(String(decoding: BundleAssembler.prologue, as: UTF8.self))
                try appendBody(record, edits: helperEdits, to: &code, paths: paths)
                code.appendUnmapped(String(decoding: BundleAssembler.epilogue, as: UTF8.self))
                cut()
                pendingCalls = []
            } else {
                pendingCalls.append("\(names.require)(\(entry));\n")
            }
        }
        for call in pendingCalls { code.appendUnmapped(call) }
        if mode == .production {
            cut()
            // Handed over: only `finishPieces` keeps the pieces, releasing each once minified.
            let all = pieces
            pieces = []
            return try BundleAssembler.finishPieces(
                // An arrow function: nothing at this level (the runtime, module definitions, entry calls and wrapped
                // inline entries) reads `arguments` or `new.target`, and `this` is the one `.call(this)` passes.
                all, enclosedIn: ("(()=>{", "})();"), outputFileName: outputFileName, mode: mode, sourceMaps: sourceMaps)
        }
        code.appendUnmapped("}).call(this);\n")

        return BundleAssembler.finish(
            code.bytes, map: sourceMaps == .none ? nil : code.map, outputFileName: outputFileName, mode: mode, sourceMaps: sourceMaps)
    }

    /// `code` as a production piece to minify, with its intermediate map, for the tree minifier (with the original
    /// names of the names edits wrote, see `TreePiece`).
    static func piece(_ code: GeneratedCode, originalNames: [String: String] = [:], kind: TreePieceKind = .other) -> UnminifiedPiece {
        let map = code.isMapping ? code.map : nil
        return .tree(TreePiece(code: code.bytes, map: map, originalNames: originalNames, kind: kind))
    }

    /// The definition of wrapped module `record` linked as `linked`, for the tree minifier to minify from the
    /// module's tree (`TreeModulePiece`; `TreeModulePiece.builds` must hold).
    static func treeModulePiece(
        _ record: ModuleRecord, _ linked: ModuleLinker.LinkedModule, define: String, paths: PathStyle, mapping: Bool
    ) -> TreeModulePiece {
        TreeModulePiece(
            record: record, edits: linked.edits, header: linked.header, footer: linked.footer, parameters: linked.bindings,
            define: define, mapSource: mapping ? paths.mapSource(record.path) : nil,
            esHeader: record.kind == .esModule ? linked.esHeader : nil)
    }

    /// `piece` minified from the module's tree, or where the tree cannot express it, written as text (as the text
    /// route writes it) and minified from its text.
    static func minify(_ piece: TreeModulePiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        if let minified = piece.minified() { return minified }
        return try minifiedFromText(piece)
    }

    /// `piece` written as text with its intermediate map and minified from its text (step 4b's route).
    static func minifiedFromText(_ piece: TreeModulePiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        var code = GeneratedCode(isMapping: piece.mapSource != nil, intermediate: true, capacity: piece.record.bytes.count + 64)
        code.appendUnmapped(piece.header)
        let source = piece.mapSource.map { code.addSource($0, content: piece.record.sourceBytes) } ?? 0
        let record = piece.record
        code.appendSource(record.bytes, tokens: record.tokens, edits: piece.edits, sourceIndex: source, origins: record.lowering?.origins)
        code.endLine()
        code.appendUnmapped(piece.footer)
        let map = code.isMapping ? code.map : nil
        return try TreeMinifier.minify(TreePiece(code: code.bytes, map: map, kind: .wrappedModule))
    }

    static func banner(_ record: ModuleRecord, paths: PathStyle) -> String {
        let text = record.kind == .empty ? "(empty module for '\(record.path)')" : paths.banner(record.path)
        // Characters are only looked at when a byte of a line terminator occurs (a CR LF is one character, kept).
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" ? "?" : $0 })
    }

    static func appendBody(_ record: ModuleRecord, edits: [TokenEdit], to code: inout GeneratedCode, paths: PathStyle) throws(BundlerError)
    {
        guard record.hasBody else { return }
        let source = code.isMapping ? code.addSource(paths.mapSource(record.path), content: record.sourceBytes) : 0
        code.appendSource(record.bytes, tokens: record.tokens, edits: edits, sourceIndex: source, origins: record.lowering?.origins)
        code.endLine()
    }
}
