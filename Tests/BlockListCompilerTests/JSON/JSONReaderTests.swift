import Testing

@testable import BlockListCompiler

@Suite struct JSONReaderTests {
    private static let rule = #"{"trigger":{"url-filter":"a"},"action":{"type":"block"}}"#

    /// Whether WebKit's JSON parser accepts the text, each confirmed with the WebKit 2.50 oracle.
    static let acceptance: [(String, [UInt8], Bool)] = [
        ("plain", Array("[\(rule)]".utf8), true),
        ("whitespace kinds", Array(" \t\r\n[\(rule)] \n".utf8), true),
        ("BOM", [0xEF, 0xBB, 0xBF] + Array("[\(rule)]".utf8), false),
        ("vertical tab", [0x0B] + Array("[\(rule)]".utf8), false),
        ("form feed", [0x0C] + Array("[\(rule)]".utf8), false),
        ("no-break space", [0xC2, 0xA0] + Array("[\(rule)]".utf8), false),
        ("trailing NUL", Array("[\(rule)]".utf8) + [0], false),
        ("trailing garbage", Array("[\(rule)] x".utf8), false),
        ("second value", Array("[\(rule)] []".utf8), false),
        ("trailing comma", Array("[\(rule),]".utf8), false),
        ("trailing comma in object", Array(#"[{"a":1,}]"#.utf8), false),
        ("raw control characters in a string", Array("[\"a\u{01}\u{7F}\tb\nc\"]".utf8), true),
        ("raw NUL in a string", Array("[\"a".utf8) + [0] + Array("\"]".utf8), true),
        ("\\x escape", Array(#"["a\x41"]"#.utf8), true),
        ("\\v escape", Array(#"["a\v"]"#.utf8), true),
        ("\\' escape", Array(#"["a\'"]"#.utf8), false),
        ("\\. escape", Array(#"["a\.b"]"#.utf8), false),
        ("\\0 escape", Array(#"["a\0"]"#.utf8), false),
        ("short \\u", Array(#"["a\u004"]"#.utf8), false),
        ("short \\x", Array(#"["a\x4"]"#.utf8), false),
        ("lone surrogate escape", Array(#"["a\uD800"]"#.utf8), true),
        ("invalid UTF-8", Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8), false),
        ("encoded surrogate", Array("[\"a".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), false),
        ("overlong", Array("[\"a".utf8) + [0xC0, 0xAF] + Array("\"]".utf8), false),
        ("valid UTF-8", Array("[\"aé\"]".utf8), true),
        ("leading zero", Array("[01]".utf8), false),
        ("1.", Array("[1.]".utf8), false),
        ("-", Array("[-]".utf8), false),
        (".5", Array("[.5]".utf8), false),
        ("+1", Array("[+1]".utf8), false),
        ("1e", Array("[1e]".utf8), false),
        ("1e+", Array("[1e+]".utf8), false),
        ("huge exponent", Array("[1e999]".utf8), true),
        ("-0", Array("[-0]".utf8), true),
        ("1E+2", Array("[1E+2]".utf8), true),
        ("hex", Array("[0x10]".utf8), false),
        ("NaN", Array("[NaN]".utf8), false),
        ("truncated literal", Array("[tru]".utf8), false),
        ("single quotes", Array("['a']".utf8), false),
        ("unquoted key", Array("[{a:1}]".utf8), false),
        ("duplicate keys", Array(#"[{"a":1,"a":2}]"#.utf8), true),
        ("1,001 nested arrays", Array((String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001)).utf8), true),
        ("1,002 nested arrays", Array((String(repeating: "[", count: 1002) + String(repeating: "]", count: 1002)).utf8), false),
        (
            "1,000 objects under an array",
            Array(("[" + String(repeating: #"{"a":"#, count: 1000) + "1" + String(repeating: "}", count: 1000) + "]").utf8), false
        ),
        (
            "999 objects under an array",
            Array(("[" + String(repeating: #"{"a":"#, count: 999) + "1" + String(repeating: "}", count: 999) + "]").utf8), true
        ),
        ("whitespace only", Array("   ".utf8), false),
        ("unterminated string", Array(#"["abc"#.utf8), false),
        ("unterminated array", Array("[1".utf8), false),
    ]

    @Test(arguments: acceptance)
    func acceptsWhatWebKitAccepts(name: String, bytes: [UInt8], accepted: Bool) {
        let result = Result { () throws(JSONSyntaxError) in try JSONReader().parse(bytes) }
        switch result {
        case .success: #expect(accepted, "\(name) should fail")
        case .failure(let error): #expect(!accepted, "\(name) should parse: \(error.reason)")
        }
    }

    @Test func keepsByteOffsetsOfValues() throws {
        let document = try JSONReader().parse(Array(#"[ {"k" : "v\n", "n": [1, 2]} ]"#.utf8))
        let object = try #require(document.elements(of: document.root).first)
        let value = try #require(document.member("k", in: object))
        #expect(document[value].start == 9)
        #expect(document.string(value) == "v\n")
        let array = try #require(document.member("n", in: object))
        #expect(document.elements(of: array).count == 2)
    }

    /// A document that borrows its bytes reads them as one that owns them, and hands out a copy of them.
    @Test func aBorrowedDocumentReadsAsAnOwnedOne() throws {
        let source = Array(#"[ {"k" : "v\u00e9\n", "n": [1, 2.5], "t": true} ]"#.utf8)
        let owned = try JSONReader().parse(source)
        try source.withUnsafeBufferPointer { buffer in
            let borrowed = try JSONReader().parse(borrowing: buffer)
            #expect(borrowed.nodes == owned.nodes)
            #expect(borrowed.bytes == source && owned.bytes == source)
            for index in owned.nodes.indices {
                #expect(borrowed.rawText(index) == owned.rawText(index))
                #expect(borrowed.stringValue(index) == owned.stringValue(index))
                #expect(borrowed.number(index) == owned.number(index))
            }
            let object = try #require(borrowed.elements(of: borrowed.root).first)
            #expect(borrowed.stringValue(borrowed.member("k", in: object)) == "v\u{E9}\n")
        }
    }

    @Test func lastDuplicateKeyWins() throws {
        let document = try JSONReader().parse(Array(#"{"a":1,"a":"x"}"#.utf8))
        #expect(document.stringValue(document.member("a", in: document.root)) == "x")
    }

    @Test(arguments: [
        (#"["a\."]"#, 3, "invalid escape sequence '\\.'"),
        ("[1,]", 2, "trailing comma"),
        ("[01]", 1, "leading zeros"),
    ])
    func reportsWhereAndWhy(text: String, offset: Int, reason: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONReader().parse(Array(text.utf8)) }
        do {
            _ = try JSONReader().parse(Array(text.utf8))
        } catch {
            #expect(error.offset == offset)
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func decodesEscapes() throws {
        let document = try JSONReader().parse(Array(#"["\u00e9\x41\v\/\uD83D\uDE00\uD800"]"#.utf8))
        let element = try #require(document.elements(of: document.root).first)
        #expect(document.string(element) == "éA\u{0B}/😀\u{FFFD}")
    }

    @Test func locatesLinesAndByteColumns() {
        let locator = SourceLocator(Array("ab\ncdé\nx".utf8))
        #expect(locator.location(of: 0) == (1, 1))
        #expect(locator.location(of: 4) == (2, 2))
        #expect(locator.location(of: 8) == (3, 1))
    }
}
