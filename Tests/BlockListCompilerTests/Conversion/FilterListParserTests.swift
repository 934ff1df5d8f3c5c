import Foundation
import Testing
import WKPackTestSupport

@testable import BlockListCompiler

@Suite struct FilterListParserTests {
    @Test(arguments: ["", "   ", "! comment", "[Adblock Plus 2.0]", "# comment"])
    func skipsCommentsAndHeaders(_ line: String) {
        #expect(FilterListParser().parse(line: line[...]) == nil)
    }

    /// Every kind of unconvertible filter, with the column reported.
    static let unsupported: [(String, FilterProblem.Kind, Int)] = [
        ("||a.com^$csp=script-src 'self'", .unsupportedOption, 10),
        ("||a.com/x.js$script,redirect=noopjs", .unsupportedOption, 21),
        ("||a.com/x.js$redirect-rule=noopjs", .unsupportedOption, 14),
        ("$removeparam=utm_source", .unsupportedOption, 2),
        ("||a.com^$rewrite=abp-resource:blank-js", .unsupportedOption, 10),
        ("||a.com^$replace=/a/b/", .unsupportedOption, 10),
        ("||a.com^$denyallow=b.com", .unsupportedOption, 10),
        ("||a.com^$frobnicate", .unsupportedOption, 10),
        ("example.org##+js(set-constant, ads, false)", .scriptlet, 14),
        ("example.org#%#window.ads = false", .scriptlet, 12),
        ("example.org##.item:has-text(Sponsored)", .proceduralCosmetic, 19),
        ("example.org##div:upward(2)", .proceduralCosmetic, 17),
        ("example.org#?#.item:-abp-has(.ad)", .proceduralCosmetic, 12),
        ("example.org#$#.ad { display: none !important; }", .cssInjection, 12),
        ("example.org##.ad:style(color: red)", .cssInjection, 17),
        ("example.org##^script:has-text(ads)", .htmlFilter, 14),
        ("example.org$$script[tag-content=\"ads\"]", .htmlFilter, 12),
        ("google.*##.ad", .unsupportedDomain, 1),
        ("||a.com^$domain=google.*", .unsupportedDomain, 10),
        ("||a.com^$domain=bücher.de", .unsupportedDomain, 10),
        ("||nonascii.example/püb", .unsupportedPattern, 21),
        ("||a.com^$elemhide", .malformed, 10),
    ]

    @Test(arguments: unsupported) func reportsUnsupportedFilters(_ line: String, _ kind: FilterProblem.Kind, _ column: Int) {
        guard case .unsupported(let problem)? = FilterListParser().parse(line: line[...]) else {
            Issue.record("\(line) was not reported")
            return
        }
        #expect(problem.kind == kind)
        #expect(problem.column == column)
        #expect(!problem.message.isEmpty)
    }

    @Test func readsNetworkOptions() throws {
        guard
            case .network(let filter)? = FilterListParser().parse(
                line: "@@||a.com^$script,~image,3p,domain=x.com|~y.x.com,match-case,important")
        else {
            Issue.record("not a network filter")
            return
        }
        #expect(filter.isException)
        #expect(filter.pattern == .plain("a.com^", hostAnchored: true, startAnchored: false, endAnchored: false))
        #expect(filter.options.includedTypes == [.script])
        #expect(filter.options.excludedTypes == [.image])
        #expect(filter.options.party == .third)
        #expect(filter.options.includedDomains == ["x.com"])
        #expect(filter.options.excludedDomains == ["y.x.com"])
        #expect(filter.options.matchCase && filter.options.important)
    }

    @Test func badfilterIdentityIgnoresOptionOrder() {
        guard case .network(let a)? = FilterListParser().parse(line: "||a.com^$script,third-party"),
            case .network(let b)? = FilterListParser().parse(line: "||a.com^$third-party,badfilter,script")
        else {
            Issue.record("not network filters")
            return
        }
        #expect(a.identity == b.identity)
        #expect(b.options.badfilter)
    }

    @Test func readsCosmeticFilters() {
        guard case .cosmetic(let filter)? = FilterListParser().parse(line: "a.com,~b.a.com,C.com#@#div[id^=\"x\"]") else {
            Issue.record("not a cosmetic filter")
            return
        }
        #expect(filter.isException)
        #expect(filter.includedDomains == ["a.com", "c.com"])
        #expect(filter.excludedDomains == ["b.a.com"])
        #expect(filter.selector == "div[id^=\"x\"]")
        #expect(filter.selectorColumn == 24)
    }

    /// Lines whose byte reading and scalar reading must agree: every option form, marker, anchor, comment and
    /// whitespace placement the byte reading handles on its own.
    static let asciiLines = [
        "", " ", "\t||a.com^\r", "!x", "[Adblock]", "#", "# x", "#!x", "#x", "##.ad", "###ad", "a.com##.ad", " a.com , ~B.a.com ,##.ad",
        "a.com#@#.ad", "a.com#?#.ad", "a.com#@$?#x", "a.com#$#x", "a.com#%#x", "a.com$$x", "a.com$@$x", "$$x", "a/b##x", "a=b##x",
        "a.com##", "a.com##+js(x)", "a.com##^x", "a.com##x:HAS-TEXT(y)", "a.com##x:Style(y)", "a.com##x:hover", "*.com##x", ",,a.com##x",
        "||a.com^", "||a.com^$", "||a.com^$$", "|a|", "|", "||", "@@", "@@||a.com^$document", "/ads/", "/a$b/$script", "/x", "a$b$c",
        "||a.com^$=script", "||a.com^$==script", "||a.com^$~script,~image", "||a.com^$Third-Party,SCRIPT,image",
        "||a.com^$script,,image", "||a.com^$domain=A.com|~b.A.com", "||a.com^$domain=", "||a.com^$domain", "||a.com^$from=a.com|b.*",
        "||a.com^$badfilter", "||a.com^$BadFilter,script", "||a.com^$~badfilter", "||a.com^$badfilter=x", "@@||a.com^$elemhide",
        "||a.com^$elemhide", "@@||a.com^$generichide,ghide", "||a.com^$object,~object", "||a.com^$csp=x", "||a.com^$foo_bar-1",
        "||a.com^$foo bar", "||a.com^$1p,3p,~1p,~3p", "||a.com^$match-case,important", "||a.com^$popup,document,doc",
        "a$b=c=d", "x$~", "x$~=y", "x$=", "x$,", "@@x$",
    ]

    @Test(arguments: asciiLines) func byteReadingAgreesWithScalarReading(_ line: String) {
        let parser = FilterListParser()
        #expect(parser.parse(line: line[...]) == parser.parse(scalarsOf: line[...]))
    }

    /// Every line of the filter lists in the shared corpus, read both ways.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ContentBlockerPipelineTests.corpusArchive.path), "needs ../shared/corpus"))
    func byteReadingAgreesWithScalarReadingOnTheCorpusLists() throws {
        let parser = FilterListParser()
        var asciiLines = 0
        for name in ["easylist/easylist.txt", "easylist/easyprivacy.txt", "easylist/easylistgermany.txt", "easylist/fanboy-annoyance.txt"] {
            let output = try ChildProcess.run("/usr/bin/tar", ["-xJOf", ContentBlockerPipelineTests.corpusArchive.path, name])
            try #require(output.status == 0, "tar: \(output.stderr)")
            let text = String(decoding: output.standardOutput, as: UTF8.self)
            for line in FilterToRuleConverter.lines(of: text) {
                if line.utf8.allSatisfy({ $0 < 0x80 }) { asciiLines += 1 }
                let byBytes = parser.parse(line: line), byScalars = parser.parse(scalarsOf: line)
                if byBytes != byScalars {
                    Issue.record("\(name): '\(line)': \(String(describing: byBytes)) != \(String(describing: byScalars))")
                }
            }
        }
        #expect(asciiLines > 100_000)
    }

    /// The domain list of a cosmetic filter is cut on its bytes: the same pieces as splitting by the character
    /// ",", for ASCII text and for text with combining marks after commas.
    @Test func piecesAreThoseOfTheCharacterSplit() {
        var random = SeededGenerator(state: 0x5EC7)
        let pieces = [",", ",", "a.com", "~b.org", " ", "", "\u{301}", "é", "\r\n", "\n", "x"]
        var asciiTexts = 0
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(random.next() % 10) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            if text.utf8.allSatisfy({ $0 < 0x80 }) { asciiTexts += 1 }
            #expect(
                FilterListParser.pieces(of: text, cutAt: UInt8(ascii: ",")) == text.split(separator: ",", omittingEmptySubsequences: false),
                "\(Array(text.unicodeScalars))")
        }
        #expect(asciiTexts > 50)
    }
}
