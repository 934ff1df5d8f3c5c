import ScriptSyntax

/// One file of a module bundle, with its parse results and resolved dependencies.
package struct ModuleRecord {
    package enum Kind: Equatable {
        /// An entry with no module syntax that nothing imports: wrapped in its own scope, as before.
        case plainScript
        /// ES module (import/export syntax or `.mjs`).
        case esModule
        /// CommonJS (`require`/`module`/`exports`), or any other imported file.
        case commonJS
        /// A JSON file: `module.exports` is the parsed value.
        case json
        /// `false` in `alias:`/`fallback:`: exports an empty object.
        case empty
        /// `script-loader!`: the text runs once in global scope.
        case scriptLoader
    }

    package let id: Int
    /// Absolute path (or the empty module's name).
    package let path: String
    package var kind: Kind
    package let bytes: [UInt8]
    package let tokens: [JavaScriptToken]
    package let analysis: ScopeAnalysis?
    /// Module id for each static request (`analysis.module.requests`).
    package var requestTargets: [Int] = []
    /// Module id for each `require("x")` specifier.
    package var requireTargets: [String: Int] = [:]
    /// Module id for each `import("x")` (nil when not a literal).
    package var dynamicTargets: [Int?] = []
    /// Keys (`./Name.mjs`) and module ids for each `require.context` call.
    package var contextTargets: [[(key: String, id: Int)]] = []
    /// Whether something imports or requires this module.
    package var isImported = false
    /// Whether the nearest package.json declares the file free of side effects (`"sideEffects": false`, or an
    /// array of globs none of which matches it), so it may be left out when nothing reads its exports.
    var isDeclaredSideEffectFree = false
    /// The minifier's results for pieces copying this file (shared with other bundles' records of the same parse).
    package var passMemo: (any ParsedFileMemo)? = nil
    /// Facts about the file found once for every bundle that holds it; set only on records whose `analysis` is
    /// the shared parse's (`nil`: each fact is worked out again).
    package var facts: ModuleFileFacts? = nil
    /// When the file was lowered for the target: `bytes`, `tokens` and `analysis` are those of its printed lowered
    /// code, and this maps them back to the file (`LoweredSource`).
    package var lowering: LoweredSource? = nil

    /// Made from every stored property (the memberwise initializer, for the stages above).
    init(
        id: Int,
        path: String,
        kind: Kind,
        bytes: [UInt8],
        tokens: [JavaScriptToken],
        analysis: ScopeAnalysis?,
        requestTargets: [Int] = [],
        requireTargets: [String: Int] = [:],
        dynamicTargets: [Int?] = [],
        contextTargets: [[(key: String, id: Int)]] = [],
        isImported: Bool = false,
        isDeclaredSideEffectFree: Bool = false,
        passMemo: (any ParsedFileMemo)? = nil,
        facts: ModuleFileFacts? = nil,
        lowering: LoweredSource? = nil
    ) {
        self.id = id
        self.path = path
        self.kind = kind
        self.bytes = bytes
        self.tokens = tokens
        self.analysis = analysis
        self.requestTargets = requestTargets
        self.requireTargets = requireTargets
        self.dynamicTargets = dynamicTargets
        self.contextTargets = contextTargets
        self.isImported = isImported
        self.isDeclaredSideEffectFree = isDeclaredSideEffectFree
        self.passMemo = passMemo
        self.facts = facts
        self.lowering = lowering
    }

    var isES: Bool { kind == .esModule }

    /// Whether a bundle writes the file's text (and adds it as a source): not for the empty module, a
    /// `script-loader!` file (its text runs as a string) or an empty file.
    package var hasBody: Bool {
        switch kind {
        case .empty, .scriptLoader: return false
        case .plainScript, .commonJS, .esModule, .json: return !bytes.isEmpty
        }
    }

    /// The file's own text: the source map's `sourcesContent` and the size a report gives the file.
    package var sourceBytes: [UInt8] { lowering?.original ?? bytes }
}
