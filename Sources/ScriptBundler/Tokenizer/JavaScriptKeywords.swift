/// How a word affects what may follow it (used to tell a regular expression from division).
enum WordClass: UInt8 {
    /// An ordinary identifier: an operand.
    case identifier
    /// `if`, `while`, `for`, `with`: the `)` closing their parenthesis may be followed by a regex.
    case parenthesizedStatement
    /// `else`, `do`, `try`, `finally`: a following `{` opens a block.
    case blockStatement
    /// `this`, `super`, `null`, `true`, `false`: operands.
    case operand
    /// Any other reserved word (`return`, `typeof`, `in`, `case`, ...): a regex may follow.
    case expressionPrefix
    /// `of`: contextual, treated like `in`, but not a reserved word.
    case contextualOf
}

/// The ECMAScript reserved words, matched on raw bytes without allocating.
enum JavaScriptKeywords {
    private static let table: [[([UInt8], WordClass)]] = {
        let words: [(String, WordClass)] = [
            ("await", .expressionPrefix), ("break", .expressionPrefix), ("case", .expressionPrefix),
            ("catch", .expressionPrefix), ("class", .expressionPrefix), ("const", .expressionPrefix),
            ("continue", .expressionPrefix), ("debugger", .expressionPrefix), ("default", .expressionPrefix),
            ("delete", .expressionPrefix), ("do", .blockStatement), ("else", .blockStatement),
            ("enum", .expressionPrefix), ("export", .expressionPrefix), ("extends", .expressionPrefix),
            ("false", .operand), ("finally", .blockStatement), ("for", .parenthesizedStatement),
            ("function", .expressionPrefix), ("if", .parenthesizedStatement), ("import", .expressionPrefix),
            ("in", .expressionPrefix), ("instanceof", .expressionPrefix), ("new", .expressionPrefix),
            ("null", .operand), ("return", .expressionPrefix), ("super", .operand),
            ("switch", .parenthesizedStatement), ("this", .operand), ("throw", .expressionPrefix),
            ("true", .operand), ("try", .blockStatement), ("typeof", .expressionPrefix),
            ("var", .expressionPrefix), ("void", .expressionPrefix), ("while", .parenthesizedStatement),
            ("with", .parenthesizedStatement), ("yield", .expressionPrefix), ("of", .contextualOf),
        ]
        var table = [[([UInt8], WordClass)]](repeating: [], count: 11)
        for (word, wordClass) in words {
            table[word.utf8.count].append((Array(word.utf8), wordClass))
        }
        return table
    }()

    /// Classifies the word in `bytes[start..<end]` (which must contain no escapes).
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> WordClass {
        let length = end - start
        guard length >= 2, length <= 10 else { return .identifier }
        let first = bytes[start]
        guard first >= 0x61, first <= 0x79 else { return .identifier }
        candidates: for (word, wordClass) in table[length] where word[0] == first {
            for k in 1..<length where word[k] != bytes[start + k] {
                continue candidates
            }
            return wordClass
        }
        return .identifier
    }
}
