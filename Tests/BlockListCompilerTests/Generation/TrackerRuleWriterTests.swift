import Testing

@testable import BlockListCompiler

@Suite struct TrackerRuleWriterTests {
    @Test func writesFirefoxIOSByteFormat() {
        var writer = TrackerRuleWriter()
        writer.append(
            domain: "a.example", action: .block, unlessDomain: TrackerRuleWriter.unlessDomainFragment(["a.example", "b.example"]))
        writer.append(domain: "c.example", action: .blockCookies, unlessDomain: TrackerRuleWriter.unlessDomainFragment([]))
        let expected = #"""
            [
            {"action":{"type":"block"},"trigger":{"url-filter":"^https?://([^/]+\\.)?a\\.example","load-type":["third-party"],"unless-domain":["*a.example","*b.example"]}},
            {"action":{"type":"block-cookies"},"trigger":{"url-filter":"^https?://([^/]+\\.)?c\\.example","load-type":["third-party"]}}
            ]
            """#
        #expect(String(decoding: writer.finish(), as: UTF8.self) == expected)
        #expect(writer.count == 2)
    }

    @Test func escapesJSONSpecialCharacters() {
        var writer = TrackerRuleWriter()
        writer.append(domain: "a\"b\\c", action: .block, unlessDomain: [])
        #expect(String(decoding: writer.finish(), as: UTF8.self).contains(#"a\"b\\c"#))
    }
}
