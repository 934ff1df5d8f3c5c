import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct LegalCommentsTests {
    /// The byte-by-byte reading of `LegalComments.mayOccur` the vector scan must agree with.
    private func naiveMayOccur(_ text: [UInt8]) -> Bool {
        if text.count >= 2, text[0] == 0x23, text[1] == 0x21 { return true }
        for i in text.indices {
            if text[i] == 0x21, i >= 2, text[i - 2] == 0x2F, text[i - 1] == 0x2A || text[i - 1] == 0x2F { return true }
            for word in ["@license", "@preserve"] {
                let w = Array(word.utf8)
                if i + w.count <= text.count, Array(text[i..<(i + w.count)]) == w { return true }
            }
        }
        return false
    }

    /// The byte-by-byte reading of `LegalComments.isLegal`.
    private func naiveIsLegal(_ text: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count >= 3 else { return false }
        if text[range.lowerBound + 2] == 0x21 { return true }
        for word in ["@license", "@preserve"] {
            let w = Array(word.utf8)
            if range.count >= w.count {
                for k in range.lowerBound...(range.upperBound - w.count) where Array(text[k..<(k + w.count)]) == w { return true }
            }
        }
        return false
    }

    private func mayOccur(_ text: [UInt8]) -> Bool { text.withUnsafeBufferPointer { LegalComments.mayOccur(in: $0) } }

    private func isLegal(_ text: [UInt8], _ range: Range<Int>) -> Bool {
        text.withUnsafeBufferPointer { LegalComments.isLegal($0, range) }
    }

    /// Each mark (and near misses) at every offset across two vectors of sixteen and the tail after them.
    @Test(arguments: ["/*!", "//!", "@license", "@preserve", "/!", "*!", "/*", "@licens", "@preserv", "@param", "!", "#!"])
    func findsEachMarkAtEveryOffset(_ mark: String) {
        for padding in 0..<40 {
            for trailing in 0..<20 {
                let text = Array((String(repeating: "a", count: padding) + mark + String(repeating: "b", count: trailing)).utf8)
                #expect(mayOccur(text) == naiveMayOccur(text), "\(padding) \(mark) \(trailing)")
            }
        }
    }

    @Test func agreesWithByteReadingOnMixedText() {
        let pieces = ["@", "license", "preserve", "/", "*", "!", " ", "\n", "é", "x", "@param", "lic", "ense", "#"]
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
            let expected = naiveMayOccur(text)
            if expected { positives += 1 }
            #expect(mayOccur(text) == expected, "\(String(decoding: text, as: UTF8.self))")
            // Every range of the text read as a comment.
            if text.count <= 24 {
                for lower in 0...text.count {
                    for upper in lower...text.count {
                        #expect(isLegal(text, lower..<upper) == naiveIsLegal(text, lower..<upper), "\(lower)..<\(upper)")
                    }
                }
            }
        }
        #expect(positives > 0)
    }

    @Test func licenseWordsInsideLongComments() {
        for word in ["@license", "@preserve"] {
            for offset in [2, 3, 15, 16, 17, 63, 64, 200] {
                let body = String(repeating: "@param x ", count: 30)
                var text = Array(("/* " + body + " */").utf8)
                let inserted = Array(word.utf8)
                text.replaceSubrange(offset..<(offset + inserted.count), with: inserted)
                #expect(isLegal(text, 0..<text.count) == naiveIsLegal(text, 0..<text.count), "\(word) \(offset)")
                #expect(isLegal(text, 0..<text.count))
                // The word cut by the comment's end.
                #expect(!isLegal(text, 0..<(offset + inserted.count - 1)))
            }
        }
        #expect(!isLegal(Array("/* @licens".utf8), 0..<10))
        #expect(isLegal(Array("/* @license".utf8), 0..<11))
        #expect(!isLegal(Array("/* @preserv".utf8), 0..<11))
    }
}
