import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The short names in order (`NameSequence`) and what a template of a tree piece tests words against (step 4u).
@Suite struct NameSequenceTests {
    /// `isAmong(_:first:)` inverts the sequence: a name is among the first `n` exactly when it is given before the
    /// `n`-th, and no other word is.
    @Test func isAmongInvertsTheSequence() {
        var sequence = NameSequence(forbidden: [])
        for number in 0..<4_000 {
            let name = String(decoding: sequence.name(number), as: UTF8.self)
            #expect(NameSequence.isAmong(name, first: number + 1), "\(name) \(number)")
            #expect(!NameSequence.isAmong(name, first: number), "\(name) \(number)")
        }
        #expect(sequence.counter == 4_000)
        for word in ["", "0", "9a", "a-", "é", "abcdefgh", "let"] {
            #expect(!NameSequence.isAmong(word, first: 3_000), "\(word)")
        }
        #expect(NameSequence.isAmong("$", first: 54))
        #expect(!NameSequence.isAmong("$", first: 53))
        #expect(NameSequence.isAmong("aa", first: 55))
        #expect(!NameSequence.isAmong("aa", first: 54))
    }

    /// The sequence counts the names it skipped among those it looked at.
    @Test func counterCountsSkippedNames() {
        var sequence = NameSequence(forbidden: ["a", "c"])
        #expect(sequence.name(1) == Array("d".utf8))
        #expect(sequence.counter == 4)
    }

    /// A template's words: the words given and the words of the bytes, each ending at its end.
    @Test func templateWordsHoldTheirWords() {
        let words = TemplateWords(words: ["name"], bytes: Array("abcdefg".utf8), ends: [3, 3, 7])
        for word in ["name", "abc", "", "defg"] { #expect(words.contains(word), "\(word)") }
        for word in ["ab", "abcd", "def", "g", "x"] { #expect(!words.contains(word), "\(word)") }
        let empty: TemplateWords = []
        #expect(!empty.contains(""))
        #expect(!empty.contains("a"))
    }
}
