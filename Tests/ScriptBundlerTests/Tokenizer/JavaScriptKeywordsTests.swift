import Testing

@testable import ScriptBundler

@Suite struct JavaScriptKeywordsTests {
    private func classify(_ word: String) -> WordClass {
        let bytes = Array(word.utf8)
        return bytes.withUnsafeBufferPointer { JavaScriptKeywords.classify($0, 0, $0.count) }
    }

    static let words: [(word: String, wordClass: WordClass)] = [
        ("do", .blockStatement), ("else", .blockStatement), ("finally", .blockStatement), ("try", .blockStatement),
        ("for", .parenthesizedStatement), ("if", .parenthesizedStatement), ("switch", .parenthesizedStatement),
        ("while", .parenthesizedStatement), ("with", .parenthesizedStatement),
        ("false", .operand), ("null", .operand), ("super", .operand), ("this", .operand), ("true", .operand),
        ("of", .contextualOf),
        ("await", .expressionPrefix), ("break", .expressionPrefix), ("case", .expressionPrefix), ("catch", .blockStatement),
        ("class", .expressionPrefix), ("const", .expressionPrefix), ("continue", .expressionPrefix),
        ("debugger", .expressionPrefix), ("default", .expressionPrefix), ("delete", .expressionPrefix),
        ("enum", .expressionPrefix), ("export", .expressionPrefix), ("extends", .expressionPrefix),
        ("function", .expressionPrefix), ("import", .expressionPrefix), ("in", .expressionPrefix), ("new", .expressionPrefix),
        ("return", .expressionPrefix), ("throw", .expressionPrefix), ("typeof", .expressionPrefix), ("var", .expressionPrefix),
        ("void", .expressionPrefix), ("yield", .expressionPrefix), ("instanceof", .expressionPrefix),
    ]

    @Test func everyWordGetsItsClass() {
        for (word, wordClass) in Self.words {
            #expect(classify(word) == wordClass, "\(word)")
        }
    }

    @Test(arguments: [
        "a", "d", "dox", "iff", "Do", "If", "nul", "nulls", "instanceOf", "instanceofx", "functions",
        "yields", "zz", "let", "static", "async", "get", "elsewhere", "undefined", "thisx", "x",
    ])
    func otherWordsAreIdentifiers(_ word: String) {
        #expect(classify(word) == .identifier)
    }
}
