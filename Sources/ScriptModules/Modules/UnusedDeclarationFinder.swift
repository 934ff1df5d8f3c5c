import ScriptSyntax

/// Finds the top-level declarations of an ES module that nothing can reach (not read through an export
/// anyone uses, not referenced from code that stays, directly or through other kept declarations) and whose
/// evaluation has no side effect: function declarations, `const`/`let` statements with one binding initialised by
/// an arrow function, a literal or a pure-annotated call of literals, and classes with only pure static parts.
///
/// Which statements those are, and their token extents, the parse found while the syntax tree was alive
/// (`ScopeAnalysis.topLevelDeclarations`, see `SyntaxTopLevelDeclaration`); what it leaves to this finder is
/// whether the names a statement reads are certainly initialised when it runs, which depends on the other
/// declarations of the module. Dropping such a declaration keeps every observable behaviour. Modules whose top
/// level can be reached by `eval` or `with` are left alone.
enum UnusedDeclarationFinder {
    /// What of `unusedRanges` depends on the file alone: the droppable declarations and who reaches them.
    struct Reachability: Sendable {
        /// Token ranges of the candidate declarations, sorted by position.
        package var ranges: [Range<Int>] = []
        /// Per candidate: the candidates its code references.
        var edges: [[Int]] = []
        /// Candidates referenced from code that stays whatever is read.
        var keptRoots: [Int] = []
        /// Candidates exported under a name: live when someone reads that name.
        var exportRoots: [(exportedName: String, candidate: Int)] = []
    }

    /// What of `liveImports` depends on the file alone.
    struct ImportReads: Sendable {
        /// Whether `eval` or `with` reaches the top level: every import binding is live.
        var allLive = false
        /// Every import binding (all live when `allLive`).
        package var imports: [Int] = []
        /// Import bindings read outside the statements the linker removes, with the reading token.
        package var reads: [(declaration: Int, token: Int)] = []
        /// Import bindings exported again under a name.
        package var exported: [(exportedName: String, declaration: Int)] = []
    }

    /// Token ranges (sorted, disjoint) of the declarations to drop, each including an `export` keyword
    /// written before it. `readExports`: exported names someone reads (`nil`: all of them).
    static func unusedRanges(in record: ModuleRecord, readExports: Set<String>?) -> [Range<Int>] {
        guard record.analysis != nil else { return [] }
        let found = record.facts?.unusedDeclarationReachability { reachability(in: record) } ?? reachability(in: record)
        guard !found.ranges.isEmpty else { return [] }
        var live = Array(repeating: false, count: found.ranges.count)
        var work: [Int] = []
        func markLive(_ index: Int) {
            if !live[index] {
                live[index] = true
                work.append(index)
            }
        }
        for root in found.keptRoots { markLive(root) }
        // Exported bindings that someone reads (export statements themselves are removed, so they are not roots).
        for root in found.exportRoots {
            if let readExports, !readExports.contains(root.exportedName) { continue }
            markLive(root.candidate)
        }
        while let index = work.popLast() {
            for target in found.edges[index] { markLive(target) }
        }
        return found.ranges.indices.filter { !live[$0] }.map { found.ranges[$0] }
    }

    /// The candidates of `unusedRanges` in `record` and their references, found once per file.
    static func reachability(in record: ModuleRecord) -> Reachability {
        guard let analysis = record.analysis, let program = analysis.scopes.first, !program.isUnsafe else { return Reachability() }
        let module = analysis.module
        let tokens = record.tokens
        // Step 5p: the analysis's tables read through locals (each read through the class retained the array), and
        // declarations by field (a whole `Declaration` copied retained its name).
        let declarations = analysis.declarations.records
        let references = analysis.references

        // How many top-level declarations have each name, by name ID (counted in a dictionary of the names, its
        // hashing and lookups took 46 M instructions on the large benchmark tree: issue 41 step 4v).
        var nameCounts = [Int32](repeating: 0, count: analysis.internedNames.count)
        for declaration in program.declarations {
            let id = Int(declarations[declaration].nameID)
            if id >= 0 && id < nameCounts.count { nameCounts[id] += 1 }
        }

        // The declaration each identifier token reads: -2 none (not a reference), -1 free (a global). Written through
        // a pointer (no uniqueness check per reference); each token below `referenceAt.count`.
        var referenceAt = [Int32](repeating: -2, count: tokens.count)
        referenceAt.withUnsafeMutableBufferPointer { referenceAt in
            for index in references.indices where references[index].token < referenceAt.count {
                referenceAt[references[index].token] = references[index].declaration.map { Int32(truncatingIfNeeded: $0) } ?? -1
            }
        }
        /// The index of the declaration the identifier at `token` reads, or -1.
        func declarationRead(at token: Int) -> Int {
            guard token >= 0, token < referenceAt.count, referenceAt[token] >= 0 else { return -1 }
            return Int(referenceAt[token])
        }

        // Candidates: the top-level declarations the parser found free of side effects (given what their names
        // read, decided here), with a unique name; in source order.
        let statements = topLevelDeclarations(of: record, analysis)
        var candidates: [(declaration: Int, range: Range<Int>)] = []
        for declaration in program.declarations {
            let (infoScope, infoToken, infoKind) = (
                declarations[declaration].scope, declarations[declaration].token, declarations[declaration].kind
            )
            let nameID = Int(declarations[declaration].nameID)
            let nameCount = nameID >= 0 && nameID < nameCounts.count ? nameCounts[nameID] : 0
            guard infoScope == 0, nameCount == 1, let statement = statement(named: infoToken, in: statements) else {
                continue
            }
            switch (statement.kind, infoKind) {
            case (.function, .function), (.lexical, .const), (.lexical, .let), (.class, .class): break
            default: continue
            }
            // A read that cannot throw while this declaration is evaluated: an import (bound before any code
            // runs), a top-level function or `var`, or a top-level class, `const` or `let` declared before it.
            func isPureReference(_ token: Int32) -> Bool {
                let token = Int(token)
                guard token < referenceAt.count, referenceAt[token] != Int32(truncatingIfNeeded: declaration) else { return false }
                let read = declarationRead(at: token)
                guard read >= 0 else { return false }
                switch declarations[read].kind {
                case .import: return true
                case .function, .var: return declarations[read].scope == 0
                case .class, .const, .let: return declarations[read].scope == 0 && declarations[read].token < infoToken
                default: return false
                }
            }
            // The class named after `extends` is a top-level class declared before this one.
            func isDefinedClass(_ token: Int32) -> Bool {
                let read = declarationRead(at: Int(token))
                guard read >= 0 else { return false }
                return declarations[read].kind == .class && declarations[read].scope == 0 && declarations[read].token < infoToken
            }
            guard statement.pureReads.allSatisfy(isPureReference),
                statement.freeReads.allSatisfy({ Int($0) < referenceAt.count && referenceAt[Int($0)] == -1 }),
                statement.baseClass < 0 || isDefinedClass(statement.baseClass)
            else { continue }
            candidates.append((declaration, Int(statement.range.lowerBound)..<Int(statement.range.upperBound)))
        }
        guard !candidates.isEmpty else { return Reachability() }
        candidates.sort { $0.range.lowerBound < $1.range.lowerBound }
        // Candidate index of each declaration, -1 for the others.
        var candidateIndex = [Int32](repeating: -1, count: declarations.count)
        for (index, candidate) in candidates.enumerated() { candidateIndex[candidate.declaration] = Int32(index) }
        func candidateNumber(of declaration: Int) -> Int? {
            guard declaration >= 0, declaration < candidateIndex.count else { return nil }
            let index = candidateIndex[declaration]
            return index >= 0 ? Int(index) : nil
        }

        func containing(_ token: Int) -> Int? {
            var low = 0, high = candidates.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[middle].range.lowerBound <= token { low = middle + 1 } else { high = middle }
            }
            guard low > 0, candidates[low - 1].range.contains(token) else { return nil }
            return low - 1
        }
        let removed = module.removableStatements.sorted { $0.lowerBound < $1.lowerBound }
        func inRemovedStatement(_ token: Int) -> Bool {
            var low = 0, high = removed.count
            while low < high {
                let middle = (low + high) / 2
                if removed[middle].lowerBound <= token { low = middle + 1 } else { high = middle }
            }
            return low > 0 && removed[low - 1].contains(token)
        }

        // Edges from each candidate to the candidates it references; roots are references from kept code.
        var result = Reachability(ranges: candidates.map(\.range), edges: Array(repeating: [Int](), count: candidates.count))
        for index in references.indices {
            guard let declaration = references[index].declaration, let target = candidateNumber(of: declaration) else { continue }
            let token = references[index].token
            if let owner = containing(token) {
                result.edges[owner].append(target)
            } else if !inRemovedStatement(token) {
                result.keptRoots.append(target)
            }
        }
        // Only a file exporting its own bindings looks them up by name.
        let exportsLocals = module.exports.contains { if case .local = $0.source { true } else { false } }
        var topLevelByName: [String: Int] = [:]
        if exportsLocals {
            topLevelByName.reserveCapacity(program.declarations.count)
            for declaration in program.declarations { topLevelByName[analysis.declarations.name(of: declaration)] = declaration }
        }
        for export in module.exports {
            guard case .local(let name, _) = export.source else { continue }
            if let declaration = topLevelByName[name], let index = candidateNumber(of: declaration) {
                result.exportRoots.append((export.exportedName, index))
            }
        }
        return result
    }

    /// The import bindings (indexes into `analysis.declarations`) that the code kept when `unused` (from
    /// `unusedRanges`) is dropped reads, or that an export someone reads (`readExports`, `nil`: all) passes on.
    static func liveImports(in record: ModuleRecord, unused: [Range<Int>], readExports: Set<String>?) -> Set<Int> {
        guard record.analysis != nil else { return [] }
        let reads = record.facts?.importReads { importReads(in: record) } ?? importReads(in: record)
        var live = Set<Int>()
        if reads.allLive {
            live.formUnion(reads.imports)
            return live
        }
        for read in reads.reads where !within(unused, read.token) { live.insert(read.declaration) }
        for export in reads.exported where readExports?.contains(export.exportedName) ?? true { live.insert(export.declaration) }
        return live
    }

    /// The reads of import bindings in `record` that `liveImports` looks at, found once per file.
    static func importReads(in record: ModuleRecord) -> ImportReads {
        guard let analysis = record.analysis else { return ImportReads() }
        let module = analysis.module
        var result = ImportReads()
        // Code that `eval` or `with` reaches may read any of them.
        if analysis.scopes.first?.isUnsafe ?? true {
            result.allLive = true
            result.imports = module.imports.map(\.declaration).filter { $0 >= 0 }
            return result
        }
        let removed = module.removableStatements.sorted { $0.lowerBound < $1.lowerBound }
        for reference in analysis.references {
            guard let declaration = reference.declaration, analysis.declarations.records[declaration].kind == .import,
                !within(removed, reference.token)
            else { continue }
            result.reads.append((declaration, reference.token))
        }
        var importsByName: [String: Int] = [:]
        for binding in module.imports where binding.declaration >= 0 && binding.declaration < analysis.declarations.count {
            importsByName[analysis.declarations[binding.declaration].name] = binding.declaration
        }
        for export in module.exports {
            guard case .local(let name, _) = export.source, let declaration = importsByName[name] else { continue }
            result.exported.append((export.exportedName, declaration))
        }
        return result
    }

    /// Whether `token` lies in one of `ranges` (sorted by lower bound).
    private static func within(_ ranges: [Range<Int>], _ token: Int) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= token { low = middle + 1 } else { high = middle }
        }
        return low > 0 && ranges[low - 1].contains(token)
    }

    /// The statement of `statements` (sorted by position) that declares the name at token `nameToken`.
    /// The top-level declarations of `record`'s parse `analysis` that tree shaking may drop. A parse made without
    /// them (a watcher keeps parses across a reload that switched a development build to production) is parsed
    /// again for them; should that fail, or index other tokens, nothing is dropped.
    static func topLevelDeclarations(of record: ModuleRecord, _ analysis: ScopeAnalysis) -> [SyntaxTopLevelDeclaration] {
        if let found = analysis.topLevelDeclarations { return found }
        guard let tokenization = try? JavaScriptTokenizer.tokenize(record.bytes),
            let again = try? JavaScriptParser.analyze(record.bytes, tokenization: tokenization, findingTopLevelDeclarations: true),
            again.tokens.count == analysis.tokens.count
        else { return [] }
        return again.topLevelDeclarations ?? []
    }

    private static func statement(named nameToken: Int, in statements: [SyntaxTopLevelDeclaration]) -> SyntaxTopLevelDeclaration? {
        var low = 0, high = statements.count
        while low < high {
            let middle = (low + high) / 2
            if Int(statements[middle].range.lowerBound) <= nameToken { low = middle + 1 } else { high = middle }
        }
        guard low > 0, Int(statements[low - 1].nameToken) == nameToken else { return nil }
        return statements[low - 1]
    }
}
