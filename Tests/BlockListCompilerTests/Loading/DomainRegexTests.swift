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

    /// A domain read on the list's bytes is plain exactly when its string is; a `*` is allowed first only.
    @Test(arguments: ["example.com", "*example.com", "a-b.c9", "", "*", "Example.com", "ex*ample.com", "**a", "é.com", "a_b.com", "a b"])
    func plainOnBytesAgreesWithTheString(domain: String) {
        let bytes = Array(domain.utf8)
        let onBytes = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { DomainRegex.isPlain($0, from: 0, to: bytes.count) } ?? true
        }
        #expect(onBytes == DomainRegex.isPlain(domain))
    }
}
