import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The mappings `SyntaxPrinter.printWithMappings` records: the code is `print`'s, the mappings are in generated
/// order, their positions agree with positions counted here another way (Swift's UTF-16 view), and each maps a
/// name or literal to the same text in the source. Over every `stride`-th file of the Debian corpus
/// (`WKPACK_CORPUS_STRIDE`, default 8 here) and every file of UserScripts/, readable and minified; Debian's
/// node-source-map reads a sample of the maps back; lowered code maps into the syntax it replaced.
@Suite struct SyntaxPrinterMappingTests {
    /// The byte offset of each (line, UTF-16 column) in `positions`, which must be in increasing order, counting
    /// lines as ECMAScript does; nil for a position that is out of order or not at a character.
    static func byteOffsets(of positions: [(line: Int, column: Int)], in text: String) -> [Int?] {
        var result: [Int?] = []
        var line = 0, column = 0, offset = 0
        let scalars = Array(text.unicodeScalars)
        var index = 0
        for position in positions {
            while index < scalars.count, line < position.line || (line == position.line && column < position.column) {
                let scalar = scalars[index]
                offset += scalar.utf8.count
                index += 1
                switch scalar.value {
                case 0x0D where index < scalars.count && scalars[index].value == 0x0A:
                    column += 1
                case 0x0A, 0x0D, 0x2028, 0x2029:
                    line += 1
                    column = 0
                default:
                    column += scalar.utf16.count
                }
            }
            result.append(line == position.line && column == position.column ? offset : nil)
        }
        return result
    }

    /// The text a mapping points at, for comparing: a name or number (word bytes), a quoted string or template
    /// up to its closing quote, else the first byte.
    static func token(_ bytes: [UInt8], at offset: Int) -> ArraySlice<UInt8> {
        guard offset < bytes.count else { return [] }
        let first = bytes[offset]
        var end = offset + 1
        if SyntaxPrinter.isWordByte(first) {
            while end < bytes.count, SyntaxPrinter.isWordByte(bytes[end]) { end += 1 }
        } else if first == 0x22 || first == 0x27 || first == 0x60 || first == 0x7D {
            // A string, or a template's part up to its end or its next substitution.
            let close = first == 0x7D ? 0x60 : first
            while end < bytes.count, end - offset < 200 {
                let b = bytes[end]
                end += b == 0x5C ? 2 : 1
                if b == close || (close == 0x60 && b == 0x24 && end < bytes.count && bytes[end] == 0x7B) { break }
            }
            end = min(end, bytes.count)
        }
        return bytes[offset..<end]
    }

    /// Checks the mappings of one printing; returns failure messages (at most a few).
    static func check(source: [UInt8], code: String, mappings: [SyntaxPrintedMapping], renamed: Bool = false) -> [String] {
        var failures: [String] = []
        for (previous, next) in zip(mappings, mappings.dropFirst())
        where (previous.generatedLine, previous.generatedColumn) >= (next.generatedLine, next.generatedColumn) {
            failures.append(
                "mapping at \(next.generatedLine):\(next.generatedColumn) is not after \(previous.generatedLine):\(previous.generatedColumn)"
            )
            return failures
        }
        let generated = byteOffsets(of: mappings.map { ($0.generatedLine, $0.generatedColumn) }, in: code)
        let byOriginal = mappings.indices.sorted { mappings[$0].originalOffset < mappings[$1].originalOffset }
        let sourceText = String(decoding: source, as: UTF8.self)
        let original = byteOffsets(of: byOriginal.map { (mappings[$0].originalLine, mappings[$0].originalColumn) }, in: sourceText)
        for (k, index) in byOriginal.enumerated() where original[k] != mappings[index].originalOffset {
            failures.append(
                "original \(mappings[index].originalLine):\(mappings[index].originalColumn) is not byte \(mappings[index].originalOffset)")
            if failures.count > 3 { return failures }
        }
        let output = Array(code.utf8)
        for (mapping, offset) in zip(mappings, generated) {
            guard let offset else {
                failures.append("generated \(mapping.generatedLine):\(mapping.generatedColumn) is not at a character")
                return failures
            }
            let printed = token(output, at: offset), written = token(source, at: mapping.originalOffset)
            if let name = mapping.name {
                if !renamed || !written.elementsEqual(name.utf8) {
                    failures.append("name \(name) for \(String(decoding: written, as: UTF8.self))")
                }
                continue
            }
            if printed.elementsEqual(written) { continue }
            // A parenthesis the printer adds or drops (precedence decides them) is the only other difference.
            if printed.first == 0x28 || written.first == 0x28 { continue }
            let line = mapping.generatedLine, column = mapping.generatedColumn
            failures.append(
                "\(line):\(column) prints \(String(decoding: printed.prefix(40), as: UTF8.self)) but maps to "
                    + "\(mapping.originalLine):\(mapping.originalColumn) \(String(decoding: written.prefix(40), as: UTF8.self))")
            if failures.count > 3 { return failures }
        }
        return failures
    }

    static func files() -> [String] {
        let stride = Int(ProcessInfo.processInfo.environment["WKPACK_CORPUS_STRIDE"] ?? "") ?? 8
        let corpus = DebianNodeCorpus.isInstalled() ? DebianNodeCorpus.sample(DebianNodeCorpus.corpus, stride: stride).map(\.path) : []
        return corpus + SyntaxCorpusTests.userScripts
    }

    @Test func smallProgramMapsEachNameAndStatement() throws {
        let source = "if (a) {\n  b.c(\"é\", d);\n}\nlet 𝒳 = `t${e}`;\n"
        let tree = try SyntaxParser.parse(source)
        let (code, mappings) = SyntaxPrinter.printWithMappings(tree)
        #expect(code == SyntaxPrinter.print(tree))
        let positions = mappings.map { "\($0.generatedLine):\($0.generatedColumn)>\($0.originalLine):\($0.originalColumn)" }
        // if, a, the block, b, c, "é", d, let, 𝒳 (two UTF-16 units), the template's parts and e.
        #expect(
            positions == [
                "0:0>0:0", "0:4>0:4", "0:7>0:7", "1:2>1:2", "1:4>1:4", "1:6>1:6", "1:11>1:11", "3:0>3:0", "3:4>3:4", "3:9>3:9",
                "3:13>3:13", "3:14>3:14",
            ])
        #expect(Self.check(source: tree.source, code: code, mappings: mappings).isEmpty)
        let minified = SyntaxPrinter.printWithMappings(tree, style: .minified)
        #expect(minified.code == SyntaxPrinter.print(tree, style: .minified))
        #expect(Self.check(source: tree.source, code: minified.code, mappings: minified.mappings).isEmpty)
        #expect(minified.mappings.allSatisfy { $0.generatedLine == 0 })
    }

    @Test func aRenamedIdentifierNamesItsSourceText() throws {
        var tree = try SyntaxParser.parse("value + other;\n")
        let id = try #require(tree.nodes.indices.first { tree.nodes[$0].kind == .identifier && tree.text(Int32($0)) == "value" })
        tree.nodes[id].a = tree.appendName("v")
        tree.nodes[id].flags.insert(.synthetic)
        let (code, mappings) = SyntaxPrinter.printWithMappings(tree, style: .minified)
        #expect(code == "v+other;\n")
        #expect(mappings.map(\.name) == ["value", nil])
        #expect(Self.check(source: tree.source, code: code, mappings: mappings, renamed: true).isEmpty)
        var builder = SourceMapBuilder()
        let index = builder.addSource("a.js", content: Array(tree.source))
        SyntaxPrintedMapping.add(mappings, source: index, to: &builder)
        let json = String(decoding: builder.json(file: "a.min.js"), as: UTF8.self)
        #expect(json.contains("\"names\":[\"value\"]"))
        #expect(json.contains("\"mappings\":\"AAAAA,EAAQ\""))
    }

    @Test func corpusMappingsPointAtTheSameText() throws {
        var checked = 0, mapped = 0
        var failures: [String] = []
        for file in Self.files() {
            guard let data = FileManager.default.contents(atPath: file), let tree = try? SyntaxParser.parse(Array(data)) else { continue }
            for style in [SyntaxPrinter.Style.readable, .minified] {
                let (code, mappings) = SyntaxPrinter.printWithMappings(tree, style: style)
                if code != SyntaxPrinter.print(tree, style: style) { failures.append("\(file): \(style) code differs from print") }
                if mappings.contains(where: { $0.name != nil }) { failures.append("\(file): a name without renaming") }
                failures += Self.check(source: tree.source, code: code, mappings: mappings).map { "\(file) (\(style)): \($0)" }
                mapped += mappings.count
            }
            checked += 1
        }
        print("printer mappings: \(checked) files, \(mapped) mappings, \(failures.count) failures")
        #expect(checked >= SyntaxCorpusTests.userScripts.count && checked > 0)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10).joined(separator: "\n"))")
    }

    /// `printMinified`'s mappings with the parse's tokens (original positions read from them) and without (counted in
    /// the source's line table) are the same, also with a subset of the tokens (the positions of nodes no given token
    /// starts at counted on from the token before them); nil when `source` does not parse.
    static func tokenPositionsDiffer(_ source: [UInt8]) -> Bool? {
        guard let tokenization = try? JavaScriptTokenizer.tokenize(source, includeComments: true),
            let parsed = try? SyntaxParser.parseWithFacts(source, tokenization: tokenization)
        else { return nil }
        let counted = SyntaxPrinter.printMinified(parsed.tree, symbolNames: [], recordsMappings: true)
        let read = SyntaxPrinter.printMinified(parsed.tree, symbolNames: [], recordsMappings: true, tokens: parsed.tokens)
        let withComments = SyntaxPrinter.printMinified(parsed.tree, symbolNames: [], recordsMappings: true, tokens: tokenization.tokens)
        // Every node counted from the start or from the first token (a node before the last position counted is
        // counted again from there: only for short sources).
        var subsets = source.count < 4096 ? [parsed.tokens.suffix(1), parsed.tokens.prefix(1)].map(Array.init) : []
        for stride in 2...3 {
            subsets.append(parsed.tokens.enumerated().filter { $0.offset % stride == 1 }.map(\.element))
        }
        for tokens in subsets {
            let partial = SyntaxPrinter.printMinified(parsed.tree, symbolNames: [], recordsMappings: true, tokens: tokens)
            if partial.mappings != counted.mappings { return true }
        }
        return read.code != counted.code || read.mappings != counted.mappings || withComments.mappings != counted.mappings
    }

    @Test(arguments: [
        "a;\r\nb + c;\rd(e);\u{2028}f;\u{2029}g;\n",
        "\u{FEFF}let é = 1, 𝒳 = `x\n${é}\r\ny${𝒳}`;\n/* é\n */ h(é, 𝒳);",
        "#!/usr/bin/env node\nclass C { #a = 1; m() { return this.#a; } }\nx = /é+/u.test('𝒳\\\n');",
        "if (a) {\n\tb\u{2028}.c\r\n(`${d}\n${`${e}`}`);\n}",
        "class C { static /* a */ get\u{2028}x() {} static\u{3000}async // b\n * g() {} }",
    ])
    func tokenPositionsAreCountedPositions(_ source: String) throws {
        #expect(Self.tokenPositionsDiffer(Array(source.utf8)) == false)
    }

    /// A keyword no node starts at (`let` of a `for` head, `of`, `static`, `async`, `get`, `set` of class members and
    /// methods) has a segment of its own, at its source position, not the one of the node written before it: the
    /// exact segments of a small program (generated column > original line:column).
    @Test func keywordsMapWhereTheyStand() throws {
        let source = """
            for (let i of a) f(i);
            class C {
              static get x() { return 1; }
              static async *g() {}
              set y(v) {}
              static z = 2;
              static { h(); }
            }
            o = { get p() { return 2; }, async q() {} };
            for (const k in o);

            """
        let bytes = Array(source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(bytes, includeComments: true)
        let parsed = try SyntaxParser.parseWithFacts(bytes, tokenization: tokenization)
        let printed = SyntaxPrinter.printMinified(parsed.tree, symbolNames: [], recordsMappings: true, tokens: parsed.tokens)
        let code = String(decoding: printed.code, as: UTF8.self)
        #expect(
            code
                == "for(let i of a)f(i);class C{static get x(){return 1}static async *g(){}set y(v){}static z=2;static{h()}}o={get p(){return 2},async q(){}};for(let k in o);\n"
        )
        let segments = printed.mappings.map { "\($0.generatedColumn)>\($0.originalLine):\($0.originalColumn)" }
        #expect(
            segments == [
                "0>0:0", "4>0:5", "8>0:9", "10>0:11", "13>0:14", "15>0:17", "17>0:19", "20>1:0", "26>1:6", "28>2:2", "35>2:9",
                "39>2:13", "43>2:19", "50>2:26", "52>3:2", "59>3:9", "66>3:16", "71>4:2", "75>4:6", "77>4:8", "81>5:2", "88>5:9",
                "90>5:13", "92>6:2", "99>6:11", "104>8:0", "106>8:4", "107>8:6", "111>8:10", "115>8:16", "122>8:23", "125>8:29",
                "131>8:35", "138>9:0", "142>9:5", "146>9:11", "151>9:16", "153>9:18",
            ])
        // Each keyword's segment maps to the same keyword in the source.
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        var keywords = 0
        for mapping in printed.mappings {
            let printedWord = SyntaxPrinterMappingTests.token(printed.code, at: Int(mapping.generatedColumn))
            let text = String(decoding: printedWord, as: UTF8.self)
            guard ["let", "static", "async", "get", "set", "of"].contains(text) else { continue }
            let written = String(
                decoding: SyntaxPrinterMappingTests.token(sourceLines[Int(mapping.originalLine)], at: Int(mapping.originalColumn)),
                as: UTF8.self)
            // An unwritten `const` is printed `let`.
            #expect(written == text || (text == "let" && written == "const"), "\(mapping)")
            keywords += 1
        }
        // let, of; static, get; static, async; set; static; static; get; async; let (of `const`).
        #expect(keywords == 12)
    }

    /// `printMinified`'s line count and last line's length (counted on from the last mapping while printing, or over
    /// the whole code without mappings) are those of its code without the closing line break, counted afterwards.
    @Test(arguments: [
        "a;\r\nb + c;\rd(e);\u{2028}f;\u{2029}g;\n",
        "\u{FEFF}let é = 1, 𝒳 = `x\n${é}\r\ny${𝒳}`;\n/* é\n */ h(é, 𝒳);",
        "if (a) {\n\tb\u{2028}.c\r\n(`${d}\n${`${e}`}`);\n}\nx = `😀\n😀`",
        "",
    ])
    func lineCountIsCodesLineCount(_ source: String) throws {
        let bytes = Array(source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(bytes, includeComments: true)
        let parsed = try SyntaxParser.parseWithFacts(bytes, tokenization: tokenization)
        for recordsMappings in [true, false] {
            let printed = SyntaxPrinter.printMinified(
                parsed.tree, symbolNames: [], recordsMappings: recordsMappings, tokens: parsed.tokens)
            var code = printed.code
            if code.last == 0x0A { code.removeLast() }
            var lines = 0
            var lineStart = 0
            code.withUnsafeBufferPointer { buffer in
                SyntaxPrintedMapping.forEachLineEnd(in: buffer, from: 0, to: buffer.count) { end in
                    lines += 1
                    lineStart = end
                }
            }
            #expect(printed.lineCount == lines)
            #expect(printed.lastLineColumn == SyntaxPrintedMapping.utf16Units(of: code, from: lineStart, to: code.count))
        }
    }

    @Test func corpusTokenPositionsAreCountedPositions() throws {
        var checked = 0
        var differing: [String] = []
        for file in Self.files() {
            guard let data = FileManager.default.contents(atPath: file), let differs = Self.tokenPositionsDiffer(Array(data)) else {
                continue
            }
            if differs { differing.append(file) }
            checked += 1
        }
        #expect(checked >= SyntaxCorpusTests.userScripts.count && checked > 0)
        #expect(differing.isEmpty, "\(differing.count) differing: \(differing.prefix(10).joined(separator: "\n"))")
    }

    static let consumerScript = """
        const { SourceMapConsumer } = require('/usr/share/nodejs/source-map');
        const fs = require('node:fs');
        const bad = [];
        let queried = 0;
        for (const [mapPath, queryPath] of JSON.parse(fs.readFileSync(process.argv[process.argv.length - 1], 'utf8'))) {
          const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapPath, 'utf8')));
          for (const q of JSON.parse(fs.readFileSync(queryPath, 'utf8'))) {
            queried++;
            const p = consumer.originalPositionFor({ line: q[0] + 1, column: q[1] });
            if (p.line !== q[2] + 1 || p.column !== q[3] || p.source !== 'input.js')
              bad.push(mapPath + ' ' + JSON.stringify(q) + ' -> ' + JSON.stringify(p));
          }
        }
        process.stdout.write(JSON.stringify({ queried, bad: bad.slice(0, 20), failures: bad.length }));
        """

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/nodejs/source-map/package.json"), "needs Debian's node-source-map"))
    func nodeSourceMapReadsTheMapsBack() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var pairs: [[String]] = []
        var expected = 0
        for (index, file) in Self.files().enumerated() where index % 4 == 0 || file.contains("/UserScripts/") {
            guard let data = FileManager.default.contents(atPath: file), let tree = try? SyntaxParser.parse(Array(data)) else { continue }
            for style in [SyntaxPrinter.Style.readable, .minified] {
                let (_, mappings) = SyntaxPrinter.printWithMappings(tree, style: style)
                guard !mappings.isEmpty else { continue }
                var builder = SourceMapBuilder()
                let source = builder.addSource("input.js", content: [])
                SyntaxPrintedMapping.add(mappings, source: source, to: &builder)
                let step = max(1, mappings.count / 50)
                let queries = Swift.stride(from: 0, to: mappings.count, by: step).map { i in
                    [mappings[i].generatedLine, mappings[i].generatedColumn, mappings[i].originalLine, mappings[i].originalColumn]
                }
                expected += queries.count
                let base = folder + "/\(index)-\(style)"
                try Data(builder.json(file: "out.js")).write(to: URL(fileURLWithPath: base + ".map"))
                try JSONSerialization.data(withJSONObject: queries).write(to: URL(fileURLWithPath: base + ".json"))
                pairs.append([base + ".map", base + ".json"])
            }
        }
        let manifest = folder + "/manifest.json"
        try JSONSerialization.data(withJSONObject: pairs).write(to: URL(fileURLWithPath: manifest))
        guard let output = try TestSupport.node(Self.consumerScript, [manifest]) else { return }
        #expect(output.status == 0, "\(output.stderr.prefix(500))")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        print("node-source-map: \(pairs.count) maps, \(result["queried"] ?? 0) positions read back, \(result["failures"] ?? "?") differing")
        #expect(result["queried"] as? Int == expected)
        #expect(result["failures"] as? Int == 0, "\(result["bad"] ?? "")")
    }

    @Test func loweredOptionalChainMapsIntoTheChain() throws {
        let source = "x = obj.first?.second(arg).third;\n"
        let tree = try SyntaxParser.parse(source)
        let target = try #require(ScriptTarget(name: "safari11"))
        let lowered = try SyntaxLowering.lower(tree, target: target, path: "a.js")
        let (code, mappings) = SyntaxPrinter.printWithMappings(lowered)
        #expect(code == SyntaxPrinter.print(lowered))
        #expect(code == "var _a;\nx = (_a = obj.first) == null ? void 0 : _a.second(arg).third;\n")
        let bytes = Array(source.utf8)
        let chainStart = 4, chainEnd = bytes.count - 2
        let output = Array(code.utf8)
        let offsets = Self.byteOffsets(of: mappings.map { ($0.generatedLine, $0.generatedColumn) }, in: code)
        let assignment = try #require(code.range(of: "x = "))
        let chainOutput = code.utf8.distance(from: code.utf8.startIndex, to: assignment.upperBound)
        var inChain = 0
        for (mapping, offset) in zip(mappings, offsets) {
            let generated = try #require(offset)
            let printed = String(decoding: Self.token(output, at: generated), as: UTF8.self)
            // The declaration of the temporary and `x = ` keep their own places; the rest maps into the chain.
            if generated < chainOutput { continue }
            #expect((chainStart..<chainEnd).contains(mapping.originalOffset), "\(printed) maps to \(mapping.originalOffset)")
            inChain += 1
            // Names and the argument map to themselves.
            if ["obj", "first", "second", "arg", "third"].contains(printed) {
                #expect(String(decoding: Self.token(bytes, at: mapping.originalOffset), as: UTF8.self) == printed)
            }
        }
        #expect(inChain >= 8, "\(code)")
    }
}
