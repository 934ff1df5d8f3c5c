import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct Base64VLQBufferTests {
    @Test(arguments: [0, 1, -1, 15, 16, -16, 31, 32, -33, 1000, -1000, 123_456_789, Int(Int32.max), -Int(Int32.max), 1 << 40, -(1 << 40)])
    func bufferEncodingMatchesArrayEncoding(_ value: Int) {
        var expected: [UInt8] = []
        Base64VLQ.encode(value, into: &expected)
        var written: [UInt8] = []
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Base64VLQ.maximumDigits + 2) { buffer in
            buffer[0] = 0x2C
            let end = Base64VLQ.encode(value, into: buffer, at: 1)
            written = Array(buffer[0..<end])
        }
        #expect(written == [0x2C] + expected)
        #expect(expected.count <= Base64VLQ.maximumDigits)
    }
}
