import Testing

@testable import ScriptBundler

/// Line breaks the writer keeps or drops after the `)` of a statement head: the body that follows cannot continue
/// the head, so the source's line break there goes; after any other `)` it stays where it ends a statement.
@Suite struct MinifierWriterTests {
    @Test(arguments: [
        ("function f(a) { if (!a)\n  return 1; g() }", "function f(a){if(!a)return 1;g()}"),
        ("function f(a) { for (;;)\n  if (a) continue; }", "function f(a){for(;;)if(a)continue}"),
        ("while (a)\n  b()", "while(a)b()"),
        ("for (const x of y)\n  g(x)", "for(const x of y)g(x)"),
        ("if (a) b(); else if (c)\n  d.e(); else { let x = f(); x(); x() }", "if(a)b();else if(c)d.e();else{let x=f();x();x()}"),
        ("function f(a) { if (a)\n  return\n  g(); return 1 }", "function f(a){if(a)return\ng();return 1}"),
    ])
    func dropsAfterStatementHeads(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    @Test(arguments: [
        ("x = o.if(a)\nb()", "x=o.if(a)\nb()"),
        ("x = f(a)\nb()", "x=f(a)\nb()"),
        ("x = o?.while(a)\nb()", "x=o?.while(a)\nb()"),
    ])
    func keepsAfterOtherParentheses(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    /// The bytes that continue a word (an identifier, keyword or number: digits, letters, `$`, `_`, a backslash of an
    /// escape, any byte of a non-ASCII character) are those the bit masks give, and no other.
    @Test func wordBytesAreTheIdentifierAndNumberBytes() {
        for value in 0...255 {
            let byte = UInt8(value)
            let expected =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x24
                || byte == 0x5F || byte == 0x5C || byte >= 0x80
            #expect(TokenSeparator.isWordByte(byte) == expected, "byte \(value)")
        }
    }

    /// Pairs of tokens that would merge written together get a space (`a - -b`, `a++ +b`, `x-- >y`, `/re/ in`,
    /// `1 .x`, `a ? .5 : b`, `a< !--b`, names and keywords); the line breaks that end statements stay.
    @Test(arguments: [
        ("a - -b; c + +d; e - --f; g + ++h", "a- -b;c+ +d;e- --f;g+ ++h"),
        ("x-- > y; x-- - y; x - -y > z", "x-- >y;x-- -y;x- -y>z"),
        ("x = /re/g in o; y = a / /b/", "x=/re/g in o;y=a/ /b/"),
        ("1 .toString(); a ? .5 : b", "1 .toString();a? .5:b"),
        ("a < !--b; typeof x", "a< !--b;typeof x"),
        ("a\n++b; c\n(d); e\n+ f", "a\n++b;c\n(d);e+f"),
    ])
    func tokensThatWouldMergeAreSpaced(_ source: String, _ expected: String) throws {
        #expect(String(decoding: try WrittenSizeBoundTests.write(source).code, as: UTF8.self) == expected)
    }
}

/// What a minified file's map maps: every identifier, keyword, literal, operator and closing bracket has a segment
/// at its own column; the punctuation between them (`.`, `,`, `;`, `:`, `=`, `(`, `[`, `{`) has none when the token
/// before it on the same generated line is mapped (a lookup there finds that token), as esbuild's and Bun's maps do.
@Suite struct MinifiedMappingDensityTests {
    @Test func punctuationMapsThroughTheTokenBeforeIt() throws {
        let source = "window.f = function (a, b) {\n  return a.g[b] + h({k: 1});\n};\nx = y;\n"
        let input = BundleInput(displayPath: "a.js", bannerPath: "a.js", mapSourcePath: "a.js", bytes: Array(source.utf8))
        // The token minifier's writer (transitional: this test goes with the token minifier; the tree minifier's
        // printer maps each node, not each token).
        let piece = try #require(try BundleAssembler.minifiedFiles([input], mapping: true, treeMinifier: false).first).piece
        let code = String(decoding: piece.code, as: UTF8.self)
        try #require(
            code == "window.f=function(a,b){return a.g[b]+h({k:1})};x=y" || code == "window.f=function(a,b){return a.g[b]+h({k:1})};x=y;")
        let bytes = Array(piece.code)
        // The generated text at each mapped segment (all on line 0).
        var segmentColumns = Set<Int>()
        for segment in piece.segments where segment.source >= 0 {
            #expect(segment.line == 0)
            segmentColumns.insert(Int(segment.column))
        }
        for (column, byte) in bytes.enumerated() {
            let isWordStart =
                (byte >= 0x61 && byte <= 0x7A || byte >= 0x30 && byte <= 0x39)
                && (column == 0 || !(bytes[column - 1] >= 0x61 && bytes[column - 1] <= 0x7A))
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "="),
                UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                #expect(!segmentColumns.contains(column), "\(code): no segment expected at \(column) ('\(UnicodeScalar(byte))')")
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "+"):
                #expect(segmentColumns.contains(column), "\(code): segment expected at \(column) ('\(UnicodeScalar(byte))')")
            default:
                if isWordStart { #expect(segmentColumns.contains(column), "\(code): segment expected at word \(column)") }
            }
        }
    }
}
