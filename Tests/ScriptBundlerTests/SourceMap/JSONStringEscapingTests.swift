import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `JSONStringEscaping` skips eight bytes at a time and jumps to the first byte that needs a look: it must escape
/// exactly as a byte-by-byte escaper wherever the special bytes fall.
@Suite struct JSONStringEscapingTests {
    /// The plain definition: `"`, `\`, control characters, U+2028 and U+2029 escaped, everything else kept.
    static func reference(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x22]
        let hex = Array("0123456789abcdef".utf8)
        var i = 0
        while i < text.count {
            let b = text[i]
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20: out += [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]]
            case 0xE2 where i + 2 < text.count && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9):
                out += Array((text[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        out.append(0x22)
        return out
    }

    @Test(arguments: [
        "", "plain ascii text that is longer than eight bytes", "\"quoted\" \\ back\\slash",
        "tab\there\nnew line\r\n\u{01}\u{1F}\u{7F}", "line\u{2028}para\u{2029}end", "é€ – not a separator ✓ 🎉",
        "\u{2028}", "1234567\u{2029}", "12345678\"", "\u{1B}[0m colors",
    ])
    func escapesLikeTheDefinition(_ text: String) {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        JSONStringEscaping.append(bytes, to: &out)
        #expect(out == Self.reference(bytes))
    }

    @Test func everySpecialByteIsFoundAtEveryOffset() {
        let specials: [[UInt8]] = [
            [0x22], [0x5C], [0x0A], [0x00], [0x1F], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0xE2, 0x82, 0xAC], [0x20], [0x7F],
            [0xC3, 0xA9],
        ]
        for special in specials {
            for offset in 0..<20 {
                let bytes =
                    Array(repeating: UInt8(ascii: "a"), count: offset) + special + Array(repeating: UInt8(ascii: "b"), count: 19 - offset)
                var out: [UInt8] = []
                JSONStringEscaping.append(bytes, to: &out)
                #expect(out == Self.reference(bytes), "\(special) at \(offset)")
            }
        }
    }

    /// The word test marks the first special byte exactly but may mark bytes after it (a borrow): two special or
    /// nearly special bytes at every pair of places in two words escape as the definition says.
    @Test func bytesNextToSpecialOnesAreKeptWhereverTheyFall() {
        let bytes: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xE1, 0xE2, 0xE3, 0xFF]
        for first in bytes {
            for second in bytes {
                for i in 0..<16 {
                    for j in (i + 1)..<17 {
                        var text = [UInt8](repeating: UInt8(ascii: "m"), count: 17)
                        text[i] = first
                        text[j] = second
                        var out: [UInt8] = []
                        JSONStringEscaping.append(text, to: &out)
                        if out != Self.reference(text) {
                            Issue.record("\(first) at \(i), \(second) at \(j)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test func randomTextEscapesLikeTheDefinition() {
        var generator = SeededGenerator(seed: 42)
        let alphabet: [[UInt8]] = [
            [0x61], [0x20], [0x22], [0x5C], [0x0A], [0x0D], [0x09], [0x01], [0xC3, 0xA9], [0xE2, 0x80, 0xA8], [0xE2, 0x82, 0xAC],
            [0xF0, 0x9F, 0x8E, 0x89],
        ]
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<80, using: &generator) {
                bytes += alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            var out: [UInt8] = []
            JSONStringEscaping.append(bytes, to: &out)
            #expect(out == Self.reference(bytes))
        }
    }

    @Test func contentLiteralsAreSharedPerArrayAndBounded() {
        let literals = SourceContentLiterals(capacity: 4 * 1024)
        let content = Array(String(repeating: "say(\"hi\")\n", count: 40).utf8)
        let first = literals.literal(for: content)
        #expect(first == Self.reference(content))
        #expect(literals.literal(for: content) == first)
        // Another array with the same bytes, and one with other bytes that pass the capacity.
        #expect(literals.literal(for: Array(content)) == first)
        let other = Array(String(repeating: "x\u{2028}", count: 900).utf8)
        #expect(literals.literal(for: other) == Self.reference(other))
        #expect(literals.literal(for: content) == first)
    }

    @Test func longTextEscapesLikeTheDefinitionAcrossRounds() {
        var generator = SeededGenerator(seed: 7)
        let alphabet: [[UInt8]] = [
            [0x61], [0x20], [0x22], [0x5C], [0x0A], [0x01], [0xC3, 0xA9], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
            [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8E, 0x89], Array("plain words ".utf8),
        ]
        let size = JSONStringEscaping.chunkSize
        for length in [size - 3, size + 1, 3 * size + 5, 20_000] {
            var bytes: [UInt8] = []
            while bytes.count < length { bytes += alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            var out: [UInt8] = [0x41]
            JSONStringEscaping.append(bytes, to: &out)
            #expect(out == [0x41] + Self.reference(bytes), "length \(length)")
        }
        // Separators and escapes on both sides of a round's end, plain and all-special text.
        for shift in 0..<12 {
            for special in [[0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0x0A], [0x1F]] as [[UInt8]] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: size - shift) + special + [0x62]
                var out: [UInt8] = []
                JSONStringEscaping.append(bytes, to: &out)
                #expect(out == Self.reference(bytes), "\(special) at \(size - shift)")
            }
        }
        let allSpecial = [UInt8](repeating: 0x01, count: 2 * size + 3)
        var out: [UInt8] = []
        JSONStringEscaping.append(allSpecial, to: &out)
        #expect(out == Self.reference(allSpecial))
    }

    /// Sixteen bytes are tested at a time (step 4p), then a word, then bytes: one or two special bytes at every pair
    /// of places in texts of every length up to 48 (two vectors, a word and bytes left over) escape as the definition
    /// says.
    @Test func specialBytesAnywhereInLongerTexts() {
        let specials: [[UInt8]] = [[0x22], [0x5C], [0x0A], [0x1F], [0xE2, 0x80, 0xA8], [0xE2, 0x82, 0xAC], [0x7F], [0x20]]
        for length in 0...48 {
            for first in specials {
                for i in 0..<max(1, length) {
                    for j in stride(from: i + 1, through: length, by: 3) {
                        var text = [UInt8](repeating: UInt8(ascii: "q"), count: length)
                        if i < length { text.replaceSubrange(i..<min(length, i + 1), with: first) }
                        if j < text.count { text[j] = 0x5C }
                        var out: [UInt8] = []
                        JSONStringEscaping.append(text, to: &out)
                        if out != Self.reference(text) {
                            Issue.record("\(first) at \(i), a backslash at \(j), length \(length)")
                            return
                        }
                    }
                }
            }
        }
    }
    /// Line breaks (escaped in the vector loop itself, step 4w) in runs, next to other special bytes, at the ends of
    /// vectors and across the 4096-byte rounds.
    @Test func lineBreaksInRunsAndAcrossRounds() {
        var generator = SystemRandomNumberGenerator()
        let bytes: [[UInt8]] = [
            [0x0A], [0x0A, 0x0A], [0x0A, 0x22], [0x0D, 0x0A], [0x0A, 0xE2, 0x80, 0xA9], [0x71], [0x71, 0x71, 0x71],
        ]
        for length in [15, 16, 17, 31, 33, 4_095, 4_096, 4_097, 4_113, 9_000] {
            for _ in 0..<20 {
                var text: [UInt8] = []
                while text.count < length {
                    text +=
                        Int.random(in: 0..<3, using: &generator) == 0
                        ? bytes[Int.random(in: 0..<bytes.count, using: &generator)]
                        : [UInt8](repeating: 0x71, count: Int.random(in: 0..<40, using: &generator))
                }
                var out: [UInt8] = []
                JSONStringEscaping.append(text, to: &out)
                if out != Self.reference(text) {
                    Issue.record("text of \(text.count) bytes: \(text)")
                    return
                }
            }
        }
    }

    /// Quotes and backslashes (escaped in the vector loop itself, step 5h) in runs, next to line breaks and other
    /// special bytes, at the ends of vectors, in the last fifteen bytes and across the 4096-byte rounds.
    @Test func quotesAndBackslashesInRunsAndAcrossRounds() {
        var generator = SeededGenerator(seed: 58)
        let bytes: [[UInt8]] = [
            [0x22], [0x5C], [0x5C, 0x5C], [0x22, 0x22], [0x5C, 0x22], [0x22, 0x0A], [0x0A, 0x5C], [0x22, 0x01],
            [0x5C, 0xE2, 0x80, 0xA8], [0x22, 0xE2, 0x82, 0xAC], [0x71], [0x71, 0x71, 0x71],
        ]
        for length in [15, 16, 17, 24, 31, 32, 33, 4_095, 4_096, 4_097, 4_113, 9_000] {
            for _ in 0..<20 {
                var text: [UInt8] = []
                while text.count < length {
                    text +=
                        Int.random(in: 0..<3, using: &generator) == 0
                        ? bytes[Int.random(in: 0..<bytes.count, using: &generator)]
                        : [UInt8](repeating: 0x71, count: Int.random(in: 0..<40, using: &generator))
                }
                var out: [UInt8] = []
                JSONStringEscaping.append(text, to: &out)
                if out != Self.reference(text) {
                    Issue.record("text of \(text.count) bytes: \(text)")
                    return
                }
            }
        }
    }
}
