import Testing

@testable import BlockListCompiler

struct SourceLocatorTests {
    /// The one-pass `locations` (which counts line feeds sixteen bytes at a time and looks back for the line start) gives what the binary
    /// search over the line starts gives, for texts with long lines, short lines, line feeds at every word offset and
    /// offsets past the end.
    @Test func locationsInOnePassAgreeWithTheLineTable() {
        var generator = SeededGenerator(state: 11)
        for round in 0..<200 {
            let length = Int(generator.next() % 300)
            // Some texts have a line feed every few bytes, some almost none.
            let lineFeedOneIn = UInt64([2, 5, 9, 40, 1_000][round % 5])
            let bytes: [UInt8] = (0..<length).map { _ in
                generator.next() % lineFeedOneIn == 0 ? 0x0A : UInt8(ascii: "a") + UInt8(generator.next() % 26)
            }
            var offsets = (0..<Int(generator.next() % 12)).map { _ in Int(generator.next() % UInt64(length + 20)) }
            offsets.sort()
            let table = SourceLocator(bytes)
            let found = SourceLocator.locations(of: offsets, in: bytes)
            #expect(found.count == offsets.count)
            for (index, offset) in offsets.enumerated() {
                let expected = table.location(of: min(offset, bytes.count))
                #expect(found[index].line == expected.line && found[index].column == expected.column, "\(bytes) at \(offset)")
            }
        }
    }

    /// Texts longer than the 255 words whose line feeds are summed at once, with lines of every length (among them
    /// one line of several thousand bytes) and repeated offsets.
    @Test func locationsAgreeOnLongTexts() {
        var generator = SeededGenerator(state: 29)
        for round in 0..<20 {
            let length = 2_000 + Int(generator.next() % 9_000)
            let lineFeedOneIn = UInt64([1, 3, 17, 400, 100_000][round % 5])
            let bytes: [UInt8] = (0..<length).map { _ in
                generator.next() % lineFeedOneIn == 0 ? 0x0A : UInt8(ascii: "a") + UInt8(generator.next() % 26)
            }
            var offsets = (0..<Int(generator.next() % 40)).map { _ in Int(generator.next() % UInt64(length + 5)) }
            offsets += offsets.prefix(3)
            offsets.sort()
            let table = SourceLocator(bytes)
            let found = SourceLocator.locations(of: offsets, in: bytes)
            for (index, offset) in offsets.enumerated() {
                let expected = table.location(of: min(offset, bytes.count))
                #expect(found[index].line == expected.line && found[index].column == expected.column, "round \(round) at \(offset)")
            }
        }
    }
}
