import Foundation
import ScriptLowering
import ScriptSyntax
import WKPackSupport

/// The modules of one bundle: the group's entry files and everything they import, require or load through
/// `require.context`, each once, with ids in discovery order.
package struct ModuleGraph {
    package private(set) var records: [ModuleRecord] = []
    /// Module id of each entry file, in group order.
    package private(set) var entries: [Int] = []

    private let fileSystem: any BundlerFileSystem
    private var resolver: ModuleResolver
    /// Whether the `resourceURIs` override table file (if any) has been read into `resolver`'s options.
    private var overrideTableLoaded = false
    private let cache: ParsedFileCache?
    /// Source syntax the target lacks is lowered (`LoweredSource`), or an error where it cannot be.
    private let target: ScriptTarget
    /// Whether the bundle built from the graph drops what nothing reaches (production): each file's parse then
    /// finds the top-level declarations tree shaking reads (`ScopeAnalysis.topLevelDeclarations`).
    private let dropsUnused: Bool
    /// Whether the bundle built from the graph is minified from modules' trees (production with the tree minifier):
    /// each file's parse is then made from its tokens with comments and kept for its piece (`KeptModuleParse`), as
    /// far as the cache's budget allows.
    private let keepsParses: Bool
    /// Module IDs by `ResolvedModule.key`.
    private var idsByKey: [String: Int] = [:]
    private var pending: [Int] = []
    /// Imported files given an id but not read yet (`load(_:ahead:)`), by id: their records are placeholders.
    private var unloaded: [Int: String] = [:]

    package init(
        fileSystem: any BundlerFileSystem, options: ModuleResolutionOptions, cache: ParsedFileCache? = nil, target: ScriptTarget = .default,
        dropsUnused: Bool = false, keepsParses: Bool = false
    ) {
        self.fileSystem = fileSystem
        self.cache = cache
        self.target = target
        self.dropsUnused = dropsUnused
        self.keepsParses = keepsParses
        self.resolver = ModuleResolver(fileSystem: fileSystem, options: options)
    }

    /// A fast byte scan: whether the text contains `import`, `export`, `require` or `module` (or is `.mjs`).
    ///
    /// Sixteen positions at a time (then eight, then one), it looks for the pair at offset 2 of each word (`po` in
    /// `import`/`export`, `qu` in `require`, `du` in `module`), which ordinary text rarely holds, and checks whole
    /// words only there.
    package static func mightUseModules(_ bytes: [UInt8], path: String) -> Bool {
        if path.hasSuffix(".mjs") { return true }
        return bytes.withUnsafeBytes { raw in
            let count = raw.count
            guard count >= 6, let base = raw.baseAddress else { return false }
            /// Whether one of the words starts at `k`.
            func wordStarts(at k: Int) -> Bool {
                guard k >= 0, k + 6 <= count else { return false }
                let head = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: k, as: UInt32.self))
                let tail = UInt16(littleEndian: base.loadUnaligned(fromByteOffset: k + 4, as: UInt16.self))
                switch UInt64(head) | UInt64(tail) << 32 {
                case 0x7472_6F70_6D69, 0x7472_6F70_7865, 0x656C_7564_6F6D:  // "import", "export", "module"
                    return true
                case 0x7269_7571_6572:  // "requir"
                    return k + 7 <= count && base.load(fromByteOffset: k + 6, as: UInt8.self) == 0x65
                default:
                    return false
                }
            }
            @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 {
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                return ~(((word & low) &+ low) | word | low)
            }
            let p: UInt64 = 0x7070_7070_7070_7070, o: UInt64 = 0x6F6F_6F6F_6F6F_6F6F
            let q: UInt64 = 0x7171_7171_7171_7171, d: UInt64 = 0x6464_6464_6464_6464
            let u: UInt64 = 0x7575_7575_7575_7575
            // `c` is the offset of the pair's first byte; a word starts at `c - 2`.
            var c = 2
            // Sixteen positions at a time (step 5f): the pairs found by SSE2 vector compares, about a sixth of the
            // word test's instructions per byte (every byte of a plain script is scanned, most files find none).
            // Compared with vectors, not scalars (a scalar operand was compiled lane by lane: step 4p).
            let vp = SIMD16<UInt8>(repeating: 0x70), vo = SIMD16<UInt8>(repeating: 0x6F)
            let vq = SIMD16<UInt8>(repeating: 0x71), vd = SIMD16<UInt8>(repeating: 0x64)
            let vu = SIMD16<UInt8>(repeating: 0x75)
            while c &+ 17 <= count {
                let v0 = base.loadUnaligned(fromByteOffset: c, as: SIMD16<UInt8>.self)
                let v1 = base.loadUnaligned(fromByteOffset: c &+ 1, as: SIMD16<UInt8>.self)
                // A lane of all ones where the pair at `c` + lane is one of the three, read as two words.
                let lanes = unsafeBitCast(
                    ((v0 .== vp) .& (v1 .== vo)) .| (((v0 .== vq) .| (v0 .== vd)) .& (v1 .== vu)), to: SIMD2<UInt64>.self)
                let low = UInt64(littleEndian: lanes[0]), high = UInt64(littleEndian: lanes[1])
                if low | high != 0 {
                    // One bit per lane found.
                    var hits = low & 0x8080_8080_8080_8080
                    while hits != 0 {
                        if wordStarts(at: c &+ hits.trailingZeroBitCount / 8 &- 2) { return true }
                        hits &= hits &- 1
                    }
                    hits = high & 0x8080_8080_8080_8080
                    while hits != 0 {
                        if wordStarts(at: c &+ 8 &+ hits.trailingZeroBitCount / 8 &- 2) { return true }
                        hits &= hits &- 1
                    }
                }
                c &+= 16
            }
            while c + 9 <= count {
                let w0 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: c, as: UInt64.self))
                let w1 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: c + 1, as: UInt64.self))
                var hits =
                    (zeroBytes(w0 ^ p) & zeroBytes(w1 ^ o))
                    | ((zeroBytes(w0 ^ q) | zeroBytes(w0 ^ d)) & zeroBytes(w1 ^ u))
                while hits != 0 {
                    if wordStarts(at: c + hits.trailingZeroBitCount / 8 - 2) { return true }
                    hits &= hits &- 1
                }
                c += 8
            }
            while c + 4 <= count {
                if wordStarts(at: c - 2) { return true }
                c += 1
            }
            return false
        }
    }

    /// Whether a file could use modules (so it needs a full parse): `.mjs`, or tokens `import`, `export`,
    /// `require`, `module`, `exports`, `global`.
    static func mayUseModules(_ bytes: [UInt8], tokens: [JavaScriptToken], path: String) -> Bool {
        if path.hasSuffix(".mjs") { return true }
        for token in tokens where token.kind == .keyword || token.kind == .identifier {
            let length = token.end - token.start
            guard length >= 6, length <= 7 else { continue }
            let first = bytes[token.start]
            guard first == 0x69 || first == 0x65 || first == 0x72 || first == 0x6D || first == 0x67 else { continue }
            let word = bytes[token.start..<token.end]
            if Self.moduleWords.contains(where: { word.elementsEqual($0) }) { return true }
        }
        return false
    }

    /// The words `mayUseModules` looks for, as bytes.
    private static let moduleWords: [[UInt8]] = ["import", "export", "require", "module", "exports", "global"].map { Array($0.utf8) }

    /// Loads the entries (absolute paths with their bytes) and their dependencies.
    /// Returns `nil` when no entry uses modules (the group stays a plain concatenation). `dropsUnused`: the
    /// bundle will be tree-shaken (production), so each parse finds what tree shaking reads. `keepsParses`: the bundle
    /// is minified from modules' trees, so each parse is kept for its piece (with a `cache`, within its budget).
    package static func build(
        entries: [(path: String, bytes: [UInt8])], fileSystem: any BundlerFileSystem, options: ModuleResolutionOptions,
        cache: ParsedFileCache? = nil, target: ScriptTarget = .default, dropsUnused: Bool = false, keepsParses: Bool = false
    ) throws(BundlerError) -> ModuleGraph? {
        var graph = ModuleGraph(
            fileSystem: fileSystem, options: options, cache: cache, target: target, dropsUnused: dropsUnused, keepsParses: keepsParses)
        var anyModule = false
        for entry in entries {
            let id = try graph.add(.file(entry.path), bytes: entry.bytes, isEntry: true)
            graph.entries.append(id)
            if graph.records[id].kind != .plainScript { anyModule = true }
        }
        guard anyModule else { return nil }
        var next = 0
        while next < graph.pending.count {
            let id = graph.pending[next]
            next += 1
            try graph.load(id, ahead: graph.pending[next...])
            try graph.link(id)
        }
        graph.readDeclaredSideEffects()
        return graph
    }

    /// Sets `isDeclaredSideEffectFree` on the imported package files (under `node_modules`) that their package's
    /// package.json (the nearest one, not above `node_modules`) declares free of effects in `sideEffects` (see
    /// `PackageSideEffects`). An unreadable or invalid package.json declares nothing.
    private mutating func readDeclaredSideEffects() {
        // Per folder: the folder of the nearest package.json and its rule (`nil`: none, or it declares nothing).
        var nearest: [String: (folder: String, rule: PackageSideEffects)?] = [:]
        func package(in folder: String) -> (folder: String, rule: PackageSideEffects)? {
            if let known = nearest[folder] { return known }
            var found: (folder: String, rule: PackageSideEffects)?
            let manifest = Paths.join(folder, "package.json")
            if fileSystem.itemKind(at: manifest) == .file {
                if let bytes = try? fileSystem.readFile(at: manifest), let value = PackageJSONValue.parse(bytes),
                    let rule = PackageSideEffects(value)
                {
                    found = (folder, rule)
                }
            } else if Paths.fileName(of: folder) != "node_modules" {
                let parent = Paths.directory(of: folder)
                if parent != folder, parent != "." { found = package(in: parent) }
            }
            nearest[folder] = .some(found)
            return found
        }
        for index in records.indices where records[index].isImported && !entries.contains(index) {
            guard records[index].kind == .esModule || records[index].kind == .commonJS,
                records[index].path.hasPrefix("/"), records[index].path.containsUTF8("/node_modules/"),
                let found = package(in: Paths.directory(of: records[index].path))
            else { continue }
            records[index].isDeclaredSideEffectFree = found.rule.isSideEffectFree(Paths.relative(records[index].path, from: found.folder))
        }
    }

    private mutating func add(_ key: ResolvedModule, bytes known: [UInt8]? = nil, isEntry: Bool = false) throws(BundlerError) -> Int {
        if let id = idsByKey[key.key] { return id }
        let id = records.count
        var record: ModuleRecord
        switch key {
        case .empty(let name):
            record = ModuleRecord(id: id, path: name, kind: .empty, bytes: [], tokens: [], analysis: nil)
        case .scriptLoader(let path):
            let bytes: [UInt8]
            if let known { bytes = known } else { bytes = try read(path) }
            // Evaluated as it is: its syntax must suit the target too (when it tokenizes), lowered where it does not.
            var lowering: LoweredSource?
            if let tokenization = try? JavaScriptTokenizer.tokenize(bytes) {
                let target = target
                // Evaluated on its own at global scope: it declares the helpers it calls itself.
                lowering = try LoweredSource.lower(
                    bytes, tokens: tokenization.tokens, features: nil, target: target, path: AbsolutePath.display(path),
                    declaresHelpers: true
                ) { (ignored) throws(BundlerError) in
                    try SyntaxTargetCheck.check(
                        bytes, tokens: tokenization.tokens, analysis: nil, target: target, path: AbsolutePath.display(path),
                        ignoring: ignored)
                }
            }
            record = ModuleRecord(id: id, path: path, kind: .scriptLoader, bytes: lowering?.code ?? bytes, tokens: [], analysis: nil)
            record.lowering = lowering
        case .file(let path):
            if isEntry || known != nil {
                record = try fileRecord(id: id, path: path, parsed: try parse(path, known: known), isEntry: isEntry)
            } else {
                // Read when its turn to be linked comes (`load`): meanwhile a file another group's thread is
                // parsing need not be waited for while later files of this graph are still to read.
                record = ModuleRecord(id: id, path: path, kind: .empty, bytes: [], tokens: [], analysis: nil)
                unloaded[id] = path
            }
        }
        records.append(record)
        idsByKey[key.key] = id
        pending.append(id)
        return id
    }

    /// The record of file `path` as `id`, from its parse; checks its syntax against the target, and takes the parse
    /// of its lowered code instead where the target lacks syntax it uses (`LoweredSource`).
    private func fileRecord(id: Int, path: String, parsed: ParsedFile, isEntry: Bool) throws(BundlerError) -> ModuleRecord {
        var parsed = parsed
        if !path.hasSuffix(".json") {
            let target = target, own = parsed
            let lowered = try parsed.facts.lowered(for: target) { () throws(BundlerError) -> ParsedFile? in
                let display = AbsolutePath.display(path)
                let lowering = try LoweredSource.lower(
                    own.bytes, tokens: own.tokens, features: own.analysis?.syntaxFeatures, tree: own.facts.takeTree(), target: target,
                    path: display
                ) { (ignored) throws(BundlerError) in
                    try SyntaxTargetCheck.check(
                        own.bytes, tokens: own.tokens, analysis: own.analysis, target: target, path: display, ignoring: ignored)
                }
                guard let lowering else { return nil }
                var parsed = try Self.parse(lowering, path: path, findingTopLevelDeclarations: dropsUnused)
                parsed.passMemo = cache?.makeMemo()
                return parsed
            }
            if let lowered { parsed = lowered }
        }
        let bytes = parsed.bytes, tokens = parsed.tokens
        var record: ModuleRecord
        if path.hasSuffix(".json") {
            record = ModuleRecord(id: id, path: path, kind: .json, bytes: bytes, tokens: tokens, analysis: nil)
        } else if let analysis = parsed.analysis,
            !isEntry || Self.mayUseModules(bytes, tokens: tokens, path: "") || analysis.module.hasModuleSyntax
        {
            let module = analysis.module
            let kind: ModuleRecord.Kind
            if module.hasModuleSyntax || (path.hasSuffix(".mjs") && !isEntry) {
                kind = .esModule
            } else if module.usesModuleOrExports || module.usesRequire || !isEntry {
                kind = .commonJS
            } else {
                kind = .plainScript
            }
            record = ModuleRecord(id: id, path: path, kind: kind, bytes: bytes, tokens: tokens, analysis: analysis)
            record.facts = parsed.facts
            if keepsParses { parsed.facts.addParseUser() }
        } else {
            record = ModuleRecord(id: id, path: path, kind: isEntry ? .plainScript : .commonJS, bytes: bytes, tokens: tokens, analysis: nil)
        }
        record.passMemo = parsed.passMemo
        record.lowering = parsed.lowering
        return record
    }

    /// The parse of a file's lowered code, as `parseUncached` parses a file.
    private static func parse(
        _ lowering: LoweredSource, path: String, findingTopLevelDeclarations: Bool
    ) throws(BundlerError) -> ParsedFile {
        var analysis: ScopeAnalysis?
        if Self.mayUseModules(lowering.code, tokens: lowering.tokenization.tokens, path: path) {
            do {
                analysis = try JavaScriptParser.analyze(
                    lowering.code, tokenization: lowering.tokenization, findingTopLevelDeclarations: findingTopLevelDeclarations)
            } catch {
                throw BundlerError(
                    .unsupportedSyntax, at: SourceLocation(path: AbsolutePath.display(path)),
                    "the code lowered for the target does not parse (\(error.line):\(error.column): \(error.message)); please report it")
            }
        }
        var parsed = ParsedFile(bytes: lowering.code, tokens: lowering.tokenization.tokens, analysis: analysis)
        parsed.lowering = lowering
        return parsed
    }

    /// Reads and parses imported file `id` if it is not yet (see `add`). While another thread parses it, parses
    /// files queued after it (`ahead`) that no thread has started, instead of waiting: groups that import the same
    /// package then read its files side by side, in whichever order each reaches them.
    private mutating func load(_ id: Int, ahead: ArraySlice<Int>) throws(BundlerError) {
        guard let path = unloaded[id] else { return }
        var loaded = try fileRecord(id: id, path: path, parsed: try parse(path, known: nil, ahead: ahead), isEntry: false)
        loaded.isImported = records[id].isImported
        records[id] = loaded
        unloaded[id] = nil
    }

    /// Reads, tokenizes and (if it may use modules) parses `path`, through the build's cache; while another
    /// thread parses it, parses the not yet read files among `ahead` that no thread has started.
    private func parse(_ path: String, known: [UInt8]?, ahead: ArraySlice<Int> = []) throws(BundlerError) -> ParsedFile {
        guard let cache else { return try parseUncached(path, known: known) }
        var candidates = ahead.makeIterator()
        return try cache.file(
            at: path, matching: known,
            whileWaiting: {
                while let next = candidates.next() {
                    guard let other = unloaded[next], other != path else { continue }
                    if cache.parseIfUnclaimed(at: other, parse: { () throws(BundlerError) in try parseUncached(other, known: nil) }) {
                        return true
                    }
                }
                return false
            }, parse: { () throws(BundlerError) in try parseUncached(path, known: known) })
    }

    private func parseUncached(_ path: String, known: [UInt8]?) throws(BundlerError) -> ParsedFile {
        let bytes: [UInt8]
        if let known { bytes = known } else { bytes = try read(path) }
        if path.hasSuffix(".json") { try Self.validateJSON(bytes, path: path) }
        // A file whose parse may be kept for its piece is tokenized with its comments, as the piece's own parse would
        // be (the significant tokens, the tree's scopes and the analysis are the same either way).
        // Only while the budget may have room for the tree (about 7 bytes per byte of source on the benchmark trees;
        // a file's comments cost the parser more, which a file not kept would pay for nothing).
        let budget = keepsParses && bytes.first != 0x23 && !path.hasSuffix(".json") ? cache?.keptParses : nil
        let withComments = budget?.hasRoom(bytes.count * 8) == true && Self.mightUseModules(bytes, path: path)
        // Tokenized for the tree parser: the comments kept apart, the tokens' codes and brackets written beside them.
        let tokenization = try tokenize(bytes, path: path, includeComments: withComments, forParsing: true)
        var tokens = tokenization.tokens
        var analysis: ScopeAnalysis?
        var tree: SyntaxTree?
        if !path.hasSuffix(".json"), Self.mayUseModules(bytes, tokens: tokens, path: path) {
            do {
                // A parse with comments is for keeping (below), sized to be kept as it is.
                let parsed = try SyntaxParser.parseWithFacts(bytes, tokenization: tokenization, toKeep: withComments)
                analysis = ScopeAnalysis(
                    tree: parsed.tree, facts: parsed.facts, tokens: parsed.tokens, findingTopLevelDeclarations: dropsUnused)
                tree = parsed.tree
                tokens = parsed.tokens
            } catch {
                throw BundlerError(
                    .syntax(error.kind), at: SourceLocation(path: AbsolutePath.display(path), line: error.line, column: error.column),
                    error.message)
            }
        } else if !path.hasSuffix(".json") {
            // A plain script is not analyzed, but it must parse: shipped, it would fail where the browser injects it
            // (and the production minifier parses its piece, which would then be wkpack's internal error).
            do throws(JavaScriptSyntaxError) {
                _ = try SyntaxParser.parse(bytes, tokenization: tokenization)
            } catch {
                throw BundlerError(
                    .syntax(error.kind), at: SourceLocation(path: AbsolutePath.display(path), line: error.line, column: error.column),
                    error.message)
            }
        }
        let parsed = ParsedFile(bytes: bytes, tokens: tokens, analysis: analysis, passMemo: cache?.makeMemo())
        if let tree, let analysis, LoweredSource.mayLower(analysis.syntaxFeatures, for: target) {
            // A file the target's lowering will rewrite keeps the tree of this parse for it (`LoweredSource.prepare`),
            // unless a comment the lowered tree keeps may be in it: that tree is parsed with the comments.
            if !LoweredSource.mayHoldKeptComment(bytes) { parsed.facts.keepTree(tree) }
        } else if let tree, let budget, withComments, budget.hasRoom(KeptModuleParse.size(of: tree)) {
            parsed.facts.keepParse(KeptModuleParse(tree: tree, comments: tokenization.comments ?? []), budget: budget)
        }
        return parsed
    }

    private func read(_ path: String) throws(BundlerError) -> [UInt8] {
        do {
            return try fileSystem.readFile(at: path)
        } catch {
            throw BundlerError(.unreadableFile, at: SourceLocation(path: AbsolutePath.display(path)), "cannot read file: \(error)")
        }
    }

    /// The tokens of `bytes`; `forParsing`: for the tree parser (`JavaScriptTokenizer.tokenizeForParsing`: the
    /// tokens hold no comment, with comments they are kept apart).
    private func tokenize(
        _ bytes: [UInt8], path: String, includeComments: Bool = false, forParsing: Bool = false
    ) throws(BundlerError) -> JavaScriptTokenization {
        do {
            if forParsing { return try JavaScriptTokenizer.tokenizeForParsing(bytes, includeComments: includeComments) }
            return try JavaScriptTokenizer.tokenize(bytes, includeComments: includeComments)
        } catch {
            throw BundlerError(
                .syntax(error.kind), at: SourceLocation(path: AbsolutePath.display(path), line: error.line, column: error.column),
                error.message)
        }
    }

    private static func validateJSON(_ bytes: [UInt8], path: String) throws(BundlerError) {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw BundlerError(
                .invalidModule, at: SourceLocation(path: AbsolutePath.display(path)), "invalid JSON module: \(error.localizedDescription)")
        }
    }

    /// The location of token `index` of module `id`.
    package func location(_ id: Int, token index: Int) -> SourceLocation {
        let record = records[id]
        guard index < record.tokens.count else { return SourceLocation(path: AbsolutePath.display(record.path)) }
        let token = record.tokens[index]
        // A lowered file's token is where its printed code came from.
        if let origins = record.lowering?.origins, let original = origins.original(line: token.line - 1, column: token.column) {
            return SourceLocation(path: AbsolutePath.display(record.path), line: original.line + 1, column: original.column + 1)
        }
        return SourceLocation(path: AbsolutePath.display(record.path), line: token.line, column: token.column + 1)
    }

    private mutating func resolve(_ specifier: String, from id: Int, token: Int, kind: ModuleResolver.RequestKind) throws(BundlerError)
        -> Int
    {
        if !overrideTableLoaded, specifier.containsUTF8("resource://") { try loadOverrideTable() }
        let resolved: ResolvedModule
        do {
            resolved = try resolver.resolve(specifier, from: records[id].path, kind: kind)
        } catch {
            throw BundlerError(.moduleNotFound, at: location(id, token: token), error.message)
        }
        if case .file(let path) = resolved {
            let name = Paths.fileName(of: path)
            if let dot = name.lastIndex(of: "."), dot != name.startIndex,
                !["js", "mjs", "cjs", "json"].contains(String(name[name.index(after: dot)...]))
            {
                throw BundlerError(
                    .moduleNotFound, at: location(id, token: token),
                    "cannot bundle '\(specifier)' (\(AbsolutePath.display(path))): wkpack bundles .js, .mjs, .cjs and .json files only")
            }
        }
        let target = try add(resolved)
        records[target].isImported = true
        if records[target].kind == .plainScript { records[target].kind = .commonJS }
        return target
    }

    /// Reads the configured override table file, once per graph, through the build's file system (so watch mode
    /// records it as an input of the groups that import `resource://` URIs).
    private mutating func loadOverrideTable() throws(BundlerError) {
        overrideTableLoaded = true
        guard var rule = resolver.options.resourceURIs, let file = rule.overridesFile else { return }
        rule.overrides = try OverrideTableReader.load(AbsolutePath.make(file), fileSystem: fileSystem, origin: rule.overridesFileOrigin)
        var options = resolver.options
        options.resourceURIs = rule
        resolver = ModuleResolver(fileSystem: fileSystem, options: options)
    }

    /// Resolves the dependencies of module `id`.
    private mutating func link(_ id: Int) throws(BundlerError) {
        guard let analysis = records[id].analysis else { return }
        let module = analysis.module
        if records[id].kind == .esModule {
            if let token = module.topLevelAwait {
                throw BundlerError(
                    .unsupportedSyntax, at: location(id, token: token),
                    "top-level 'await' is not supported: wkpack evaluates a bundle's modules synchronously in one classic script")
            }
            if let token = module.importMeta {
                throw BundlerError(
                    .unsupportedSyntax, at: location(id, token: token),
                    "'import.meta' is not supported: a bundle runs as a classic script")
            }
        }
        var requestTargets: [Int] = []
        for request in module.requests {
            requestTargets.append(try resolve(request.specifier, from: id, token: request.token, kind: .import))
        }
        records[id].requestTargets = requestTargets
        var requireTargets: [String: Int] = [:]
        for call in module.requireCalls where requireTargets[call.specifier] == nil {
            requireTargets[call.specifier] = try resolve(call.specifier, from: id, token: call.specifierToken, kind: .require)
        }
        records[id].requireTargets = requireTargets
        var dynamicTargets: [Int?] = []
        for dynamic in module.dynamicImports {
            if let specifier = dynamic.specifier, let token = dynamic.specifierToken {
                dynamicTargets.append(try resolve(specifier, from: id, token: token, kind: .import))
            } else {
                dynamicTargets.append(nil)
            }
        }
        records[id].dynamicTargets = dynamicTargets
        var contextTargets: [[(key: String, id: Int)]] = []
        for context in module.requireContexts {
            contextTargets.append(try resolveContext(context, from: id))
        }
        records[id].contextTargets = contextTargets
    }

    private mutating func resolveContext(_ context: ModuleSyntax.RequireContextCall, from id: Int) throws(BundlerError) -> [(
        key: String, id: Int
    )] {
        let folder = Paths.normalize(Paths.join(Paths.directory(of: records[id].path), context.directory))
        guard fileSystem.itemKind(at: folder) == .directory else {
            throw BundlerError(
                .moduleNotFound, at: location(id, token: context.directoryToken),
                "require.context folder '\(context.directory)' not found (looked at \(folder))")
        }
        var regex: NSRegularExpression?
        if let pattern = context.pattern {
            do {
                regex = try NSRegularExpression(pattern: pattern, options: context.flags.contains("i") ? [.caseInsensitive] : [])
            } catch {
                throw BundlerError(
                    .unsupportedSyntax, at: location(id, token: context.directoryToken),
                    "require.context regular expression /\(pattern)/ is not supported")
            }
        }
        var keys: [String] = []
        var stack = [""]
        var visitedFolders = Set<String>()
        while let relative = stack.popLast() {
            // A symbolic link back to a parent folder must not loop forever.
            let depth = relative.split(separator: "/").count
            guard depth <= 32, visitedFolders.insert(relative).inserted else { continue }
            let path = relative.isEmpty ? folder : Paths.join(folder, relative)
            let names = (try? fileSystem.contentsOfDirectory(at: path)) ?? []
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch fileSystem.itemKind(at: Paths.join(folder, child)) {
                case .directory:
                    if context.recursive, name != "node_modules" { stack.append(child) }
                case .file:
                    let key = "./" + child
                    if let regex {
                        let range = NSRange(key.startIndex..<key.endIndex, in: key)
                        guard regex.firstMatch(in: key, range: range) != nil else { continue }
                    }
                    keys.append(key)
                case nil:
                    continue
                }
            }
        }
        keys.sort()
        var result: [(key: String, id: Int)] = []
        for key in keys {
            let target = try add(.file(Paths.normalize(Paths.join(folder, key))))
            records[target].isImported = true
            if records[target].kind == .plainScript { records[target].kind = .commonJS }
            result.append((key, target))
        }
        return result
    }
}
