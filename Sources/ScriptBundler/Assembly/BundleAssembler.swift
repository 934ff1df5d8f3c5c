import Foundation
import ScriptLowering
import ScriptMinify
import ScriptModules
import ScriptSyntax
import WKPackSupport

/// One input file of a bundle.
struct BundleInput {
    /// Path shown in errors (as configured).
    let displayPath: String
    /// Path in banner comments (relative to the project folder).
    let bannerPath: String
    /// Path in the source map's `sources` (relative to the map's folder).
    let mapSourcePath: String
    let bytes: [UInt8]
    /// The tokens of `bytes`, when a cache already has them.
    var tokenization: JavaScriptTokenization? = nil
}

/// Wraps each file in its own function scope, concatenates them and builds the source map.
///
/// Layout per file (the file's text keeps its own lines and columns, so mappings shift by lines only):
/// ```
/// // <banner path>           (development only)
/// (function () {
/// <file text; a hashbang becomes a `//` comment>
/// }).call(this);
/// ```
/// When a file lowered for the target calls lowering helpers (`LoweredSource`), the files are enclosed in one more
/// function, `(function () {` ... `}).call(this);` (`(()=>{` ... `})();` in production), whose top declares the
/// helpers once: the page's global scope gets no new names.
enum BundleAssembler {
    static let prologue: [UInt8] = Array("(function () {\n".utf8)
    static let epilogue: [UInt8] = Array("}).call(this);\n".utf8)

    /// Production minifies each file with `TreeMinifier`.
    static func assemble(
        _ inputs: [BundleInput], outputFileName: String, mode: BundleMode, sourceMaps: SourceMapMode, target: ScriptTarget = .default
    ) throws(BundlerError) -> AssembledBundle {
        if mode == .production {
            var (files, helpers) = try minifiedBundleFiles(
                inputs, mapping: sourceMaps != .none, target: target, outputFileName: outputFileName)
            var minified = MinifiedBundleComposer.composeFiles(
                files, helpers: helpers, mapping: sourceMaps != .none, licenseFileName: outputFileName + ".LICENSE.txt")
            // Joined: their memory goes to the map's JSON.
            files = []
            let map = minified.map
            let json = appendURLComments(&minified.code, map: map, outputFileName: outputFileName, mode: mode, sourceMaps: sourceMaps)
            return AssembledBundle(code: minified.code, map: json, license: minified.license)
        }
        let (code, map) = try concatenate(inputs, mode: mode, sourceMaps: sourceMaps, target: target)
        return finish(code, map: map, outputFileName: outputFileName, mode: mode, sourceMaps: sourceMaps)
    }

    /// Production: wraps, tokenizes (once, with comments) and minifies every file on its own, in parallel;
    /// fails with the first error in file order. The wrappers are left to `MinifiedBundleComposer.composeFiles`.
    static func minifiedFiles(
        _ inputs: [BundleInput], mapping: Bool, target: ScriptTarget = .default, outputFileName: String = "bundle.js"
    ) throws(BundlerError) -> [MinifiedFileBody] {
        try minifiedBundleFiles(inputs, mapping: mapping, target: target, outputFileName: outputFileName).files
    }

    /// `minifiedFiles`, and the minified declarations of the lowering helpers the lowered files call (`nil` when
    /// none does), which `MinifiedBundleComposer.composeFiles` puts at the top of a function enclosing the files.
    /// `outputFileName`: the bundle's, which names it in an internal error (`BundlerError.generatedCodeDoesNotParse`).
    static func minifiedBundleFiles(
        _ inputs: [BundleInput], mapping: Bool, target: ScriptTarget = .default, outputFileName: String
    ) throws(BundlerError) -> (files: [MinifiedFileBody], helpers: MinifiedPiece?) {
        // Each file is tokenized, parsed, checked and minified, in parallel; a file lowered for the target is printed
        // and minified once the lowering helpers the lowered files call are named for the whole bundle.
        let results = IndexedResults<Result<FirstStage, BundlerError>>.map(count: inputs.count, leaf: true) { index in
            do throws(BundlerError) {
                var (file, parsed) = try wrappedFile(inputs[index], target: target)
                guard file.lowering != nil else {
                    let shortNames = file.shortNames
                    let body = try minifiedFile(
                        consume file, helperNames: [:], mapping: mapping, target: target, outputFileName: outputFileName,
                        parsed: parsed.take())
                    return .success(.minified(body, shortNames))
                }
                return .success(.lowered(file, file.shortNames))
            } catch {
                return .failure(error)
            }
        }
        var stages: [FirstStage] = []
        stages.reserveCapacity(inputs.count)
        for result in results {
            switch result {
            case .success(let stage): stages.append(stage)
            case .failure(let error): throw error
            case nil: continue
            }
        }
        var used: [LoweringHelper] = []
        for case .lowered(let file, _) in stages { used += file.lowering?.helpers ?? [] }
        used = LoweringHelper.closure(used)
        var helperNames: [LoweringHelper: String] = [:]
        var helpers: MinifiedPiece?
        if !used.isEmpty {
            var taken = ShortNameSet()
            for stage in stages {
                switch stage {
                case .minified(_, let names): for index in names { taken.insert(index: Int(index)) }
                case .lowered(let file, let names):
                    for index in names { taken.insert(index: Int(index)) }
                    for name in file.lowering?.builtNames ?? [] where name.utf8.count <= ShortNameSet.maxLength { taken.insert(name.utf8) }
                }
            }
            helperNames = RuntimeNames.shortHelperNames(used, avoiding: taken)
            var code = GeneratedCode(isMapping: mapping, intermediate: true, capacity: 4096)
            code.appendUnmapped(LoweringHelper.declarations(of: helperNames))
            helpers = try minifiedPiece(code.bytes, map: mapping ? code.map : nil, outputFileName: outputFileName)
        }
        let names = helperNames
        let finished = TakeOnce(stages)
        stages = []
        let files = IndexedResults<Result<MinifiedFileBody, BundlerError>>.map(count: finished.count, leaf: true) { index in
            do throws(BundlerError) {
                switch finished.take(index) {
                case .minified(let body, _): return .success(body)
                case .lowered(let file, _):
                    return .success(
                        try minifiedFile(file, helperNames: names, mapping: mapping, target: target, outputFileName: outputFileName))
                case nil: return .success(MinifiedFileBody.complete(MinifiedPiece()))
                }
            } catch {
                return .failure(error)
            }
        }
        var minified: [MinifiedFileBody] = []
        minified.reserveCapacity(inputs.count)
        for result in files {
            switch result {
            case .success(let file): minified.append(file)
            case .failure(let error): throw error
            case nil: continue
            }
        }
        return (minified, helpers)
    }

    /// `text` wrapped in its function scope (the layout `concatenate` writes; a hashbang becomes a `//` comment),
    /// with the range the text takes.
    private static func wrapped(_ text: [UInt8]) -> (code: [UInt8], body: Range<Int>) {
        var code: [UInt8] = []
        code.reserveCapacity(prologue.count + text.count + epilogue.count + 1)
        code.append(contentsOf: prologue)
        let bodyStart = code.count
        code.append(contentsOf: text)
        if text.count >= 2, text[0] == 0x23, text[1] == 0x21 {
            code[bodyStart] = 0x2F
            code[bodyStart + 1] = 0x2F
        }
        let bodyEnd = code.count
        if !text.isEmpty, !LineTerminator.isAtEnd(of: text) { code.append(0x0A) }
        code.append(contentsOf: epilogue)
        return (code, bodyStart..<bodyEnd)
    }

    /// One file wrapped in its function scope (the layout `concatenate` writes), tokenized, parsed and checked
    /// against the target, and, where the target lacks syntax it uses, lowered but not yet printed.
    /// A file after the first stage of `minifiedBundleFiles`: minified, or lowered and not yet printed; with the
    /// short names (`ShortNameSet` indexes) its code uses, which the lowering helpers' names must avoid.
    enum FirstStage: Sendable {
        case minified(MinifiedFileBody, [Int32])
        case lowered(WrappedFile, [Int32])
    }

    struct WrappedFile: Sendable {
        let input: BundleInput
        let code: [UInt8]
        let body: Range<Int>
        let tokenization: JavaScriptTokenization
        let significant: [JavaScriptToken]
        let analysis: ScopeAnalysis
        let lowering: LoweredSource.Pending?

        /// The `ShortNameSet` indexes of the short identifiers of the code (property names too), each once.
        var shortNames: [Int32] {
            ShortNameSetPool.shared.withSet { names in
                code.withUnsafeBufferPointer { bytes in
                    for token in significant where token.kind == .identifier && token.end - token.start <= ShortNameSet.maxLength {
                        names.insert(UnsafeBufferPointer(rebasing: bytes[token.range]))
                    }
                }
                return names.indexes
            }
        }
    }

    /// The file is parsed with its comments and the tree is returned beside the file, for the tree minifier.
    private static func wrappedFile(
        _ input: BundleInput, target: ScriptTarget
    ) throws(BundlerError) -> (file: WrappedFile, parsed: ParsedProgram?) {
        let (code, body) = wrapped(input.bytes)
        let tokenization: JavaScriptTokenization
        do throws(JavaScriptSyntaxError) {
            tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
        } catch {
            // Report the error where the file has it (the wrapper shifts lines by one).
            do throws(JavaScriptSyntaxError) {
                _ = try JavaScriptTokenizer.tokenize(input.bytes)
            } catch {
                throw BundlerError(
                    .syntax(error.kind), at: SourceLocation(path: input.displayPath, line: error.line, column: error.column), error.message)
            }
            throw BundlerError(
                .syntax(error.kind), at: SourceLocation(path: input.displayPath, line: max(1, error.line - 1), column: error.column),
                error.message)
        }
        // Parsed once, for the target check and the minifier. A file that does not parse is the user's error, located
        // in the file, as a module file's is (`ModuleGraph`): shipped, it would fail where the browser injects it.
        let significant: [JavaScriptToken]
        let analysis: ScopeAnalysis
        let parsed: ParsedProgram?
        do throws(JavaScriptSyntaxError) {
            (significant, analysis, parsed) = try analyzed(code, tokenization: tokenization)
        } catch {
            throw syntaxError(of: input, wrappedError: error)
        }
        let check = { [code, tokenization, analysis] (ignored: Set<SyntaxFeature>) throws(BundlerError) in
            try SyntaxTargetCheck.check(
                code, tokens: tokenization.tokens, analysis: analysis, target: target, path: input.displayPath, lineOffset: 1,
                ignoring: ignored)
        }
        let lowering = try LoweredSource.prepare(
            input.bytes, tokens: [], features: analysis.syntaxFeatures, target: target, path: input.displayPath, check: check)
        let file = WrappedFile(
            input: input, code: code, body: body, tokenization: tokenization, significant: significant, analysis: analysis,
            lowering: lowering)
        return (file, parsed)
    }

    /// The significant tokens of wrapped `code` and its scope analysis, from one parse with the comments
    /// (`ParsedProgram.parse`) whose tree is returned too. Throws the parser's error where it does not parse.
    private static func analyzed(
        _ code: [UInt8], tokenization: JavaScriptTokenization
    ) throws(JavaScriptSyntaxError) -> (significant: [JavaScriptToken], analysis: ScopeAnalysis, parsed: ParsedProgram?) {
        let parse = try ParsedProgram.parse(code, tokenization: tokenization)
        return (parse.significant, parse.analysis, parse.program)
    }

    /// The located error of a script file that does not parse: the parser's error on the file alone (the text a module
    /// file with the same mistake gets), or where the file alone parses, `wrappedError` (its error in the wrapped file)
    /// moved up the wrapper's line.
    private static func syntaxError(of input: BundleInput, wrappedError: JavaScriptSyntaxError) -> BundlerError {
        var error = wrappedError
        var lineOffset = 1
        do throws(JavaScriptSyntaxError) {
            _ = try SyntaxParser.parse(input.bytes, keepComments: false)
        } catch let alone {
            error = alone
            lineOffset = 0
        }
        return BundlerError(
            .syntax(error.kind), at: SourceLocation(path: input.displayPath, line: max(1, error.line - lineOffset), column: error.column),
            error.message)
    }

    /// `file` minified; where it was lowered, its lowered code printed with the bundle's `helperNames`, mapped
    /// back to the file. `parsed`: the tree of `file`'s code (not lowered) for the tree minifier.
    private static func minifiedFile(
        _ file: consuming WrappedFile, helperNames: [LoweringHelper: String], mapping: Bool, target: ScriptTarget,
        outputFileName: String, parsed: consuming ParsedProgram? = nil
    ) throws(BundlerError) -> MinifiedFileBody {
        let input = file.input
        var (code, body, tokenization, significant, analysis) = (file.code, file.body, file.tokenization, file.significant, file.analysis)
        var lowering: LoweredSource?
        if let pending = file.lowering {
            let lowered = try LoweredSource.printed(pending, helperNames: helperNames)
            lowering = lowered
            (code, body) = wrapped(lowered.code)
            do throws(JavaScriptSyntaxError) {
                tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
            } catch {
                throw BundlerError(
                    .unsupportedSyntax, at: SourceLocation(path: input.displayPath),
                    "the code lowered for \(target) does not tokenize (\(error.message)); please report it")
            }
            do throws(JavaScriptSyntaxError) {
                (significant, analysis, parsed) = try analyzed(code, tokenization: tokenization)
            } catch {
                throw BundlerError.generatedCodeDoesNotParse(error, outputFileName: outputFileName)
            }
        }
        let source =
            mapping ? SourceMapBuilder.Source(path: input.mapSourcePath, content: input.bytes, origins: lowering?.origins) : nil
        do throws(JavaScriptSyntaxError) {
            return try TreeMinifier.minifyFileBody(
                code, tokenization: tokenization, significant: significant, analysis: analysis, body: body, source: source,
                parsed: parsed.take())
        } catch {
            throw BundlerError.generatedCodeDoesNotParse(error, outputFileName: outputFileName)
        }
    }

    /// `code` (with its intermediate map) minified as one piece by `TreeMinifier`.
    static func minifiedPiece(_ code: [UInt8], map: SourceMapBuilder?, outputFileName: String) throws(BundlerError) -> MinifiedPiece {
        do throws(JavaScriptSyntaxError) {
            return try TreeMinifier.minifyPiece(code, map: map)
        } catch {
            throw BundlerError.generatedCodeDoesNotParse(error, outputFileName: outputFileName)
        }
    }

    /// Links the map of a development bundle and appends its URL comment: shared by the script and the module
    /// assemblers. (Production bundles are minified in pieces and joined by `finishPieces` or
    /// `MinifiedBundleComposer.composeFiles`; a whole bundle is never minified at once.)
    static func finish(
        _ code: [UInt8], map: SourceMapBuilder?, outputFileName: String, mode: BundleMode, sourceMaps: SourceMapMode
    ) -> AssembledBundle {
        var code = code
        let json = appendURLComments(&code, map: map, outputFileName: outputFileName, mode: mode, sourceMaps: sourceMaps)
        return AssembledBundle(code: code, map: json, license: nil)
    }

    /// Production: minifies self-contained parts of a bundle (each with its intermediate map) in parallel, joins
    /// them between the (already minimal, unmapped) `enclosedIn` texts and links the map.
    ///
    /// Each piece is released as soon as it is minified, and the minified pieces once they are joined (pass the
    /// last reference to `pieces`), so later work reuses their memory.
    static func finishPieces(
        _ pieces: consuming [UnminifiedPiece], enclosedIn enclosure: (open: String, close: String),
        outputFileName: String, mode: BundleMode, sourceMaps: SourceMapMode
    ) throws(BundlerError) -> AssembledBundle {
        let unminified = TakeOnce(pieces)
        var minifiedPieces = [MinifiedPiece.verbatim(enclosure.open)]
        let order = PieceOrder.shared.next(count: unminified.count)
        let results = IndexedResults<Result<MinifiedPiece, JavaScriptSyntaxError>>.map(
            count: unminified.count, order: order, leaf: true
        ) { index in
            do throws(JavaScriptSyntaxError) {
                switch unminified.take(index) {
                case .tree(let piece): return .success(try TreeMinifier.minify(piece))
                case .treeModule(let piece): return .success(try ModuleBundleAssembler.minify(piece))
                case .treeHoisted(let piece): return .success(try ModuleBundleAssembler.minify(piece))
                case .verbatim(let text): return .success(MinifiedPiece.verbatim(text))
                case nil: return .success(MinifiedPiece())
                }
            } catch {
                return .failure(error)
            }
        }
        // The first error in piece order, so the message is the same on every run.
        minifiedPieces.reserveCapacity(results.count + 2)
        for result in results {
            switch result {
            case .success(let piece): minifiedPieces.append(piece)
            case .failure(let error): throw BundlerError.generatedCodeDoesNotParse(error, outputFileName: outputFileName)
            case nil: continue
            }
        }
        minifiedPieces.append(MinifiedPiece.verbatim(enclosure.close))
        var minified = MinifiedBundleComposer.compose(
            minifiedPieces, mapping: sourceMaps != .none, licenseFileName: outputFileName + ".LICENSE.txt")
        minifiedPieces = []
        let map = minified.map
        let json = appendURLComments(&minified.code, map: map, outputFileName: outputFileName, mode: mode, sourceMaps: sourceMaps)
        return AssembledBundle(code: minified.code, map: json, license: minified.license)
    }

    /// Wraps and concatenates the inputs; the map (unless `sourceMaps` is `none`) is not yet linked.
    static func concatenate(
        _ inputs: [BundleInput], mode: BundleMode, sourceMaps: SourceMapMode, target: ScriptTarget = .default
    ) throws(BundlerError) -> (code: [UInt8], map: SourceMapBuilder?) {
        var out: [UInt8] = []
        out.reserveCapacity(inputs.reduce(0) { $0 + $1.bytes.count + 64 } + 128)
        // Production minifies the bundle next, which only reads the map: keep it as numbers.
        var map = mode == .production ? SourceMapBuilder.intermediate() : SourceMapBuilder()
        if sourceMaps != .none { map.reserveCapacity(segments: inputs.reduce(0) { $0 + $1.bytes.count / 3 }) }
        let mapping = sourceMaps != .none
        var generatedLine = 0

        // First each file is tokenized and (where the target lacks syntax it uses) lowered; the helpers the lowered
        // files call are named for the whole bundle and declared at the top of a function enclosing the files.
        var tokenizations: [JavaScriptTokenization] = []
        var pendings: [LoweredSource.Pending?] = []
        tokenizations.reserveCapacity(inputs.count)
        pendings.reserveCapacity(inputs.count)
        for input in inputs {
            let tokenization: JavaScriptTokenization
            do throws(JavaScriptSyntaxError) {
                if let cached = input.tokenization {
                    tokenization = cached
                } else {
                    tokenization = try JavaScriptTokenizer.tokenize(input.bytes)
                }
            } catch {
                throw BundlerError(
                    .syntax(error.kind), at: SourceLocation(path: input.displayPath, line: error.line, column: error.column), error.message)
            }
            // Parsed, as production parses it (`wrappedFile`): a file that does not parse is the same located error in
            // both modes. The parse's syntax features tell the lowering what to lower.
            let features: SyntaxFeatureUses
            do throws(JavaScriptSyntaxError) {
                let facts = try SyntaxParser.parseWithFacts(input.bytes, tokenization: tokenization).facts
                features = SyntaxFeatureUses(firstTokens: facts.featureTokens)
            } catch {
                throw BundlerError(
                    .syntax(error.kind), at: SourceLocation(path: input.displayPath, line: error.line, column: error.column), error.message)
            }
            tokenizations.append(tokenization)
            pendings.append(
                try LoweredSource.prepare(
                    input.bytes, tokens: tokenization.tokens, features: features, target: target, path: input.displayPath
                ) { (ignored) throws(BundlerError) in
                    try SyntaxTargetCheck.check(
                        input.bytes, tokens: tokenization.tokens, analysis: nil, target: target, path: input.displayPath, ignoring: ignored)
                })
        }
        let used = LoweringHelper.closure(pendings.flatMap { $0?.helpers ?? [] })
        let helperNames = readableHelperNames(used, inputs: inputs, tokenizations: tokenizations)
        if !helperNames.isEmpty {
            out.append(contentsOf: prologue)
            if mapping { map.addUnmapped(generatedLine: generatedLine, generatedColumn: 0) }
            generatedLine += 1
            let declarations = Array(LoweringHelper.declarations(of: helperNames).utf8)
            out.append(contentsOf: declarations)
            generatedLine += declarations.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }

        for (index, input) in inputs.enumerated() {
            let tokenization = tokenizations[index]
            // Where the target lacks syntax the file uses: its lowered code, mapped back to the file.
            let lowering = try pendings[index].map { (pending) throws(BundlerError) in
                try LoweredSource.printed(pending, helperNames: helperNames)
            }
            let text = lowering?.code ?? input.bytes
            let tokens = lowering?.tokenization.tokens ?? tokenization.tokens
            if mode == .development {
                out.append(contentsOf: Array("// ".utf8))
                out.append(contentsOf: bannerText(input.bannerPath))
                out.append(0x0A)
                if mapping { map.addUnmapped(generatedLine: generatedLine, generatedColumn: 0) }
                generatedLine += 1
            }
            out.append(contentsOf: prologue)
            if mapping { map.addUnmapped(generatedLine: generatedLine, generatedColumn: 0) }
            generatedLine += 1

            let bodyStart = out.count
            out.append(contentsOf: text)
            if text.count >= 2, text[0] == 0x23, text[1] == 0x21 {
                out[bodyStart] = 0x2F
                out[bodyStart + 1] = 0x2F
            }
            if mapping {
                let source = map.addSource(input.mapSourcePath, content: input.bytes)
                addMappings(tokens, bytes: text, source: source, firstLine: generatedLine, origins: lowering?.origins, to: &map)
            }
            generatedLine += lowering?.tokenization.lineTerminatorCount ?? tokenization.lineTerminatorCount
            if !text.isEmpty, !LineTerminator.isAtEnd(of: text) {
                out.append(0x0A)
                generatedLine += 1
            }
            out.append(contentsOf: epilogue)
            if mapping { map.addUnmapped(generatedLine: generatedLine, generatedColumn: 0) }
            generatedLine += 1
        }
        if !helperNames.isEmpty {
            out.append(contentsOf: epilogue)
            if mapping { map.addUnmapped(generatedLine: generatedLine, generatedColumn: 0) }
            generatedLine += 1
        }

        return (out, mapping ? map : nil)
    }

    /// Development: the readable names of `helpers` (`__spreadValues`, else `__spreadValues2`, ...), none an
    /// identifier of any input (the lowered files' temporaries, `_a`, ..., cannot be one).
    private static func readableHelperNames(
        _ helpers: [LoweringHelper], inputs: [BundleInput], tokenizations: [JavaScriptTokenization]
    ) -> [LoweringHelper: String] {
        guard !helpers.isEmpty else { return [:] }
        var held = Set<String>()
        for (input, tokenization) in zip(inputs, tokenizations) {
            input.bytes.withUnsafeBufferPointer { bytes in
                for token in tokenization.tokens where token.kind == .identifier && token.end - token.start > 2 && token.end <= bytes.count
                {
                    guard bytes[token.start] == 0x5F, bytes[token.start + 1] == 0x5F else { continue }
                    held.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self))
                }
            }
        }
        var names: [LoweringHelper: String] = [:]
        for helper in helpers {
            var name = helper.rawValue
            var suffix = 2
            while held.contains(name) {
                name = helper.rawValue + String(suffix)
                suffix += 1
            }
            names[helper] = name
        }
        return names
    }

    /// Appends `//# sourceURL` (development or inline maps) and `//# sourceMappingURL` to `out` (in place: the
    /// bundle is not copied); returns the map JSON for an external map, as parts (not joined: step 4z).
    static func appendURLComments(
        _ out: inout [UInt8], map: SourceMapBuilder?, outputFileName: String, mode: BundleMode, sourceMaps: SourceMapMode
    ) -> OutputBytes? {
        if mode == .development || sourceMaps == .inline {
            // An injected script has no URL of its own: name it, so a debugger lists it and resolves maps.
            out.append(contentsOf: Array("//# sourceURL=\(outputFileName)\n".utf8))
        }
        guard let map else { return nil }
        switch sourceMaps {
        case .none:
            return nil
        case .external:
            let json = map.jsonParts(file: outputFileName)
            out.append(contentsOf: Array("//# sourceMappingURL=\(outputFileName).map\n".utf8))
            return json
        case .inline:
            // The base64 text needs the whole map: joined here only.
            let json = map.json(file: outputFileName)
            out.append(contentsOf: Array("//# sourceMappingURL=data:application/json;charset=utf-8;base64,".utf8))
            out.append(contentsOf: Array(Data(json).base64EncodedString().utf8))
            out.append(0x0A)
            return nil
        }
    }

    /// One segment per token, plus column-0 segments for the continuation lines of multi-line tokens. With
    /// `origins` (`bytes` is a lowered file's printed code), each position maps to where it came from in the file,
    /// and one without an origin of its own gets no segment.
    private static func addMappings(
        _ tokens: [JavaScriptToken], bytes: [UInt8], source: Int, firstLine: Int, origins: SourceOrigins?,
        to map: inout SourceMapBuilder
    ) {
        if let origins { return addMappings(tokens, bytes: bytes, source: source, firstLine: firstLine, origins: origins, to: &map) }
        for token in tokens {
            let line = token.line - 1
            map.addMapping(
                generatedLine: firstLine + line, generatedColumn: token.column, source: source,
                originalLine: line, originalColumn: token.column)
            guard token.canSpanLines else { continue }
            var extra = 0
            var i = token.start
            let end = token.end
            while i < end {
                let length = LineTerminator.length(bytes, at: i, end: end)
                if length > 0 {
                    extra += 1
                    map.addMapping(
                        generatedLine: firstLine + line + extra, generatedColumn: 0, source: source,
                        originalLine: line + extra, originalColumn: 0)
                    i += length
                } else {
                    i += 1
                }
            }
        }
    }

    /// `addMappings` of a lowered file's printed code, through `origins`.
    private static func addMappings(
        _ tokens: [JavaScriptToken], bytes: [UInt8], source: Int, firstLine: Int, origins: SourceOrigins,
        to map: inout SourceMapBuilder
    ) {
        func add(_ line: Int, _ column: Int) {
            guard let original = origins.original(line: line, column: column) else { return }
            map.addMapping(
                generatedLine: firstLine + line, generatedColumn: column, source: source, originalLine: original.line,
                originalColumn: original.column)
        }
        for token in tokens {
            let line = token.line - 1
            add(line, token.column)
            guard token.canSpanLines else { continue }
            var extra = 0
            var i = token.start
            while i < token.end {
                let length = LineTerminator.length(bytes, at: i, end: token.end)
                if length > 0 {
                    extra += 1
                    add(line + extra, 0)
                    i += length
                } else {
                    i += 1
                }
            }
        }
    }

    /// The banner path with line terminators replaced, so the `//` comment stays on one line.
    private static func bannerText(_ path: String) -> [UInt8] {
        var result: [UInt8] = []
        for scalar in path.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result.append(0x3F)
            } else {
                result.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        return result
    }
}
