import Foundation
import ScriptModules
import WKPackSupport

/// What the tree minifier made of the pieces of one parsed source file, kept for the other bundles of the build:
/// the templates of its scope-hoisted pieces (`TreePieceTemplate`), from which a piece equal in everything the
/// minifier reads but the top-level names each bundle chooses is made by putting its names in. Holds the last
/// `capacity` (a watcher keeps a file's memo between builds).
package final class PieceTemplateMemo: ParsedFileMemo, @unchecked Sendable {
    package static let capacity = 8

    private let condition = NSCondition()
    /// False once no other bundle of the build will minify the file (see `stopKeeping()`).
    private var keeps = true
    /// Templates of scope-hoisted modules minified from their trees (`TreePieceTemplate`), several per key (pieces
    /// whose slots are spelled as different sensitive words), the keys some thread is making, and the pieces made
    /// from one.
    private var treeTemplates: [(key: TreePieceTemplate.Key, template: TreePieceTemplate)] = []
    private var treeInFlight: [TreePieceTemplate.Key] = []
    private var treeUses = 0
    /// The names of the file's parse, as the templates with mappings test them (`TreePieceTemplate.parsedNames`): one
    /// set per file, made at its first test, not one per template (step 4u).
    private var parsedNameSet: ParsedNameSet?

    package init() {}

    /// The set of the file's parsed names (`names` up to `count`, the names a parse of the file interned: equal for
    /// every parse of it), shared by the file's templates.
    func parsedNames(_ names: [String], count: Int) -> ParsedNameSet {
        condition.lock()
        defer { condition.unlock() }
        if let parsedNameSet { return parsedNameSet }
        let made = ParsedNameSet(names: names, count: count)
        parsedNameSet = made
        return made
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
    package func removeAll() {
        condition.lock()
        defer { condition.unlock() }
        treeTemplates = []
        parsedNameSet = nil
    }

    /// Forgets everything stored and stores nothing from now on: one bundle only holds the file in this build (a
    /// one-shot build), so no piece would be found again. Pieces then skip the memo (`keepsResults`).
    package func stopKeeping() {
        condition.lock()
        defer { condition.unlock() }
        keeps = false
        treeTemplates = []
        parsedNameSet = nil
    }

    /// Whether results are stored (see `stopKeeping()`).
    var keepsResults: Bool {
        condition.lock()
        defer { condition.unlock() }
        return keeps
    }

    /// The number of results held.
    var storedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return treeTemplates.count
    }
}
