import Testing

@testable import BlockListCompiler

/// The optimizer's url-filter numbers: each distinct string gets the next number at its first appearance, and the
/// same number every time after, as a dictionary numbering them would give.
@Suite struct StringNumberingTests {
    @Test func numbersInOrderOfFirstAppearance() {
        var numbering = StringNumbering()
        #expect(numbering.number(of: "a") == 0)
        #expect(numbering.number(of: "b") == 1)
        #expect(numbering.number(of: "a") == 0)
        #expect(numbering.number(of: "") == 2)
        #expect(numbering.number(of: "b") == 1)
        #expect(numbering.number(of: "") == 2)
        #expect(numbering.count == 3)
    }

    /// Strings of every length up to 40 (the hash reads eight bytes at a time, then the tail), non-ASCII ones,
    /// strings differing in one byte only, each asked several times; the table grows from its smallest size.
    @Test func agreesWithADictionary() {
        var strings: [String] = []
        for length in 0...40 {
            let base = String(repeating: "x", count: length)
            strings.append(base)
            strings.append(base + "y")
            if length > 0 { strings.append(String(base.dropLast()) + "z") }
            strings.append("^[^:]*://([^/:@]*\\.)?host\(length)[/:?#]")
            strings.append("é\(length)日本")
        }
        var random = SeededGenerator(state: 7)
        var order: [String] = []
        for _ in 0..<5_000 { order.append(strings[Int(random.next() % UInt64(strings.count))]) }
        var numbering = StringNumbering(capacity: 4)
        var reference: [String: Int32] = [:]
        for string in order {
            let expected = reference[string] ?? Int32(reference.count)
            reference[string] = expected
            #expect(numbering.number(of: string) == expected)
        }
        #expect(numbering.count == reference.count)
    }

    @Test func equalStringsHashAlike() {
        let native = "abcdefghijklmnopqrstuvwxyz"
        let built = String(native.prefix(13)) + String(native.dropFirst(13))
        #expect(StringNumbering.hash(native) == StringNumbering.hash(built))
        #expect(StringNumbering.hash("abc") == StringNumbering.hash(String("xabc".dropFirst())))
    }
}
