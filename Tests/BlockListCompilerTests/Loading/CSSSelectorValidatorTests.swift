import Testing

@testable import BlockListCompiler

struct CSSSelectorScannerTests {
    /// The bit tables behind `isNameByte` hold what `isName` accepts: letters, digits, `-`, `_`, NUL and every byte
    /// from 128.
    @Test func nameBytesAreWhatIsNameAccepts() {
        for value in 0...255 {
            let byte = UInt8(value)
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let expected =
                letter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_") || byte >= 0x80 || byte == 0
            #expect(CSSSelectorScanner.isNameByte(byte) == expected, "byte \(value)")
        }
    }

    /// The eight-byte test agrees with `isNameByte` below 128 on every byte value in every position, among name
    /// bytes and among random ones (a non-ASCII byte is left to the byte-by-byte loop).
    @Test func wordTestAgreesWithTheByteTest() {
        var generator = SeededGenerator(state: 7)
        let names = Array("azAZ09-_".utf8) + [0]
        for position in 0..<8 {
            for value in 0...255 {
                for _ in 0..<4 {
                    var bytes = (0..<8).map { _ in names[Int(generator.next() % UInt64(names.count))] }
                    if generator.next() % 4 == 0 { bytes[Int(generator.next() % 8)] = UInt8(truncatingIfNeeded: generator.next()) }
                    bytes[position] = UInt8(value)
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << ($1.offset * 8) }
                    let expected = bytes.enumerated().reduce(UInt64(0)) { bits, byte in
                        byte.element < 0x80 && CSSSelectorScanner.isNameByte(byte.element) ? bits | 0x80 << (byte.offset * 8) : bits
                    }
                    #expect(CSSSelectorScanner.asciiNameBytes(word) == expected, "\(bytes)")
                }
            }
        }
    }

    /// Identifiers long enough to be read eight bytes at a time end where they should: at a byte that is not a
    /// name byte, past non-ASCII bytes and escapes.
    @Test(arguments: [
        ("#abcdefghijklmnop_qrstuvwxyz-0123456789", true), (".abcdefghij.klmnopqrstu > div", true),
        (".abcdefgh\u{E9}ijklmnop", true), (".abcdefghijk!", false), (".abcdefghijklmnop[title]", true),
        (".abcdefghijklmnop\\:hover", true), (".abcdefghijklmnopq:hover", true), (".abcdefghijklmnopq:unknownpseudoxyz", false),
        ("div.abcdefghijklmnop,span#qrstuvwxyz0123", true), (".abcdefghijklmnop$", false),
    ])
    func longIdentifiers(selector: String, valid: Bool) {
        #expect((CSSSelectorValidator(target: .newest).problem(in: selector) == nil) == valid)
    }
}
