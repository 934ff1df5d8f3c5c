import Foundation
import ScriptLowering
import ScriptSyntax

/// What the bundler finds out about one parsed file that depends on the file alone (and, for the syntax check and its
/// lowering, on the target), kept with the parse (`ParsedFile`) so the bundles that hold the file find each fact once.
///
/// Every fact is worked out from the file's bytes, tokens and scope analysis only, by the function that would
/// otherwise run each time; a fact found twice at once (two groups) is the same value, so the first one kept wins.
/// It lives as long as its parse: watch mode forgets it with the parse of a changed file.
package final class ModuleFileFacts: @unchecked Sendable {
    private let lock = NSLock()
    private var syntaxChecks: [ScriptTarget: Result<ParsedFile?, BundlerError>] = [:]
    private var readsArguments: Bool??
    private var freeNames: Set<String>?
    private var canUseArrowWrapper: Bool?
    private var assignsImport: Bool?
    private var unusedDeclarationReachability: UnusedDeclarationFinder.Reachability?
    private var importReads: UnusedDeclarationFinder.ImportReads?
    private var shortNameIndexes: [Int32]?
    /// The tree of the file's parse, kept until its lowering takes it (`keepTree(_:)`).
    private var keptTree: SyntaxTree?
    /// The file's parse kept for the tree minifier's piece (`keepParse(_:budget:)`), with the budget it counts against.
    private var keptParse: (parse: KeptModuleParse, budget: KeptParseBudget)?
    /// The module graphs holding the file that may still take its kept parse (`addParseUser()`).
    private var parseUsers = 0
    /// Whether a parse was ever kept, and how often a piece asked for it after it was let go (and so parsed the file
    /// again).
    private var keptOnce = false
    private var missedTakes = 0

    package init() {}

    /// Keeps `tree`, the tree of the file's own parse, for the file's lowering (`takeTree()`): the parse the module
    /// graph makes found syntax the target lacks, so the lowering need not parse the file again.
    func keepTree(_ tree: SyntaxTree) { locked { keptTree = tree } }

    /// The tree `keepTree(_:)` kept, once (it is let go then), or `nil`.
    func takeTree() -> SyntaxTree? {
        locked {
            defer { keptTree = nil }
            return keptTree
        }
    }

    /// Keeps `parse`, the module graph's parse of the file with its comments, for the tree minifier's piece of the
    /// module (`takeParse()`), if `budget` has room for it; whether it did.
    @discardableResult
    func keepParse(_ parse: KeptModuleParse, budget: KeptParseBudget) -> Bool {
        guard budget.take(parse.size) else { return false }
        locked {
            keptParse = (parse, budget)
            keptOnce = true
        }
        return true
    }

    /// How many times a piece asked for the kept parse (`takeParse()`) after it had been let go: each parsed the file
    /// again (issue 41 step 4g: none should, whatever order the build's threads run in).
    var reparseCount: Int { locked { missedTakes } }

    /// Whether a parse is kept for the tree minifier (another thread may take it before this one asks).
    package var holdsParse: Bool { locked { keptParse != nil } }

    /// Notes that one more module graph holds the file, whose bundle may take its kept parse (`takeParse()`).
    func addParseUser() { locked { parseUsers += 1 } }

    /// The parse `keepParse(_:budget:)` kept, or `nil`. The last of the graphs holding the file (`addParseUser()`)
    /// takes it (it is let go then, and its bytes given back); an earlier one gets a copy sharing its arrays, which
    /// the taker's first change copies (a copy of the arrays, not a parse). While another graph of the build may
    /// still count itself (`KeptParseBudget.keepsTakenParses`), no taker is the last: the parse stays for a graph
    /// built later, and is let go once every graph is built if none still needs it (`letGoUntakenParse()`).
    package func takeParse() -> KeptModuleParse? {
        let taken = locked { () -> (parse: KeptModuleParse, budget: KeptParseBudget, isLast: Bool)? in
            guard let kept = keptParse else {
                if keptOnce { missedTakes += 1 }
                return nil
            }
            parseUsers -= 1
            guard parseUsers <= 0, !kept.budget.keepsTakenParses else { return (kept.parse, kept.budget, false) }
            keptParse = nil
            return (kept.parse, kept.budget, true)
        }
        guard let taken else { return nil }
        if taken.isLast { taken.budget.giveBack(taken.parse.size) }
        return taken.parse
    }

    /// Lets the kept parse go (giving its bytes back) if every graph holding the file has taken it (as copies, while
    /// graphs were still being built): no piece will ask for it again.
    func letGoUntakenParse() {
        let released = locked { () -> (size: Int, budget: KeptParseBudget)? in
            guard let kept = keptParse, parseUsers <= 0 else { return nil }
            keptParse = nil
            return (kept.parse.size, kept.budget)
        }
        if let released { released.budget.giveBack(released.size) }
    }

    /// Lets the kept parse go (giving its bytes back) whichever graph may still count itself as its user: the build
    /// has freed the file (`ParsedFileUses`), and a graph that holds it later parses it again (issue 41 step 4m).
    func letGoParse() {
        let released = locked { () -> (size: Int, budget: KeptParseBudget)? in
            guard let kept = keptParse else { return nil }
            keptParse = nil
            return (kept.parse.size, kept.budget)
        }
        if let released { released.budget.giveBack(released.size) }
    }

    /// Runs `lower` (the file's target check, which lowers what the target lacks: `LoweredSource`) once per
    /// target; later calls give its result again: the parse of the lowered code, `nil` when nothing was lowered.
    func lowered(for target: ScriptTarget, _ lower: () throws(BundlerError) -> ParsedFile?) throws(BundlerError) -> ParsedFile? {
        let known = locked { syntaxChecks[target] }
        if let known { return try known.get() }
        let result: Result<ParsedFile?, BundlerError>
        do throws(BundlerError) {
            result = .success(try lower())
        } catch {
            result = .failure(error)
        }
        // The first result kept wins, so every bundle holding the file shares one parse of its lowered code.
        return try locked { () -> Result<ParsedFile?, BundlerError> in
            if let known = syntaxChecks[target] { return known }
            syntaxChecks[target] = result
            return result
        }.get()
    }

    /// `TopLevelThis.readsArguments(_:)` of the file.
    func readsArguments(_ find: () -> Bool?) -> Bool? { memo(\.readsArguments, find) }

    /// `ModuleLinker.freeNames(_:)` of the file.
    package func freeNames(_ find: () -> Set<String>) -> Set<String> { memo(\.freeNames, find) }

    /// `ModuleLinker.canUseArrowWrapper(_:)` of the file.
    func canUseArrowWrapper(_ find: () -> Bool) -> Bool { memo(\.canUseArrowWrapper, find) }

    /// `ScopeHoisting.assignsImport(_:)` of the file.
    func assignsImport(_ find: () -> Bool) -> Bool { memo(\.assignsImport, find) }

    /// `UnusedDeclarationFinder.reachability(in:)` of the file.
    func unusedDeclarationReachability(_ find: () -> UnusedDeclarationFinder.Reachability) -> UnusedDeclarationFinder.Reachability {
        memo(\.unusedDeclarationReachability, find)
    }

    /// `UnusedDeclarationFinder.importReads(in:)` of the file.
    func importReads(_ find: () -> UnusedDeclarationFinder.ImportReads) -> UnusedDeclarationFinder.ImportReads {
        memo(\.importReads, find)
    }

    /// `RuntimeNames.shortNameIndexes(of:)` of the file.
    func shortNameIndexes(_ find: () -> [Int32]) -> [Int32] { memo(\.shortNameIndexes, find) }

    private func memo<Value>(_ slot: ReferenceWritableKeyPath<ModuleFileFacts, Value?>, _ find: () -> Value) -> Value {
        if let known = locked({ self[keyPath: slot] }) { return known }
        let found = find()
        return locked {
            if let known = self[keyPath: slot] { return known }
            self[keyPath: slot] = found
            return found
        }
    }

    private func locked<T>(_ body: () throws(Never) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
