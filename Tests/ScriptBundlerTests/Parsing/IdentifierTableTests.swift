import Testing

@testable import ScriptBundler

@Suite struct IdentifierTableTests {
    private func id(_ table: inout IdentifierTable, _ name: String) -> Int32 {
        var name = name
        return name.withUTF8 { table.id(of: UnsafeRawBufferPointer($0)) }
    }

    @Test func sameBytesGetTheSameIDAcrossGrowth() {
        var table = IdentifierTable()
        // Names of every length around the eight-byte hashing step, more than the initial slots hold.
        let names = (0..<3_000).map { "n\($0)" + String(repeating: "x", count: $0 % 19) }
        let ids = names.map { id(&table, $0) }
        #expect(ids == names.indices.map { Int32($0) })
        #expect(names.map { id(&table, $0) } == ids)
        #expect(table.strings == names)
    }

    @Test func emptyAndPrefixNamesAreDistinct() {
        var table = IdentifierTable()
        let names = ["", "a", "ab", "abcdefgh", "abcdefghi", "abcdefgh\u{0}", "é", "e\u{301}"]
        let ids = names.map { id(&table, $0) }
        #expect(Set(ids).count == names.count)
        #expect(names.map { id(&table, $0) } == ids)
    }
}
