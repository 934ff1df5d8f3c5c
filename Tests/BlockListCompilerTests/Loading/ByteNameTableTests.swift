import Testing

@testable import BlockListCompiler

struct ByteNameTableTests {
    /// The table finds what `firstIndex(of:)` finds in the name list (the first of repeated names, nothing for
    /// other texts), for the loader's own key lists and for random lists with repeats, the empty name and long names.
    @Test func findsWhatALinearSearchFinds() {
        var generator = SeededGenerator(state: 5)
        func randomName() -> String {
            String(decoding: (0..<Int(generator.next() % 20)).map { _ in UInt8(97 + generator.next() % 3) }, as: UTF8.self)
        }
        var lists: [[String]] = [RuleLoader.triggerKeys.names, Action.Kind.allTypeNames, RuleLoader.resourceTypes.map(\.rawValue)]
        for _ in 0..<200 { lists.append((0..<Int(generator.next() % 12)).map { _ in randomName() }) }
        for names in lists {
            let table = ByteNameTable(names: names)
            var probes = names + ["", "a", "ab", "abc", "block-cookies", "url-filterx", "url-filte"]
            probes += (0..<20).map { _ in randomName() }
            for probe in probes {
                let bytes = Array(("\"" + probe + "\"").utf8)
                let found = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.flatMap { table.index(of: 1..<(bytes.count - 1), in: $0) }
                }
                #expect(found == names.firstIndex(of: probe), "\(probe) in \(names)")
                // The same from the name's two words, for names of up to sixteen bytes.
                let utf8 = Array(probe.utf8)
                guard utf8.count <= 16 else { continue }
                var words: [UInt64] = [0, 0]
                for (offset, byte) in utf8.enumerated() { words[offset / 8] |= UInt64(byte) << (offset % 8 * 8) }
                let fromWords = table.index(length: utf8.count, first: words[0], second: words[1])
                #expect(fromWords == names.firstIndex(of: probe), "\(probe) in \(names), from words")
            }
        }
    }
}
