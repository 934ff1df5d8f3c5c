import Testing

@testable import BlockListCompiler

/// Escaped url-filters decoded straight into the parser's units, and member names found on their bytes.
@Suite struct RuleListLoaderUnitsTests {
    @Test func escapedUnitsAreTheUTF16OfTheDecodedString() throws {
        let bodies = JSONStringScanTests.bodies(count: 3_000)
        let text = "[" + bodies.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]"
        let document = try JSONReader().parse(Array(text.utf8))
        var units: [UInt16] = []
        var decodedStraight = 0
        for element in document.elements(of: document.root) where document[element].flag {
            units.removeAll()
            let start = Int(document[element].start) + 1, end = Int(document[element].end) - 1
            guard RuleListLoader.fillEscapedUnits(document.bytes, from: start, to: end, into: &units) else { continue }
            decodedStraight += 1
            #expect(units == Array(document.string(element).utf16), "\(document.rawText(element))")
        }
        // Bodies without non-ASCII text or surrogate escapes are decoded straight.
        #expect(decodedStraight > 100)
    }

    @Test func keyListFindsExactlyTheNamesFirstIndexFinds() throws {
        let names = ["type", "typ", "types", "url-filter", "url-filter-is-case-sensitive", "url-filters", "a", "", "selector"]
        let list = KeyList(names: names)
        let long = String(repeating: "x", count: 300)
        let keys =
            names + [
                "Type", "url-filtex", "url-filter-is-case-sensitivE", "url-filte", "b", "selectors", "\\u0074ype", long, "ty\\u0070es",
            ]
        let text = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        let document = try JSONReader().parse(Array(text.utf8))
        for (key, _) in document.members(of: document.root) {
            #expect(list.index(of: key, in: document) == names.firstIndex(of: document.string(key)), "\(document.rawText(key))")
        }
        let longList = KeyList(names: [String(repeating: "x", count: 256), "y"])
        let longKey = try JSONReader().parse(Array("{\"\(long)\":1}".utf8))
        #expect(longList.index(of: 1, in: longKey) == nil)
    }
}
