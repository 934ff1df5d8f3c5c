/// Tokens the minifier writes differently, found by the parse of the code:
/// - boolean literals in expression position become `!0`/`!1` (the writer keeps one that a following `.`, `?.`,
///   `[`, `(`, template or `**` binds tighter than `!` would);
/// - `const` keywords whose bindings are never written become `let`;
/// - the `}` ending a statement or class member needs no line break after it (`ScopeAnalysis.statementBraces`).
///
/// They are one list of marks in the order of the tokens the writer writes, each `token << 2 | mark`, ending with a
/// sentinel, so the writer compares each token's index with the next mark only.
struct TokenRewrites {
    static let boolean: Int64 = 0
    static let letKeyword: Int64 = 1
    static let statementBrace: Int64 = 2

    private(set) var marks: [Int64] = [Int64.max]

    /// Whether `token` is marked as the `}` ending a statement or class member.
    func marksStatementBrace(_ token: Int) -> Bool {
        // Marks ascend by token (the sentinel last): a binary search for the token's mark.
        var low = 0, high = marks.count - 1
        while low < high {
            let middle = (low + high) / 2
            if marks[middle] >> 2 < Int64(token) { low = middle + 1 } else { high = middle }
        }
        return low < marks.count - 1 && marks[low] >> 2 == Int64(token) && marks[low] & 3 == Self.statementBrace
    }

    init() {}

    /// The rewrites from `analysis`. `topLevelConsts: false` keeps the `const` declarations of the program's top
    /// level: in code parsed as a whole (a bundle piece) other pieces share that scope and may write them. A
    /// prepared piece's top level is the wrapper function's body: its declarations are locals.
    init(_ analysis: ScopeAnalysis, topLevelConsts: Bool) {
        let booleans = analysis.booleanLiterals, braces = analysis.statementBraces
        var consts: [Int32] = []
        consts.reserveCapacity(analysis.unwrittenConsts.count)
        for declaration in analysis.unwrittenConsts where topLevelConsts || declaration.scope != 0 {
            consts.append(declaration.keyword)
        }
        var marks: [Int64] = []
        marks.reserveCapacity(booleans.count + braces.count + consts.count + 1)
        // Merge the three ascending lists (a token is in one at most).
        var b = 0, c = 0, s = 0
        while b < booleans.count || c < consts.count || s < braces.count {
            let nextBoolean = b < booleans.count ? booleans[b] : Int32.max
            let nextConst = c < consts.count ? consts[c] : Int32.max
            let nextBrace = s < braces.count ? braces[s] : Int32.max
            if nextBoolean <= nextConst, nextBoolean <= nextBrace {
                marks.append(Int64(nextBoolean) << 2 | Self.boolean)
                b += 1
            } else if nextConst <= nextBrace {
                marks.append(Int64(nextConst) << 2 | Self.letKeyword)
                c += 1
            } else {
                marks.append(Int64(nextBrace) << 2 | Self.statementBrace)
                s += 1
            }
        }
        marks.append(Int64.max)
        self.marks = marks
    }

    /// Sets the marks (ascending, ending with the sentinel).
    mutating func replaceMarks(_ marks: [Int64]) {
        self.marks = marks
    }

    /// The marks of the analysis' tokens moved to where each was written (`written`, per analysis token: its
    /// index among the tokens written, -1 where removed), as for a prepared piece.
    func placed(by written: [Int32]) -> TokenRewrites {
        var placed = TokenRewrites()
        var moved: [Int64] = []
        moved.reserveCapacity(marks.count)
        var ascending = true
        for mark in marks.dropLast() {
            let token = Int(mark >> 2)
            guard token < written.count, written[token] >= 0 else { continue }
            let next = Int64(written[token]) << 2 | (mark & 3)
            if let last = moved.last, last >= next { ascending = false }
            moved.append(next)
        }
        // Source tokens are written in order; keep the marks ascending should an edit ever move one.
        if !ascending { moved.sort() }
        moved.append(Int64.max)
        placed.marks = moved
        return placed
    }
}
