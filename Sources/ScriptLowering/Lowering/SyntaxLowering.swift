import ScriptSyntax
import WKPackSupport

/// Rewrites the syntax a `ScriptTarget` lacks into older syntax, on the syntax tree: a pass `SyntaxTree` ->
/// `SyntaxTree` (issue 42, first stage; not yet run by `wkpack build`).
///
/// Lowered: optional chaining (`a?.b`, `a?.[b]`, `a?.b()`, `delete a?.b`, calls keep their receiver through
/// `.call`), nullish coalescing, logical assignment (`&&=`, `||=`, `??=`), optional catch bindings, numeric
/// separators, object spread (`{...a}`) and rest (`const {a, ...r} = o`, in declarations, loop heads, assignments
/// and plain parameters), class fields, static fields, private fields, methods and accessors, `#x in o` and class
/// static blocks (`ClassLowering.swift`), async generators and `for await` (`AsyncGeneratorLowering.swift`,
/// `ForAwaitLowering.swift`), with helpers, and on request exponentiation (`**`, `**=`), which every
/// target has. Each operand is evaluated once and in the source order: an operand read again is kept in a
/// temporary (`_a`, `_b`, ... named apart from every name in the file) declared once, `var _a, _b;`, at the top
/// of the function (or program) that uses it; a parameter default or class field initializer that needs one is
/// wrapped in an arrow function called at once, whose parameters are the temporaries (as esbuild does).
/// Helpers (object spread and rest, class members) are declared once at the top of the program, only when used
/// (a build declares them once per bundle instead: `LoweredSource`).
///
/// What the target lacks and is not lowered here (object rest elsewhere, async generator methods writing to `super`, BigInt
/// literals, regular expression features) is an error at its first use, worded as the target check words it:
/// `a.js:3:14: error: a BigInt literal is not available in the configured target safari13 (needs safari14)`.
///
/// Built nodes take the range of the node they replace; they carry no binding (see `SyntaxFlags.synthetic`),
/// and a copied identifier (an operand read twice) keeps its reference index, so several nodes can share one.
public enum SyntaxLowering {
    /// What to lower besides what the target lacks.
    public struct Options: Sendable, Equatable {
        /// Lower `**` and `**=` to `Math.pow` (every target parses them; this is for tests and older engines).
        public var exponentiation: Bool
        /// Features lowered even when the target has them (tests use it to lower to an ECMAScript year).
        public var features: Set<SyntaxFeature>

        /// Options that lower only what the target lacks (and `**` with `exponentiation`).
        public init(exponentiation: Bool = false, features: Set<SyntaxFeature> = []) {
            self.exponentiation = exponentiation
            self.features = features
        }
    }

    /// The features this pass rewrites (object rest: not inside array patterns, catch bindings, or parameter patterns
    /// with defaults or computed keys, which stay errors; a class using one of the class features is lowered whole).
    public static let lowerableFeatures: Set<SyntaxFeature> = [
        .optionalChain, .nullishCoalescing, .logicalAssignment, .optionalCatchBinding, .numericSeparator, .objectRestSpread,
        .classField, .classStaticField, .classPrivateField, .classPrivateMethod, .classPrivateBrandCheck, .classStaticBlocks,
        .asyncGenerator, .forAwait,
    ]

    /// `tree` with the syntax `target` lacks rewritten into older syntax.
    /// - Parameters:
    ///   - tree: a parsed tree (`SyntaxParser.parse`).
    ///   - target: the oldest engine the output must run on.
    ///   - path: the file's path, for errors.
    ///   - options: what to lower besides what `target` lacks.
    /// - Throws: `BundlerError` (`unsupportedSyntax`) at the first use of syntax `target` lacks that is not lowered.
    public static func lower(
        _ tree: SyntaxTree, target: ScriptTarget, path: String, options: Options = Options()
    ) throws(BundlerError) -> SyntaxTree {
        try lower(tree, target: target, path: path, options: options, declaresHelpers: true).tree
    }

    /// A tree lowered for a bundle: the helpers it calls are not declared in it (the bundle declares each once).
    package struct HelperCalls {
        /// The lowered tree.
        package var tree: SyntaxTree
        /// The helpers the tree calls and does not declare (with the helpers those call), in the order first used,
        /// each with the name its calls use (`__spreadValues`, or `__spreadValues2` when the file holds that name);
        /// empty when the tree declares them.
        package var helpers: [(helper: LoweringHelper, name: String)]
        /// The first entry of `tree.names` the pass added (the names of built nodes: temporaries, helpers).
        package var firstBuiltName: Int
    }

    /// `lower(_:target:path:options:)`, declaring the helpers the tree calls at its top (`declaresHelpers`) or
    /// leaving them to the bundle.
    package static func lower(
        _ tree: SyntaxTree, target: ScriptTarget, path: String, options: Options = Options(), declaresHelpers: Bool
    ) throws(BundlerError) -> HelperCalls {
        let lowered = Set(SyntaxFeature.allCases.filter { !target.supports($0) }).union(options.features)
        let firstBuiltName = tree.names.count
        let outcome = LargeStack.run { () -> Result<HelperCalls, BundlerError> in
            var pass = LoweringPass(tree: tree, lowering: lowered, target: target, exponentiation: options.exponentiation)
            pass.declaresHelpers = declaresHelpers
            do throws(BundlerError) {
                try pass.run(path: path)
                let helpers = declaresHelpers ? [] : pass.helpers.map { (helper: $0, name: pass.helperNames[$0] ?? $0.rawValue) }
                return .success(HelperCalls(tree: pass.tree, helpers: helpers, firstBuiltName: firstBuiltName))
            } catch {
                return .failure(error)
            }
        }
        guard let outcome else {
            throw BundlerError(.unsupportedSyntax, at: SourceLocation(path: path), "the lowering pass did not finish")
        }
        return try outcome.get()
    }

    /// How far lowering can take one file: the oldest target `lower` succeeds for, and the use that keeps it from
    /// going older.
    public struct Floor: Sendable, Equatable {
        /// The oldest target for which every feature the file uses is there or lowered.
        public let target: ScriptTarget
        /// The feature that needs `target` and is not lowered there; `nil` when `target` is the minimum.
        public let feature: SyntaxFeature?
        /// 1-based line of its first use not lowered (1 when `feature` is `nil`).
        public let line: Int
        /// 1-based column of that use.
        public let column: Int
    }

    /// The oldest target `lower(_:target:path:)` lowers `tree` for without an error (what `wkpack init` tells beside
    /// the target it writes, which needs no lowering).
    /// - Parameter tree: a parsed tree (`SyntaxParser.parse`).
    public static func oldestTarget(for tree: SyntaxTree) -> Floor {
        var target = ScriptTarget.minimum
        var floor = Floor(target: target, feature: nil, line: 1, column: 1)
        // Each failure names a feature the target lacks and the pass keeps: the next try is that feature's version.
        for _ in 0...SyntaxFeature.allCases.count {
            let current = target
            let lowered = Set(SyntaxFeature.allCases.filter { !current.supports($0) })
            let outcome = LargeStack.run { () -> (offset: UInt32, feature: SyntaxFeature)? in
                var pass = LoweringPass(tree: tree, lowering: lowered, target: current, exponentiation: false)
                do throws(BundlerError) {
                    try pass.run(path: "")
                    return nil
                } catch {
                    return pass.unsupported
                }
            }
            // Finished without an error (or could not run: the tree's own features are the answer then).
            guard let outcome, let (offset, feature) = outcome, feature.availableSince > target else { return floor }
            target = feature.availableSince
            let (line, column) = SourcePosition.lineAndColumn(of: Int(offset), in: tree.source)
            floor = Floor(target: target, feature: feature, line: line, column: column)
        }
        return floor
    }
}
