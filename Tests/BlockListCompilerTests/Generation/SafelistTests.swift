import Testing

@testable import BlockListCompiler

@Suite struct SafelistTests {
    @Test func readsTextWithCommentsWildcardsAndRepeats() throws {
        var safelist = Safelist()
        let warnings = try safelist.add(contentsOf: SourceInput(path: "safelist.txt", bytes: SharedCorpus.fixture("safelist.txt")))
        #expect(safelist.domains == ["example.com", "news.example", "shop.example", "xn--bcher-kva.example"])
        #expect(
            warnings.map(\.description) == [
                #"safelist.txt:6:1: warning: safelist entry "BÜCHER.example": the non-ASCII domain "BÜCHER.example" is written as punycode "xn--bcher-kva.example""#,
                #"safelist.txt:7:1: warning: safelist entry "example.com" repeats "example.com"; dropped"#,
            ])
    }

    /// A safelist saved with CR LF line ends reads as the same file with LF ends: same domains, same warnings.
    @Test func crLFTextReadsAsLFText() throws {
        let lf = SharedCorpus.fixture("safelist.txt")
        var crlf: [UInt8] = []
        for byte in lf {
            if byte == 0x0A { crlf.append(0x0D) }
            crlf.append(byte)
        }
        #expect(crlf.count > lf.count)
        var fromLF = Safelist()
        let lfWarnings = try fromLF.add(contentsOf: SourceInput(path: "safelist.txt", bytes: lf))
        var fromCRLF = Safelist()
        let crlfWarnings = try fromCRLF.add(contentsOf: SourceInput(path: "safelist.txt", bytes: crlf))
        #expect(fromCRLF.domains == fromLF.domains)
        #expect(crlfWarnings.map(\.description) == lfWarnings.map(\.description))
    }

    @Test func readsAJSONArray() throws {
        var safelist = Safelist()
        let warnings = try safelist.add(contentsOf: SourceInput(path: "safelist.json", bytes: SharedCorpus.fixture("safelist.json")))
        #expect(warnings.isEmpty)
        #expect(
            String(decoding: safelist.ruleBytes, as: UTF8.self)
                == #"{"trigger":{"url-filter":".*","if-domain":["*a.example","*b.example"]},"action":{"type":"ignore-previous-rules"}}"#)
    }

    @Test func emptySafelistWritesNoRule() {
        #expect(Safelist().ruleBytes.isEmpty)
    }

    @Test(arguments: [
        (
            "ok.example\n  bad|domain.example\n",
            "s.txt:2:3: error: safelist entry \"bad|domain.example\": the domain \"bad|domain.example\" contains '|', which is regular-expression syntax"
        ),
        (
            "https://a.example/",
            "s.txt:1:1: error: safelist entry \"https://a.example/\": the domain \"https://a.example/\" contains ':', which a domain cannot hold"
        ),
        ("[\"a.example\", 3]", "s.txt:1:15: error: a safelist must hold only strings, found a number"),
    ])
    func badEntriesAreLocatedErrors(source: String, message: String) {
        var safelist = Safelist()
        do {
            _ = try safelist.add(contentsOf: SourceInput(path: "s.txt", bytes: Array(source.utf8)))
            Issue.record("no error for \(source)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func commandLineDomainsAreChecked() throws {
        var safelist = Safelist()
        #expect(try safelist.add(domain: "*.A.example", path: "--safelist-domain").count == 1)
        #expect(safelist.domains == ["a.example"])
        #expect(throws: GenerationError.self) { try safelist.add(domain: "a b", path: "--safelist-domain") }
    }
}
