import Testing

@testable import BlockListCompiler

/// Member names found on their bytes, against `firstIndex(of:)` on the decoded key.
@Suite struct KeyListTests {
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
