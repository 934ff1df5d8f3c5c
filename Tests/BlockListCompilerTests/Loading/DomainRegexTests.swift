import Testing

@testable import BlockListCompiler

struct DomainRegexTests {
    /// The bit tables behind `isPlainCharacter` hold exactly the lower-case letters, digits, `-` and `.`.
    @Test func plainCharactersAreLettersDigitsDashAndDot() {
        for value in 0...255 {
            let unit = UInt8(value)
            let expected =
                (unit >= UInt8(ascii: "a") && unit <= UInt8(ascii: "z")) || (unit >= UInt8(ascii: "0") && unit <= UInt8(ascii: "9"))
                || unit == UInt8(ascii: "-") || unit == UInt8(ascii: ".")
            #expect(DomainRegex.isPlainCharacter(unit) == expected, "byte \(value)")
        }
    }

    /// The eight-byte test agrees with `isPlainCharacter` on every byte value in every position, among plain
    /// bytes and among random ones.
    @Test func wordTestAgreesWithTheByteTest() {
        var generator = SeededGenerator(state: 41)
        let plain = Array("abcxyz0189-.".utf8)
        for position in 0..<8 {
            for value in 0...255 {
                for _ in 0..<4 {
                    var bytes = (0..<8).map { _ in plain[Int(generator.next() % UInt64(plain.count))] }
                    if generator.next() % 4 == 0 { bytes[Int(generator.next() % 8)] = UInt8(truncatingIfNeeded: generator.next()) }
                    bytes[position] = UInt8(value)
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << ($1.offset * 8) }
                    #expect(DomainRegex.arePlainCharacters(word) == bytes.allSatisfy(DomainRegex.isPlainCharacter), "\(bytes)")
                    let firstOther = bytes.firstIndex { !DomainRegex.isPlainCharacter($0) } ?? 8
                    #expect(DomainRegex.nonPlainCharacters(word).trailingZeroBitCount >> 3 == firstOther, "\(bytes)")
                }
            }
        }
    }

    /// A domain read on the list's bytes is plain exactly when its string is; a `*` is allowed first only.
    @Test(arguments: [
        "example.com", "*example.com", "a-b.c9", "", "*", "Example.com", "ex*ample.com", "**a", "é.com", "a_b.com", "a b",
        "sub.example-9.co.jp", "*sub.example.co.jp", "sub.exAmple.co.jp", "abcdefgh", "abcdefg/", "abcdefgh.ijklmnop",
        "abcdefghijklmno\u{7F}", "abc.défgh",
    ])
    func plainOnBytesAgreesWithTheString(domain: String) {
        let bytes = Array(domain.utf8)
        let onBytes = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { DomainRegex.isPlain($0, from: 0, to: bytes.count) } ?? true
        }
        #expect(onBytes == DomainRegex.isPlain(domain))
    }

    /// The one-pass read of a JSON string finds its closing quote exactly when the string is a plain domain that
    /// is not empty, whatever follows it (nothing, a few bytes, or more than a load) and wherever it ends.
    @Test(arguments: [
        "example.com", "*example.com", "a-b.c9", "", "*", "Example.com", "ex*ample.com", "**a", "é.com", "a_b.com", "a b",
        "sub.example-9.co.jp", "*sub.example.co.jp", "sub.exAmple.co.jp", "abcdefgh", "abcdefg/", "abcdefgh.ijklmnop",
        "abcdefghijklmno\u{7F}", "abc.défgh", "abc\\\"def", "abcdefg\\\"", "a\u{1}b",
    ])
    func plainStringEndAgreesWithTheString(domain: String) {
        let expected = !domain.isEmpty && DomainRegex.isPlain(domain)
        for tail in ["", "]", ", \"b.com\"]", ",\n        \"c.org\"\n    ]"] {
            for lead in ["", "[", "[\n  "] {
                let bytes = Array((lead + "\"" + domain + "\"" + tail).utf8)
                let start = lead.utf8.count + 1
                let end = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.flatMap { DomainRegex.plainStringEnd($0, count: buffer.count, from: start) }
                }
                #expect(end == (expected ? start + domain.utf8.count : nil), "\(lead)\(domain)\(tail)")
            }
        }
    }
}
