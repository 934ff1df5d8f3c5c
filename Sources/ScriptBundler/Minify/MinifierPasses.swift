/// The minifier's rewriting passes, run on a token stream before it is written: private names shortened
/// (`PrivateNames`), single-use locals inlined (`SingleUseInlining`), constants inlined and unused local
/// declarations left out (`LocalDeclarationRemoval`), branches of constant tests dropped
/// (`DeadBranches`, `ConstantConditions`), `if` statements written as expressions
/// (`ConditionalStatements`), a `!` dropped from `!a&&b;` (`LogicalNegations`), empty statements left out (`EmptyStatements`), adjacent declarations merged (`DeclarationMerging`), braces around a lone statement
/// dropped (`BlockBraces`), string comparisons shortened (`TypeofComparisons`), a compared `undefined` written
/// `void 0` (`UndefinedReferences`), a lone arrow parameter's parentheses dropped (`ArrowParameters`), so are the
/// empty arguments of `new C()` (`NewArguments`), `new Error(m)` written `Error(m)` (`ErrorConstructorCalls`), unused
/// names of function and class expressions left out (`UnusedExpressionNames`), parentheses the grammar does not
/// need left out (`RedundantParentheses`), quoted property names shortened (`QuotedPropertyKeys`), added string literals joined
/// (`StringConcatenation`), numbers written in their shortest form (`NumberLiterals`) and
/// strings written with the quote needing fewest escapes (`StringQuotes`). Each rewrites only what it proves unchanged in meaning; the
/// result keeps every written token mapped to an original position.
enum MinifierPasses {
    /// The edits for `tokens` (of `text`), from `bindings` (their scope analysis); `letConsts` are the `const`
    /// keywords the writer writes as `let`; `renames` the names the writer rewrites.
    static func edits<Text: Minifier.TokenText>(
        _ text: Text, tokens: [JavaScriptToken], bindings: TokenBindings?, letConsts: TokenIndexSet, renames: IdentifierRenames
    ) -> TokenEdits {
        var edits = TokenEdits(tokenCount: tokens.count)
        PrivateNames(text: text, tokens: tokens).run(&edits)
        var syntax: MinifierSyntax?
        if let bindings {
            let parsed = MinifierSyntaxParser.parse(text: text, tokens: tokens)
            syntax = parsed
            SingleUseInlining(text: text, tokens: tokens, syntax: parsed, bindings: bindings).run(&edits)
            LocalDeclarationRemoval(text: text, tokens: tokens, syntax: parsed, bindings: bindings).run(&edits)
            DeadBranches(text: text, tokens: tokens, syntax: parsed).run(&edits)
            ConstantConditions(text: text, tokens: tokens, syntax: parsed).run(&edits)
            ConditionalStatements(text: text, tokens: tokens, syntax: parsed).run(&edits)
            LogicalNegations(text: text, tokens: tokens, syntax: parsed).run(&edits)
            EmptyStatements(text: text, tokens: tokens, syntax: parsed).run(&edits)
            DeclarationMerging(text: text, tokens: tokens, syntax: parsed, letConsts: letConsts).run(&edits)
            BlockBraces(text: text, tokens: tokens, syntax: parsed).run(&edits)
            TypeofComparisons(text: text, tokens: tokens, syntax: parsed).run(&edits)
            UndefinedReferences(text: text, tokens: tokens, bindings: bindings).run(&edits)
            ErrorConstructorCalls(text: text, tokens: tokens, bindings: bindings).run(&edits)
            UnusedExpressionNames(text: text, tokens: tokens, bindings: bindings) { k in
                k < renames.byToken.count && renames.byToken[k] >= 0
            }.run(&edits)
        }
        ArrowParameters(text: text, tokens: tokens).run(&edits)
        NewArguments(text: text, tokens: tokens).run(&edits)
        // After every pass that reads a token's neighbours in the stream (`new C()` before `.`): those change here.
        if let syntax { RedundantParentheses(text: text, tokens: tokens, syntax: syntax).run(&edits) }
        QuotedPropertyKeys(text: text, tokens: tokens, bindings: bindings).run(&edits)
        if let syntax { StringConcatenation(text: text, tokens: tokens, syntax: syntax).run(&edits) }
        NumberLiterals(text: text, tokens: tokens).run(&edits)
        StringQuotes(text: text, tokens: tokens).run(&edits)
        return edits
    }
}

extension TokenRewrites {
    /// The `const` keywords marked to be written as `let`.
    var letKeywords: TokenIndexSet {
        var result = TokenIndexSet()
        for mark in marks.dropLast() where mark & 3 == Self.letKeyword { result.insert(Int32(truncatingIfNeeded: mark >> 2)) }
        return result
    }

    /// The marks moved to an edited stream (`EditedTokens`): each original token's mark goes with it.
    func moved(to edited: EditedTokens) -> TokenRewrites {
        // Per original token: its mark, or -1.
        var count = 0
        for mark in marks.dropLast() where mark >= 0 { count = max(count, Int(mark >> 2) + 1) }
        var byToken = [Int8](repeating: -1, count: count)
        for mark in marks.dropLast() where mark >= 0 { byToken[Int(mark >> 2)] = Int8(truncatingIfNeeded: mark & 3) }
        var moved: [Int64] = []
        moved.reserveCapacity(marks.count)
        for index in edited.tokens.indices where edited.isOriginal[index] {
            let origin = Int(edited.origins[index])
            if origin >= 0, origin < count, byToken[origin] >= 0 { moved.append(Int64(index) << 2 | Int64(byToken[origin])) }
        }
        moved.sort()
        moved.append(Int64.max)
        var result = TokenRewrites()
        result.replaceMarks(moved)
        return result
    }
}

extension IdentifierRenames {
    /// The renames moved to an edited stream: written text is never renamed.
    func moved(to edited: EditedTokens) -> IdentifierRenames {
        var result = IdentifierRenames()
        result.table = table
        result.byToken = [Int32](repeating: -1, count: edited.tokens.count)
        for index in edited.tokens.indices where edited.isOriginal[index] {
            let origin = Int(edited.origins[index])
            if origin < byToken.count { result.byToken[index] = byToken[origin] }
        }
        return result
    }
}
