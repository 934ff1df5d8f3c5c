import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct SourceMapBuilderTests {
    @Test(arguments: [0, 1, -1, 15, 16, -16, 31, 32, 1000, -1000, 123_456_789, -123_456_789, Int(Int32.max), -Int(Int32.max)])
    func vlqRoundTrip(_ value: Int) {
        var bytes: [UInt8] = []
        Base64VLQ.encode(value, into: &bytes)
        var index = 0
        #expect(Base64VLQ.decode(bytes, at: &index) == value)
        #expect(index == bytes.count)
    }

    @Test(arguments: [(0, "A"), (1, "C"), (-1, "D"), (15, "e"), (16, "gB"), (-16, "hB")])
    func vlqKnownEncodings(_ value: Int, _ text: String) {
        var bytes: [UInt8] = []
        Base64VLQ.encode(value, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == text)
    }

    @Test func malformedVLQIsRejected() {
        var index = 0
        #expect(Base64VLQ.decode(Array("g".utf8), at: &index) == nil)
        index = 0
        #expect(Base64VLQ.decode(Array("!".utf8), at: &index) == nil)
        #expect(SourceMapMappings.decode("AA") == nil)
    }

    @Test func identityMappingOfConcatenatedFiles() {
        var builder = SourceMapBuilder()
        let a = builder.addSource("a.js", content: Array("x\ny\n".utf8))
        let b = builder.addSource("b.js", content: Array("z\n".utf8))
        builder.addMapping(generatedLine: 0, generatedColumn: 0, source: a, originalLine: 0, originalColumn: 0)
        builder.addMapping(generatedLine: 1, generatedColumn: 0, source: a, originalLine: 1, originalColumn: 0)
        builder.addMapping(generatedLine: 2, generatedColumn: 0, source: b, originalLine: 0, originalColumn: 0)
        let json = String(decoding: builder.json(file: "out.js"), as: UTF8.self)
        #expect(
            json
                == #"{"version":3,"file":"out.js","sources":["a.js","b.js"],"sourcesContent":["x\ny\n","z\n"],"names":[],"mappings":"AAAA;AACA;ACDA"}"#
                + "\n")
    }

    /// Step 4z: the map's parts are its JSON; a long content's literal is the array `SourceContentLiterals` holds.
    @Test func jsonPartsShareLongLiterals() {
        var builder = SourceMapBuilder()
        let long = Array(repeating: UInt8(ascii: "x"), count: 3000) + Array("\n\"\u{1}".utf8)
        let a = builder.addSource("a.js", content: Array("short\n".utf8))
        let b = builder.addSource("b\"c.js", content: long)
        _ = builder.addSource("d.js", content: Array(repeating: UInt8(ascii: "y"), count: 300))
        _ = builder.addSource("e.js", content: long)
        builder.addMapping(generatedLine: 0, generatedColumn: 0, source: a, originalLine: 0, originalColumn: 0)
        let name = builder.addName("n")
        builder.addMapping(generatedLine: 1, generatedColumn: 2, source: b, originalLine: 0, originalColumn: 1, name: name)
        let parts = builder.jsonParts(file: "out.js")
        let json = builder.json(file: "out.js")
        #expect(parts.joined == json)
        #expect(parts.count == json.count)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.hasPrefix(#"{"version":3,"file":"out.js","sources":["a.js","b\"c.js","d.js","e.js"],"sourcesContent":["short\n",""#))
        #expect(text.contains(#""names":["n"],"mappings":"AAAA;"#) && text.hasSuffix("\"}\n"))
        let literal = SourceContentLiterals.shared.literal(for: long)
        let address = literal.withUnsafeBufferPointer { $0.baseAddress }
        let shared = parts.parts.filter { part in part.withUnsafeBufferPointer { $0.baseAddress == address } }
        #expect(shared.count == 2)
        #expect(shared.allSatisfy { $0.count == literal.count })
    }

    @Test func roundTripThroughDecoder() throws {
        var builder = SourceMapBuilder()
        let source = builder.addSource("s.js", content: [])
        let segments: [(Int, Int, Int, Int)] = [(0, 4, 3, 7), (0, 9, 3, 12), (2, 0, 5, 0), (2, 30, 5, 1), (5, 2, 0, 40)]
        for (line, column, originalLine, originalColumn) in segments {
            builder.addMapping(
                generatedLine: line, generatedColumn: column, source: source, originalLine: originalLine, originalColumn: originalColumn)
        }
        builder.addUnmapped(generatedLine: 6, generatedColumn: 0)
        let json = String(decoding: builder.json(file: "o.js"), as: UTF8.self)
        let mappings = try #require(json.split(separator: "\"mappings\":\"").last?.split(separator: "\"").first)
        let lines = try #require(SourceMapMappings.decode(String(mappings)))
        var decoded: [(Int, Int, Int, Int)] = []
        for (lineIndex, line) in lines.enumerated() {
            for segment in line where segment.source != nil {
                decoded.append((lineIndex, segment.generatedColumn, segment.originalLine, segment.originalColumn))
            }
        }
        #expect(decoded.map { [$0.0, $0.1, $0.2, $0.3] } == segments.map { [$0.0, $0.1, $0.2, $0.3] })
        #expect(lines[6] == [SourceMapSegment(generatedColumn: 0, source: nil, originalLine: 0, originalColumn: 0)])
    }

    @Test func jsonEscaping() {
        var out: [UInt8] = []
        JSONStringEscaping.append(Array("a\"b\\c\n\r\t\u{1}\u{2028}é".utf8), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""a\"b\\c\n\r\t\u0001\u2028é""#)
    }
}
