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
}
