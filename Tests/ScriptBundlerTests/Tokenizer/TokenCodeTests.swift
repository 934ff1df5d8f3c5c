import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct TokenCodeTests {
    @Test(arguments: ["(", "=>", ">>>=", "function", "instance", "a", "yield"])
    func literalAndBytesAgree(_ text: String) {
        let bytes = Array(text.utf8)
        let code = bytes.withUnsafeBufferPointer { TokenCode.of($0, 0, $0.count) }
        #expect(code != 0)
        #expect(code == expectedCode(text))
    }

    @Test func literalCodesMatchTheirBytes() {
        let bytes = Array("x=>function".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(TokenCode.of(buffer, 1, 3) == TokenCode.of("=>"))
            #expect(TokenCode.of(buffer, 3, 11) == TokenCode.of("function"))
            #expect(TokenCode.of(buffer, 0, 1) != TokenCode.of("=>"))
        }
    }

    @Test func longTextsPackToZero() {
        #expect(TokenCode.of("instanceof") == 0)
        let bytes = Array("instanceof".utf8)
        #expect(bytes.withUnsafeBufferPointer { TokenCode.of($0, 0, $0.count) } == 0)
    }

    @Test func prefixesDiffer() {
        #expect(TokenCode.of("=") != TokenCode.of("=="))
        #expect(TokenCode.of("==") != TokenCode.of("==="))
        #expect(TokenCode.of("in") != TokenCode.of("instance"))
    }

    private func expectedCode(_ text: String) -> UInt64 {
        var code: UInt64 = 0
        for (index, byte) in text.utf8.enumerated() { code |= UInt64(byte) << (8 * UInt64(index)) }
        return code
    }
}
