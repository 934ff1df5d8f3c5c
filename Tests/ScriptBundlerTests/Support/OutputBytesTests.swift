import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct OutputBytesTests {
    /// Parts of every length from 0 to 40, more than one `writev` call takes.
    static func parts(count: Int) -> [ArraySlice<UInt8>] {
        (0..<count).map { index in
            let bytes = (0..<(index % 41)).map { UInt8(truncatingIfNeeded: $0 &+ index) }
            // Some parts are slices inside a longer array.
            return index % 3 == 0 ? ([7, 7] + bytes + [9])[2..<(2 + bytes.count)] : bytes[...]
        }
    }

    @Test func joinedIsThePartsInOrder() {
        let parts = Self.parts(count: 100)
        let bytes = OutputBytes(parts: parts)
        let expected = parts.flatMap { Array($0) }
        #expect(bytes.count == expected.count)
        #expect(bytes.joined == expected)
        #expect(bytes.equals(expected))
        #expect(!bytes.equals(expected.dropLast() + [0xFF]))
        #expect(!bytes.equals(expected.dropLast()))
        #expect(OutputBytes.same(bytes, OutputBytes(expected)))
        #expect(OutputBytes.same(bytes, bytes))
        #expect(!OutputBytes.same(bytes, OutputBytes(expected.dropLast() + [0xFF])))
        #expect(OutputBytes([]).joined.isEmpty && OutputBytes([]).equals([]))
    }

    @Test func writtenFileHoldsThePartsInOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-parts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 2,500 parts: three `writev` calls of at most 1,024 parts.
        let bytes = OutputBytes(parts: Self.parts(count: 2_500))
        let path = folder + "/out.map"
        try LocalFileSystem().createFile(at: path, parts: bytes)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes.joined)
        // Exclusive, as `createFile(at:bytes:)`.
        #expect(throws: (any Error).self) { try LocalFileSystem().createFile(at: path, parts: bytes) }
    }
}
