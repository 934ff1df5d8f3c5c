import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct MappingsBufferTests {
    @Test(arguments: [0, 10, 100_000])
    func keepsEveryByteAcrossGrowth(reserved: Int) {
        var buffer = MappingsBuffer()
        buffer.reserveCapacity(reserved)
        var expected: [UInt8] = []
        for value in 0..<20_000 {
            buffer.append(0x3B)
            expected.append(0x3B)
            buffer.write(maximum: Base64VLQ.maximumDigits) { Base64VLQ.encode(value - 10_000, into: $0, at: $1) }
            Base64VLQ.encode(value - 10_000, into: &expected)
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes == expected)
        var out: [UInt8] = [0x22]
        buffer.append(to: &out)
        #expect(out == [0x22] + expected)
    }
}
