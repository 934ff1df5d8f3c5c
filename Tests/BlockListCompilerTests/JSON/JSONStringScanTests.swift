import Testing

@testable import BlockListCompiler

/// The reader's word-at-a-time string scan and the decoder's copied runs against a byte-by-byte reference.
@Suite struct JSONStringScanTests {
    /// Pieces of string bodies: plain ASCII, every escape the reader accepts, and multi-byte UTF-8.
    static let pieces: [String] = [
        "a", "Z", "0", " ", ".", "/", "|", "^", "$", "*", "~", "\u{7F}", "\\\\", "\\\"", "\\/", "\\b", "\\f", "\\n", "\\r",
        "\\t", "\\v", "\\x41", "\\x7e", "\\u0041", "\\u00e9", "\\u20AC", "\\ud83d\\ude00", "\\ud800", "\\udc00x", "é", "€", "😀",
    ]

    /// A deterministic sequence of generated string bodies, lengths 0 to 40 pieces.
    static func bodies(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var result: [String] = []
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 58) % 41
            var body = ""
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                body += pieces[Int(state >> 33) % pieces.count]
            }
            result.append(body)
        }
        return result
    }

    /// A plain decoder written for the test: one byte, escape or surrogate pair at a time.
    static func referenceDecode(_ body: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll()
        }
        func hex(_ at: Int, _ count: Int) -> UInt32 { UInt32(String(decoding: body[at..<at + count], as: UTF8.self), radix: 16) ?? 0 }
        var index = 0
        while index < body.count {
            guard body[index] == UInt8(ascii: "\\") else {
                utf8.append(body[index])
                index += 1
                continue
            }
            flush()
            let escape = body[index + 1]
            index += 2
            let simple: [UInt8: UInt32] = [0x62: 8, 0x66: 12, 0x6E: 10, 0x72: 13, 0x74: 9, 0x76: 11]
            var value: UInt32
            if let control = simple[escape] {
                value = control
            } else if escape == UInt8(ascii: "x") {
                value = hex(index, 2)
                index += 2
            } else if escape == UInt8(ascii: "u") {
                value = hex(index, 4)
                index += 4
                if (0xD800..<0xDC00).contains(value), index + 6 <= body.count, body[index] == UInt8(ascii: "\\"),
                    body[index + 1] == UInt8(ascii: "u"), (0xDC00..<0xE000).contains(hex(index + 2, 4))
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (hex(index + 2, 4) - 0xDC00)
                    index += 6
                }
            } else {
                value = UInt32(escape)
            }
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        flush()
        return String(scalars)
    }

    @Test func generatedStringsReadAndDecodeAsTheReferenceDoes() throws {
        let bodies = Self.bodies(count: 3_000)
        // One document holding every body as an array element, so the scan also crosses string ends mid-word.
        let text = "[" + bodies.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]"
        let document = try JSONReader().parse(Array(text.utf8))
        let elements = document.elements(of: document.root)
        #expect(elements.count == bodies.count)
        for (element, body) in zip(elements, bodies) {
            let expected = Self.referenceDecode(Array(body.utf8))
            #expect(document.string(element) == expected, "body \(body)")
            #expect(document[element].flag == body.contains("\\"), "body \(body)")
            #expect(Int(document[element].end - document[element].start) == body.utf8.count + 2, "body \(body)")
        }
    }

    @Test func anUnterminatedStringIsReportedAtItsQuoteAfterAWordScan() {
        let text = Array("[\"abcdefghijklmnopqrstuvwxyz".utf8)
        #expect(throws: JSONSyntaxError(offset: 1, reason: "unterminated string")) { try JSONReader().parse(text) }
    }
}
