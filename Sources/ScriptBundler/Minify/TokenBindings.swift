/// What the minifier's passes know of the names in the token stream they edit: per token, the declaration it
/// binds or refers to (from a scope analysis, moved to the stream's token indexes).
struct TokenBindings {
    /// Per token: the declaration whose binding name it is, or -1.
    var declarationAt: [Int32]
    /// Per declaration: the token naming it in the stream, or -1.
    var declarationTokens: [Int32]
    /// Per token: the declaration it refers to, `free` for a global, `unknown` for a name the analysis did not
    /// see (generated text), -1 for no reference.
    var referenceAt: [Int32]
    /// Per token with a reference: whether it is a callee or a shorthand property (`{a}`).
    var isCalleeOrShorthand: [Bool]
    var declarations: [Declaration]
    var scopes: [Scope]
    /// Per declaration: whether a reference writes it.
    var written: [Bool]
    /// Per declaration: how many references to it the stream holds.
    var referenceCounts: [Int32]
    /// Per declaration: whether the passes may remove it (not one other code may see).
    var isLocal: [Bool]
    /// Whether the code refers to `arguments` anywhere (a sloppy function's parameters may change through it).
    var usesArguments: Bool

    static let free: Int32 = -2
    static let unknown: Int32 = -3

    /// The bindings of `analysis` for a stream whose token `written[k]` is the analysis' token `k` (-1: not in
    /// the stream), of `count` tokens; `generatedNames` are stream tokens naming something the analysis did not
    /// see. `sharedTopLevel`: the program's top-level names are visible to other code. `namedByGenerated`: the
    /// names those generated tokens spell (declarations so named are not local: generated code may refer to them).
    init(
        _ analysis: ScopeAnalysis, count: Int, written: [Int32]?, generatedNames: [Int], sharedTopLevel: Bool,
        namedByGenerated: Set<String> = []
    ) {
        func place(_ token: Int) -> Int {
            guard let written else { return token < count ? token : -1 }
            return token < written.count ? Int(written[token]) : -1
        }
        declarationAt = [Int32](repeating: -1, count: count)
        referenceAt = [Int32](repeating: -1, count: count)
        isCalleeOrShorthand = [Bool](repeating: false, count: count)
        declarations = analysis.declarations
        declarationTokens = [Int32](repeating: -1, count: analysis.declarations.count)
        scopes = analysis.scopes
        self.written =
            analysis.writtenDeclarations.count == analysis.declarations.count
            ? analysis.writtenDeclarations : [Bool](repeating: true, count: analysis.declarations.count)
        referenceCounts = [Int32](repeating: 0, count: analysis.declarations.count)
        isLocal = [Bool](repeating: false, count: analysis.declarations.count)
        usesArguments = false
        let checksGeneratedNames = !namedByGenerated.isEmpty
        // Per scope, whether it is unsafe (read once per parse, not by copying the scope out per declaration).
        let unsafeScopes = analysis.unsafeScopes
        for (index, declaration) in analysis.declarations.enumerated() {
            let k = place(declaration.token)
            if k >= 0 {
                declarationAt[k] = Int32(truncatingIfNeeded: index)
                declarationTokens[index] = Int32(truncatingIfNeeded: k)
            }
            isLocal[index] =
                k >= 0 && !unsafeScopes[declaration.scope] && !(sharedTopLevel && declaration.scope == 0)
                && declaration.name != "arguments" && declaration.name != "eval"
                && !(checksGeneratedNames && namedByGenerated.contains(declaration.name))
        }
        // `arguments` by its name ID (each reference's name is an interned string: compared as numbers here).
        let argumentsID = analysis.argumentsNameID >= 0 ? analysis.argumentsNameID : nil
        let nameIDs = analysis.tokenNameIDs
        for reference in analysis.references {
            if let argumentsID, reference.token >= 0, reference.token < nameIDs.count, nameIDs[reference.token] == argumentsID {
                usesArguments = true
            }
            let k = place(reference.token)
            if let declaration = reference.declaration {
                referenceCounts[declaration] += 1
                // A reference the stream lost: its declaration stays as it is.
                guard k >= 0 else {
                    isLocal[declaration] = false
                    continue
                }
                referenceAt[k] = Int32(truncatingIfNeeded: declaration)
            } else if k >= 0 {
                referenceAt[k] = Self.free
            }
            if k >= 0 { isCalleeOrShorthand[k] = reference.isCallee || reference.isShorthandProperty }
        }
        for k in generatedNames where k >= 0 && k < count { referenceAt[k] = Self.unknown }
    }
}
