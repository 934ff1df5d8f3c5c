import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `ScannerByteClass.table`: every byte's kind and name flags as the grammar defines them, and the reserved words'
/// lengths by first byte exactly those of the reserved words.
@Suite struct ScannerByteClassTests {
    private func entry(_ byte: Int) -> UInt32 { ScannerByteClass.table[byte] }

    @Test func everyByteHasItsKind() {
        func expected(_ byte: Int) -> ScannerByteClass.Kind {
            let character = Character(Unicode.Scalar(UInt8(byte)))
            if byte >= 0x80 { return .nonASCII }
            if " \t\u{0B}\u{0C}".contains(character) { return .space }
            if character == "\n" { return .lineFeed }
            if character == "\r" { return .carriageReturn }
            if character == "/" { return .slash }
            if character == "\"" || character == "'" { return .quote }
            if character == "`" { return .backquote }
            if character.isASCII, character.isNumber { return .digit }
            if character == "." { return .dot }
            if character.isASCII, character.isLetter || character == "$" || character == "_" { return .nameStart }
            if character == "\\" { return .backslash }
            if character == "#" { return .hash }
            if "([{".contains(character) { return .openBracket }
            if ")]}".contains(character) { return .closeBracket }
            if character == ";" { return .semicolon }
            if character == "," { return .comma }
            if "!%&*+-:<=>?@^|~".contains(character) { return .punctuator }
            return .unexpected
        }
        var kinds: [ScannerByteClass.Kind: Int] = [:]
        for byte in 0..<256 {
            let kind = ScannerByteClass.kind(entry(byte))
            #expect(kind == expected(byte), "byte \(byte)")
            kinds[kind, default: 0] += 1
        }
        // Every kind is some byte's; the bytes no token starts with are the other control characters and DEL.
        #expect(kinds.count == 18)
        #expect(kinds[.unexpected] == 32 - 5 + 1)
    }

    @Test func nameFlagsAreThoseOfTheGrammar() {
        for byte in 0..<256 {
            let character = Character(Unicode.Scalar(UInt8(byte)))
            let isPart = byte < 0x80 && (character.isLetter || character.isNumber || character == "$" || character == "_")
            #expect((entry(byte) & ScannerByteClass.namePart != 0) == isPart, "byte \(byte)")
            #expect((entry(byte) & ScannerByteClass.nameSlow != 0) == (byte >= 0x80 || byte == 0x5C), "byte \(byte)")
        }
    }

    /// A reserved word is looked up exactly where one of the name's length starts with the name's first byte.
    @Test func reservedWordLengthsByFirstByte() {
        let words = JavaScriptKeywordsTests.words.map { Array($0.word.utf8) }
        #expect(words.count == 39)
        for byte in 0..<256 {
            for length in 0...40 {
                let listed = words.contains { $0.count == length && Int($0[0]) == byte }
                #expect(ScannerByteClass.mayBeReservedWord(entry(byte), length: length) == listed, "\(byte) \(length)")
            }
        }
    }
}
