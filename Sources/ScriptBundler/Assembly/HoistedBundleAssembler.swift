import ScriptLowering
import ScriptMinify
import ScriptModules
import ScriptSyntax

/// The layout of a production module bundle with scope-hoisted modules (`ScopeHoisting`):
/// ```
/// (()=>{
///   <runtime, only when some module keeps its wrapper>   <wrapped modules' definitions>
///   function E(){ <inline entry> }                         (sloppy, as the plain script was)
///   (()=>{"use strict";
///     <hoisted modules, wrapped imports `var w=interop(id)`, `require(id)` of wrapped entries, `E.call(this)`,
///      in evaluation order>
///   })();
/// })();
/// ```
/// The lowering helpers the lowered files call (`LoweringHelper.declarations(of:)`) come right before the strict
/// arrow function (at its top when it is the bundle's only one).
/// The hoisted modules share the strict arrow function's scope; the sloppy code (CommonJS wrappers, plain
/// scripts) is defined outside it, so each file keeps its own mode. When there is no such code, the strict arrow
/// function is the bundle's only one: `(()=>{"use strict";…})();`.
extension ModuleBundleAssembler {
    static func assembleHoisted(
        _ graph: ModuleGraph, plan: inout ScopeHoisting, linker: inout ModuleLinker, inlineEntries: Set<Int>, outputFileName: String,
        sourceMaps: SourceMapMode, paths: PathStyle, modulesFromTrees: Bool = true
    ) throws(BundlerError) -> AssembledBundle {
        let names = linker.names
        let mapping = sourceMaps != .none
        var code = GeneratedCode(isMapping: mapping, intermediate: true, capacity: 4096)
        var pieces: [UnminifiedPiece] = []
        // The original names of the names edits write into the code being written (a hoisted module's top-level names).
        var originalNames: [String: String] = [:]
        // What the code being written holds.
        var kind = TreePieceKind.other
        func cut() {
            if !code.bytes.isEmpty { pieces.append(piece(code, originalNames: originalNames, kind: kind)) }
            code = GeneratedCode(isMapping: mapping, intermediate: true, capacity: 1024)
            originalNames = [:]
            kind = .other
        }
        func verbatim(_ text: String) {
            cut()
            pieces.append(.verbatim(text))
        }
        var wrapped: [(record: ModuleRecord, linked: ModuleLinker.LinkedModule)] = []
        var hoisted: [Int: ModuleLinker.HoistedModule] = [:]
        for index in graph.records.indices where !inlineEntries.contains(graph.records[index].id) {
            let id = graph.records[index].id
            if plan.isHoisted[id] {
                hoisted[id] = try linker.linkHoisted(id, plan: &plan)
                continue
            }
            let linked = try linker.link(id)
            if !linker.isLeftOut(id) { wrapped.append((graph.records[index], linked)) }
        }
        // How each wrapped import is evaluated (and which runtime helpers that takes), known before the runtime is written.
        var wrappedImports: [Int: String] = [:]
        for step in plan.steps {
            if case .wrappedImport(let id) = step { wrappedImports[id] = linker.namespaceCall(of: id) }
        }
        if !wrapped.isEmpty || !linker.helpers.isEmpty {
            code.appendUnmapped(ModuleRuntime.source(for: linker.helpers, features: linker.features, names: names))
            cut()
        }
        for (record, linked) in wrapped {
            if modulesFromTrees, TreeModulePiece.builds(record, linked, define: names.define) {
                cut()
                pieces.append(.treeModule(treeModulePiece(record, linked, define: names.define, paths: paths, mapping: mapping)))
                continue
            }
            kind = .wrappedModule
            code.appendUnmapped(linked.header)
            try appendBody(record, edits: linked.edits, to: &code, paths: paths)
            code.appendUnmapped(linked.footer)
            cut()
        }
        // Inline entries are sloppy scripts: their functions are declared outside the strict scope.
        for step in plan.steps {
            guard case .plainEntry(let id) = step else { continue }
            let record = graph.records[id]
            let open = "function " + plan.name(.plainEntry(module: id)) + "() {\n"
            let helperEdits = ModuleLinker.helperEdits(record, names: names)
            kind = .inlineEntry
            code.appendUnmapped(open)
            try appendBody(record, edits: helperEdits, to: &code, paths: paths)
            code.appendUnmapped("}\n")
            cut()
        }
        // With no sloppy code around it (no wrapped module, no runtime, no plain entry), the strict scope is the
        // bundle's own function.
        let alone = pieces.isEmpty && code.bytes.isEmpty
        // The lowering helpers the lowered files call: at the top of the strict scope when it is the bundle's only
        // one, else in the enclosing scope that every module's code sees.
        if !names.helpers.isEmpty {
            code.appendUnmapped(LoweringHelper.declarations(of: names.helpers))
            cut()
        }
        if !alone { verbatim("(()=>{\"use strict\";") }
        if !plan.namespaceModules.isEmpty {
            code.appendUnmapped(Self.namespaceMaker(plan.name(.namespaceMaker)))
        }
        for step in plan.steps {
            switch step {
            case .namespace(let id):
                let getters = plan.namespaceGetters(of: id, graph: graph, linker: &linker)
                    .map { ModuleLinker.propertyKey($0.name) + ": () => " + $0.text }
                code.appendUnmapped(
                    "var \(plan.name(.namespace(module: id))) = \(plan.name(.namespaceMaker))({" + getters.joined(separator: ", ") + "});\n"
                )
            case .plainEntry(let id):
                code.appendUnmapped(plan.name(.plainEntry(module: id)) + ".call(this);\n")
            case .wrappedEntry(let id):
                code.appendUnmapped("\(names.require)(\(id));\n")
            case .wrappedImport(let id):
                code.appendUnmapped("var \(plan.name(.wrapped(module: id))) = \(wrappedImports[id] ?? linker.namespaceCall(of: id));\n")
            case .module(let id):
                guard let linked = hoisted[id] else { continue }
                let record = graph.records[id]
                if modulesFromTrees, TreeHoistedPiece.accepts(record),
                    record.facts?.holdsParse == true || TreeHoistedPiece.dropsLittle(linked.edits, in: record)
                {
                    cut()
                    pieces.append(
                        .treeHoisted(
                            TreeHoistedPiece(
                                record: record, edits: linked.edits, topLevelNames: linked.topLevelNames,
                                needsTerminator: linked.needsTerminator, mapSource: mapping ? paths.mapSource(record.path) : nil)))
                    continue
                }
                // Minified from its text: the top-level names, and `let` for the top-level `const`s nothing writes, are
                // written by edits (the piece's top level is then the program's, which the minifier leaves as it is).
                let edits = Self.renamingTopLevel(record, names: linked.topLevelNames, edits: linked.edits)
                cut()
                if mapping, let analysis = record.analysis {
                    for (declaration, name) in linked.topLevelNames where declaration < analysis.declarations.count {
                        originalNames[name] = analysis.declarations[declaration].name
                    }
                }
                kind = .hoistedModule
                try appendBody(record, edits: edits, to: &code, paths: paths)
                if linked.needsTerminator { code.appendUnmapped(";\n") }
                cut()
            }
        }
        if !alone { verbatim("})();") }
        cut()
        let all = pieces
        pieces = []
        return try BundleAssembler.finishPieces(
            all, enclosedIn: (alone ? "(()=>{\"use strict\";" : "(()=>{", "})();"), outputFileName: outputFileName, mode: .production,
            sourceMaps: sourceMaps)
    }

    /// `piece` minified from the module's tree, or where the tree cannot express its edits, written as text (as the
    /// text route writes it) and minified from its text.
    static func minify(_ piece: TreeHoistedPiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        if let minified = piece.minified() { return minified }
        return try hoistedFromText(piece)
    }

    /// `piece` written as text with its intermediate map (its top-level names written in by edits, with their original
    /// names for the map) and minified from its text (step 4b's route).
    static func minifiedFromText(_ piece: TreeHoistedPiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        let record = piece.record
        let mapping = piece.mapSource != nil
        let edits = renamingTopLevel(record, names: piece.topLevelNames, edits: piece.edits)
        var originalNames: [String: String] = [:]
        if mapping, let analysis = record.analysis {
            for (declaration, name) in piece.topLevelNames where declaration < analysis.declarations.count {
                originalNames[name] = analysis.declarations[declaration].name
            }
        }
        var code = GeneratedCode(isMapping: mapping, intermediate: true, capacity: record.bytes.count + 64)
        if record.hasBody {
            let source = piece.mapSource.map { code.addSource($0, content: record.sourceBytes) } ?? 0
            code.appendSource(record.bytes, tokens: record.tokens, edits: edits, sourceIndex: source, origins: record.lowering?.origins)
            code.endLine()
        }
        if piece.needsTerminator { code.appendUnmapped(";\n") }
        let map = code.isMapping ? code.map : nil
        return try TreeMinifier.minify(TreePiece(code: code.bytes, map: map, originalNames: originalNames, kind: .hoistedModule))
    }

    /// A hoisted module the tree route did not take (a function of its own, so a profile counts them).
    @inline(never)
    private static func hoistedFromText(_ piece: TreeHoistedPiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        return try minifiedFromText(piece)
    }

    /// The function that makes the namespace object of a hoisted module from its getters, as the registry makes an
    /// ES module's: no prototype, `Symbol.toStringTag` "Module" and `__esModule` (not enumerable), a getter per export.
    static func namespaceMaker(_ name: String) -> String {
        """
        function \(name)(getters) {
          var namespace = Object.create(null), key;
          Object.defineProperty(namespace, Symbol.toStringTag, { value: "Module" });
          Object.defineProperty(namespace, "__esModule", { value: true });
          for (key in getters) Object.defineProperty(namespace, key, { enumerable: true, get: getters[key] });
          return namespace;
        }

        """
    }

    /// `edits` plus edits writing each declaration of `names` (and each reference to one) by its new name and each
    /// top-level `const` nothing writes as `let` (what the minifier does for a prepared hoisted piece), where no edit
    /// of `edits` already covers the token.
    static func renamingTopLevel(_ record: ModuleRecord, names: [Int: String], edits: [TokenEdit]) -> [TokenEdit] {
        guard let analysis = record.analysis, !names.isEmpty else { return edits }
        let covered = edits.filter { $0.end > $0.start }.map { $0.start..<$0.end }
        func isCovered(_ token: Int) -> Bool {
            // `covered` is sorted by start and disjoint.
            var low = 0, high = covered.count
            while low < high {
                let middle = (low + high) / 2
                if covered[middle].lowerBound <= token { low = middle + 1 } else { high = middle }
            }
            return low > 0 && covered[low - 1].contains(token)
        }
        var result = edits
        for (declaration, name) in names where declaration < analysis.declarations.count {
            let token = analysis.declarations[declaration].token
            guard !isCovered(token) else { continue }
            let original = analysis.declarations[declaration].name
            let text = analysis.declarations[declaration].isShorthandPattern ? original + ": " + name : name
            result.append(.replace(token..<(token + 1), with: text, mappedTo: token))
        }
        for reference in analysis.references {
            guard let declaration = reference.declaration, let name = names[declaration], !isCovered(reference.token) else { continue }
            let text = reference.isShorthandProperty ? analysis.name(of: reference) + ": " + name : name
            result.append(.replace(reference.token..<(reference.token + 1), with: text, mappedTo: reference.token))
        }
        for declaration in analysis.unwrittenConsts where declaration.scope == 0 {
            let token = Int(declaration.keyword)
            guard token < record.tokens.count, !isCovered(token) else { continue }
            result.append(.replace(token..<(token + 1), with: "let", mappedTo: token))
        }
        ModuleLinker.sortEdits(&result)
        return result
    }
}
