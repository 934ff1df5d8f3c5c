import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

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

    @Test func shortNamesByCodeGetTheIDsOfTheirBytes() {
        var table = IdentifierTable(expectedNames: 4)
        // Names of 1 to 8 bytes, some repeated, more than the slots first hold.
        let names = (0..<600).map { String("\($0)abcdefgh".prefix(1 + $0 % 8)) }
        var ids: [Int32] = []
        for (index, name) in names.enumerated() {
            var name = name
            // Every other name first by its code, the rest by its bytes; then each the other way.
            let id = name.withUTF8 { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                return index % 2 == 0 ? table.id(of: raw, code: TokenCode.of(raw, 0, raw.count)) : table.id(of: raw)
            }
            ids.append(id)
        }
        for (index, name) in names.enumerated() {
            var name = name
            let id = name.withUTF8 { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                return index % 2 == 1 ? table.id(of: raw, code: TokenCode.of(raw, 0, raw.count)) : table.id(of: raw)
            }
            #expect(id == ids[index], "\(name)")
        }
        #expect(Set(table.strings).count == table.strings.count)
        #expect(table.strings.count == Set(names).count)
    }

    /// Names of 1 to 8 bytes found by their code beside longer names found by their bytes, across the arena's growth
    /// (its first room is 64 bytes): each keeps its own bytes and ID, found again by its bytes, in a copied table too.
    @Test func namesFoundByCodeKeepTheirBytes() {
        var table = IdentifierTable(expectedNames: 0)
        let names = (0..<500).map { index -> String in
            let length = 1 + index % 11
            return String("\(index)" + String(repeating: "q", count: length)).suffix(length).description
        }
        var ids: [Int32] = []
        for name in names {
            var name = name
            ids.append(
                name.withUTF8 { bytes in
                    let raw = UnsafeRawBufferPointer(bytes)
                    return raw.count <= 8 ? table.id(of: raw, code: TokenCode.of(raw, 0, raw.count)) : table.id(of: raw)
                })
        }
        let copy = table
        for (index, name) in names.enumerated() {
            #expect(id(&table, name) == ids[index], "\(name)")
            var other = copy
            #expect(id(&other, name) == ids[index], "\(name)")
        }
        #expect(Set(table.strings) == Set(names))
        #expect(table.strings.count == Set(names).count)
    }

    @Test func namesOfEveryLengthAreTheirStrings() {
        var table = IdentifierTable(expectedNames: 0)
        let names = (0..<40).map { String(repeating: "é", count: $0 % 3) + String(repeating: "n", count: $0) }
        for name in names { _ = id(&table, name) }
        #expect(table.strings == names)
    }

    /// The names' strings are built when read (step 5o): read between additions, across the slots' and the arena's
    /// growth, they are every name so far in ID order, and the names found again keep their IDs.
    @Test func stringsReadBetweenAdditionsAreEveryNameSoFar() {
        var table = IdentifierTable(expectedNames: 0)
        let names = (0..<700).map { "v\($0)" + String(repeating: "é", count: $0 % 5) + String(repeating: "z", count: $0 % 23) }
        for (index, name) in names.enumerated() {
            #expect(id(&table, name) == Int32(index))
            if index % 97 == 0 { #expect(table.strings == Array(names[...index])) }
        }
        #expect(table.count == names.count)
        #expect(table.strings == names)
        #expect(names.map { id(&table, $0) } == names.indices.map { Int32($0) })
        #expect(table.strings == names)
    }
}
