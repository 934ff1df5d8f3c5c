import Foundation

/// What the minifier made of the pieces of one parsed source file, kept for the other bundles of the build: whole
/// minified pieces as templates (`TemplateKey`, `RenamedPieceTemplate`): a piece equal in everything the minifier
/// reads but the new names themselves (a scope-hoisted module whose top-level names each bundle chooses) or its
/// module ID (a wrapped module numbered differently in each bundle) is made from the template by putting its names
/// and its ID in. It also keeps the renaming plans (`PlanKey`: the renamer's work that does not depend on the
/// hoisted names) and the recordings of the file (`PieceRecipe`). Holds the last `capacity` of each (a watcher
/// keeps a file's memo between builds).
final class MinifierPassMemo: ParsedFileMemo, @unchecked Sendable {
    /// Everything of a prepared piece that the passes and the writer read besides its source file (bytes,
    /// tokens, scope analysis) and the renames' new names: equal keys give pieces that differ only in those names.
    struct TemplateKey: Equatable {
        let generated: [UInt8]
        let tokens: [JavaScriptToken]
        let sourceTokens: [Int32]
        let origins: [Int32]
        let generatedNames: [Int]
        let legalComments: [Range<Int>]
        let written: [Int32]
        /// The renames' structure: which rename each token takes, and each rename's original name and form.
        let renameByToken: [Int32]
        let originalNames: [String]
        let shorthands: [Bool]
        let sharedTopLevel: Bool
        let mapping: Bool
        let sourcePaths: [String]
        let sourceContents: [[UInt8]]

        init(_ piece: PreparedPiece, written: [Int32], renames: IdentifierRenames) {
            generated = piece.generatedWithoutModuleID
            tokens = piece.tokens.tokens
            sourceTokens = piece.tokens.sourceTokens
            origins = piece.tokens.origins
            generatedNames = piece.tokens.generatedNames
            legalComments = piece.tokens.legalComments
            self.written = written
            renameByToken = renames.byToken
            originalNames = renames.table.map(\.originalName)
            shorthands = renames.table.map(\.isShorthand)
            sharedTopLevel = piece.hoistedNames != nil
            mapping = piece.mapping
            sourcePaths = piece.sources.map(\.path)
            sourceContents = piece.sources.map(\.content)
        }
    }

    /// Everything of a prepared piece that `WrappedBodyRenamer.Plan` reads besides its source file: equal keys give
    /// equal plans. The generated text is read for its identifiers only, so the module ID is left out; of the
    /// hoisted names, only which declarations take one.
    struct PlanKey: Equatable {
        let generated: [UInt8]
        let tokenCount: Int
        let sourceTokens: [Int32]
        let generatedNames: [Int]
        /// The range of each generated name's token (the renamer reads the names' text there).
        let generatedNameRanges: [Range<Int>]
        let bindings: [String]
        let isStrict: Bool
        let hoistedDeclarations: [Int]?

        init(_ piece: PreparedPiece) {
            generated = piece.generatedWithoutModuleID
            tokenCount = piece.tokens.tokens.count
            sourceTokens = piece.tokens.sourceTokens
            generatedNames = piece.tokens.generatedNames
            generatedNameRanges = piece.tokens.generatedNames.map { $0 < piece.tokens.tokens.count ? piece.tokens.tokens[$0].range : 0..<0 }
            bindings = piece.bindings
            isStrict = piece.isStrict
            hoistedDeclarations = piece.hoistedNames.map { $0.keys.sorted() }
        }
    }

    static let capacity = 8

    private let condition = NSCondition()
    private var templates: [(key: TemplateKey, template: RenamedPieceTemplate)] = []
    private var plans: [(key: PlanKey, plan: WrappedBodyRenamer.Plan)] = []
    private var recordings: [(recipe: PieceRecipe, recorder: PieceRecorder)] = []
    private var blockFunctions: Set<Int>?
    private var renamedUses = 0
    private var renumberedUses = 0
    /// Keys of pieces some thread is making (claimed, not yet stored).
    private var inFlight: [TemplateKey] = []
    /// False once no other bundle of the build will minify the file (see `stopKeeping()`).
    private var keeps = true
    /// Templates of scope-hoisted modules minified from their trees (`TreePieceTemplate`), several per key (pieces
    /// whose slots are spelled as different sensitive words), the keys some thread is making, and the pieces made
    /// from one.
    private var treeTemplates: [(key: TreePieceTemplate.Key, template: TreePieceTemplate)] = []
    private var treeInFlight: [TreePieceTemplate.Key] = []
    private var treeUses = 0

    init() {}

    /// The renaming plan stored for `key`, else `make()`'s (stored for the next, forgetting the oldest past
    /// `capacity`).
    func plan(for key: PlanKey, _ make: () -> WrappedBodyRenamer.Plan) -> WrappedBodyRenamer.Plan {
        condition.lock()
        let found = plans.first { $0.key == key }?.plan
        condition.unlock()
        if let found { return found }
        let made = make()
        condition.lock()
        defer { condition.unlock() }
        if keeps, !plans.contains(where: { $0.key == key }) {
            plans.append((key, made))
            if plans.count > Self.capacity { plans.removeFirst(plans.count - Self.capacity) }
        }
        return made
    }

    /// The recording of the memo's source file by `recipe`: one kept from another bundle, or `make()`'s (kept for
    /// the next, forgetting the oldest past `capacity`).
    func recording(for recipe: PieceRecipe, _ make: () -> PieceRecorder) -> PieceRecorder {
        condition.lock()
        let found = recordings.first { $0.recipe == recipe }?.recorder
        condition.unlock()
        if let found { return found }
        let made = make()
        condition.lock()
        defer { condition.unlock() }
        if keeps, made.pieceTokens.isComplete, !recordings.contains(where: { $0.recipe == recipe }) {
            recordings.append((recipe, made))
            if recordings.count > Self.capacity { recordings.removeFirst(recordings.count - Self.capacity) }
        }
        return made
    }

    /// `WrappedBodyRenamer.hoistedBlockFunctions` of the memo's source file, found by `find` the first time.
    func blockFunctions(_ find: () -> Set<Int>) -> Set<Int> {
        condition.lock()
        let known = blockFunctions
        condition.unlock()
        if let known { return known }
        let found = find()
        condition.lock()
        defer { condition.unlock() }
        if blockFunctions == nil { blockFunctions = found }
        return found
    }

    /// What `claimTemplate(for:waits:)` found.
    enum TemplateClaim {
        /// The stored template.
        case found(RenamedPieceTemplate)
        /// None: the caller must make the piece and `store` its template.
        case claimed
        /// Another thread is making a piece of an equal key (only when not waiting for it).
        case inFlight
    }

    /// The template stored for `key`, if any; else `nil`, and the caller must make the piece and `store` its
    /// template. While another thread makes a piece of an equal key, waits for its template instead (bundles
    /// built at the same time reach a shared module together).
    func claimTemplate(for key: TemplateKey) -> RenamedPieceTemplate? {
        if case .found(let template) = claimTemplate(for: key, waits: true) { return template }
        return nil
    }

    /// `claimTemplate(for:)`, or with `waits` false, `.inFlight` instead of waiting for another thread's piece.
    func claimTemplate(for key: TemplateKey, waits: Bool) -> TemplateClaim {
        condition.lock()
        while true {
            if let found = templates.first(where: { $0.key == key }) {
                condition.unlock()
                return .found(found.template)
            }
            guard inFlight.contains(key) else { break }
            guard waits else {
                condition.unlock()
                return .inFlight
            }
            condition.unlock()
            WorkerPool.shared.whileBlocked {
                condition.lock()
                while inFlight.contains(key) { condition.wait() }
                condition.unlock()
            }
            condition.lock()
        }
        inFlight.append(key)
        condition.unlock()
        return .claimed
    }

    /// Stores `template` for `key` (once), forgetting the oldest template past `capacity`, and wakes the
    /// threads waiting for it.
    func store(_ template: RenamedPieceTemplate, for key: TemplateKey) {
        condition.lock()
        defer { condition.unlock() }
        if let index = inFlight.firstIndex(of: key) { inFlight.remove(at: index) }
        condition.broadcast()
        guard keeps, !templates.contains(where: { $0.key == key }) else { return }
        templates.append((key, template))
        if templates.count > Self.capacity { templates.removeFirst(templates.count - Self.capacity) }
    }

    /// The tree templates stored for `key`; none (an empty list) when the caller must make the piece and then call
    /// `storeTreeTemplate(_:for:)` (with `nil` when it made no template). While another thread makes a piece of an
    /// equal key, waits for it (bundles built at the same time reach a shared module together).
    func claimTreeTemplates(for key: TreePieceTemplate.Key) -> [TreePieceTemplate] {
        condition.lock()
        while true {
            let found = treeTemplates.filter { $0.key == key }.map(\.template)
            if !found.isEmpty {
                condition.unlock()
                return found
            }
            guard treeInFlight.contains(key) else { break }
            condition.unlock()
            WorkerPool.shared.whileBlocked {
                condition.lock()
                while treeInFlight.contains(key) { condition.wait() }
                condition.unlock()
            }
            condition.lock()
        }
        treeInFlight.append(key)
        condition.unlock()
        return []
    }

    /// Stores `template` for `key` (forgetting the oldest tree template past `capacity`), ends this thread's claim
    /// of `key` if it holds one, and wakes the threads waiting for it.
    func storeTreeTemplate(_ template: TreePieceTemplate?, for key: TreePieceTemplate.Key, claimed: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if claimed, let index = treeInFlight.firstIndex(of: key) { treeInFlight.remove(at: index) }
        condition.broadcast()
        guard keeps, let template else { return }
        treeTemplates.append((key, template))
        if treeTemplates.count > Self.capacity { treeTemplates.removeFirst(treeTemplates.count - Self.capacity) }
    }

    /// How many tree pieces were made from a tree template.
    var treeTemplateUses: Int {
        condition.lock()
        defer { condition.unlock() }
        return treeUses
    }

    /// Counts a tree piece made from a template (see `treeTemplateUses`).
    func noteTreeTemplateUse() {
        condition.lock()
        defer { condition.unlock() }
        treeUses += 1
    }

    /// The number of tree templates held.
    var treeTemplateCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return treeTemplates.count
    }

    /// Forgets everything stored (when no bundle of the build will minify the file again).
    func removeAll() {
        condition.lock()
        defer { condition.unlock() }
        treeTemplates = []
        templates = []
        plans = []
        recordings = []
    }

    /// Forgets everything stored and stores nothing from now on: one bundle only holds the file in this build (a
    /// one-shot build), so no piece would be found again. Pieces then skip the memo (`keepsResults`).
    func stopKeeping() {
        condition.lock()
        defer { condition.unlock() }
        keeps = false
        treeTemplates = []
        templates = []
        plans = []
        recordings = []
    }

    /// Whether results are stored (see `stopKeeping()`).
    var keepsResults: Bool {
        condition.lock()
        defer { condition.unlock() }
        return keeps
    }

    /// The number of templates held.
    var templateCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return templates.count
    }

    /// How many pieces were made from a template with new names other than the template's own.
    var renamedTemplateUses: Int {
        condition.lock()
        defer { condition.unlock() }
        return renamedUses
    }

    /// Counts a piece made from a template with other names (see `renamedTemplateUses`).
    func noteRenamedTemplateUse() {
        condition.lock()
        defer { condition.unlock() }
        renamedUses += 1
    }

    /// How many pieces were made from a template with a module ID other than the template's own.
    var renumberedTemplateUses: Int {
        condition.lock()
        defer { condition.unlock() }
        return renumberedUses
    }

    /// Counts a piece made from a template with another module ID (see `renumberedTemplateUses`).
    func noteRenumberedTemplateUse() {
        condition.lock()
        defer { condition.unlock() }
        renumberedUses += 1
    }

    /// The number of renaming plans held.
    var planCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return plans.count
    }

    /// The number of results held, of every kind.
    var storedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return templates.count + plans.count + recordings.count + treeTemplates.count
    }
}
