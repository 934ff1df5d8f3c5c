import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct ModuleGraphTests {
    /// The plain substring search the fast scan must agree with.
    private func naive(_ text: [UInt8]) -> Bool {
        for word in ["import", "export", "require", "module"] {
            let w = Array(word.utf8)
            if text.count >= w.count {
                for k in 0...(text.count - w.count) where Array(text[k..<(k + w.count)]) == w { return true }
            }
        }
        return false
    }

    @Test(arguments: ["import", "export", "require", "module", "requir", "mport", "xport", "odule", "modul", "impor"])
    func findsEachWordAtEveryOffset(_ word: String) {
        // Past two vectors of sixteen, so that every lane of the vector scan, the word scan and the tail see it.
        for padding in 0..<40 {
            for trailing in 0..<20 {
                let text = Array((String(repeating: "a", count: padding) + word + String(repeating: "b", count: trailing)).utf8)
                #expect(ModuleGraph.mightUseModules(text, path: "a.js") == naive(text), "\(padding) \(word) \(trailing)")
            }
        }
    }

    @Test func agreesWithSubstringSearchOnMixedText() {
        let pieces = ["po", "qu", "du", "im", "ex", "re", "mo", "port", "quire", "dule", " ", "\n", "é", "x", "rt", "le", "ui"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var positives = 0
        for _ in 0..<3_000 {
            var text: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59)
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += Array(pieces[Int(state >> 33) % pieces.count].utf8)
            }
            let expected = naive(text)
            if expected { positives += 1 }
            #expect(ModuleGraph.mightUseModules(text, path: "a.js") == expected, "\(String(decoding: text, as: UTF8.self))")
        }
        #expect(positives > 0)
    }

    /// Pairs that start no word (`po`, `qu`, `du` alone) before and after a word in the same vector, in both halves.
    @Test func findsWordsAmongPairsThatStartNone() {
        for first in 0..<34 {
            for second in (first + 2)..<40 {
                var text = Array(repeating: UInt8(ascii: "x"), count: 48)
                text[first] = UInt8(ascii: "p")
                text[first + 1] = UInt8(ascii: "o")
                for (k, byte) in "module".utf8.enumerated() where second + k < text.count { text[second + k] = byte }
                #expect(ModuleGraph.mightUseModules(text, path: "a.js") == naive(text), "\(first) \(second)")
            }
        }
    }

    @Test func mjsFilesAlwaysMightUseModules() {
        #expect(ModuleGraph.mightUseModules([], path: "a.mjs"))
        #expect(!ModuleGraph.mightUseModules([], path: "a.js"))
        #expect(!ModuleGraph.mightUseModules(Array("var port = query(duration); // a plain script".utf8), path: "a.js"))
        #expect(ModuleGraph.mightUseModules(Array("var important = 1;".utf8), path: "a.js"))
    }
}
