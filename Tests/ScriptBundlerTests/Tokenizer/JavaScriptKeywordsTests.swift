import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

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
        ("debugger", .expressionPrefix), ("default", .declarationPrefix), ("delete", .expressionPrefix),
        ("enum", .expressionPrefix), ("export", .declarationPrefix), ("extends", .expressionPrefix),
        ("function", .expressionPrefix), ("import", .expressionPrefix), ("in", .expressionPrefix), ("new", .expressionPrefix),
        ("return", .expressionPrefix), ("throw", .expressionPrefix), ("typeof", .expressionPrefix), ("var", .expressionPrefix),
        ("void", .expressionPrefix), ("yield", .expressionPrefix), ("instanceof", .expressionPrefix),
    ]

    @Test func everyWordGetsItsClass() {
        for (word, wordClass) in Self.words {
            #expect(classify(word) == wordClass, "\(word)")
        }
    }

    /// Every lowercase word of two to four letters (475,228), and every listed word with one letter changed, is a
    /// reserved word exactly when listed: the slot a word's code falls in must not make another word a keyword.
    @Test func onlyListedWordsAreKeywords() {
        let classes = Dictionary(uniqueKeysWithValues: Self.words.map { (Array($0.word.utf8), $0.wordClass) })
        var word: [UInt8] = []
        var wrong: [String] = []
        func check() {
            let got = word.withUnsafeBufferPointer { JavaScriptKeywords.classify($0, 0, $0.count) }
            if got != classes[word] ?? .identifier { wrong.append(String(decoding: word, as: UTF8.self)) }
        }
        let letters = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
        func words(of length: Int) {
            if word.count == length { return check() }
            for letter in letters {
                word.append(letter)
                words(of: length)
                word.removeLast()
            }
        }
        for length in 2...4 { words(of: length) }
        for listed in classes.keys {
            for k in listed.indices {
                for letter in letters + [UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "0")] {
                    word = listed
                    word[k] = letter
                    check()
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    /// The scanner's classification through the slot table (step 5c) agrees with `classify` on every listed word,
    /// every listed word with one letter changed, and words of 1, 9, 10 and 11 bytes (codes of 0 and below 0x100).
    @Test func slotTableAgreesWithClassify() {
        var samples = Self.words.map { Array($0.word.utf8) }
        for listed in Self.words.map({ Array($0.word.utf8) }) {
            for k in listed.indices {
                for letter in [UInt8(ascii: "a"), UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "0")] {
                    var word = listed
                    word[k] = letter
                    samples.append(word)
                }
            }
        }
        samples += ["a", "i", "x", "_", "$", "instanceo", "instanceOf", "instanceof", "instanceofs", "undefined", "abcdefghij"]
            .map { Array($0.utf8) }
        var wrong: [String] = []
        for word in samples {
            let expected = word.withUnsafeBufferPointer { JavaScriptKeywords.classify($0, 0, $0.count) }
            let got = word.withUnsafeBufferPointer {
                JavaScriptKeywords.classify(
                    code: TokenCode.of($0, 0, $0.count), length: $0.count, table: JavaScriptKeywords.slotTable, $0, 0)
            }
            if got != expected { wrong.append(String(decoding: word, as: UTF8.self)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test(arguments: [
        "a", "d", "dox", "iff", "Do", "If", "nul", "nulls", "instanceOf", "instanceofx", "functions",
        "yields", "zz", "let", "static", "async", "get", "elsewhere", "undefined", "thisx", "x",
    ])
    func otherWordsAreIdentifiers(_ word: String) {
        #expect(classify(word) == .identifier)
    }
}
