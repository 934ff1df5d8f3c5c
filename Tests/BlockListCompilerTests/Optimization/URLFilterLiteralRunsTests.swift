import Foundation
import Testing
import WKPackTestSupport

@testable import BlockListCompiler

@Suite struct URLFilterLiteralRunsTests {
    /// Url-filters read from their text: the runs must be those of the parsed pattern.
    static let read = [
        #"^[^:]*://([^/:@]*\.)?example\.com[/:?#]"#, #"^[^:]*://([^/:@]*\.)?Ads\.Example\.com/x[^a-zA-Z0-9_.%-]"#,
        #"^[^:]*://([^/:@]*\.)?a\.com/b$"#, "/ads/banner", "^https://a.b/", "-ad-300x250.", "a.*b.*c", #"\/\-\_x"#, "x$",
        #"^[^:]*://([^/:@]*\.)?a\.com[^a-zA-Z0-9_.%-]x\.js"#, "&ad_type=", ".*\\?ad=1", "a.b", "=,;:%!@#~'\"<>`_x",
    ]

    /// Forms left to the parser.
    static let declined = [
        "", ".*", "^", "$", "^$", "a+", "a*", "a?", "a{2}", ".*?", ".+x", "(a)", "a|b", #"\d"#, #"\1"#, "[abc]", "a$b", "a^b",
        "a b", "a]", "a}", #"a\"#, "[/:?#]*x", #"^[^:]*://([^/:@]*\.)?"#, #"^[^:]*://([^/:@]*\.)??a"#, "ü",
    ]

    @Test(arguments: read) func readsTheRunsOfTheParsedPattern(_ filter: String) throws {
        let runs = try #require(URLFilterLiteralRuns.runs(of: filter), "\(filter) was left to the parser")
        for isCaseSensitive in [false, true] {
            let pattern = try #require(URLFilterParser().parseTerms(filter, isCaseSensitive: isCaseSensitive).pattern)
            #expect(runs == RequiredLiterals.of(pattern), "\(filter)")
        }
    }

    @Test(arguments: declined) func leavesOtherFormsToTheParser(_ filter: String) {
        #expect(URLFilterLiteralRuns.runs(of: filter) == nil)
    }

    /// The witness read from a filter's text is matched by the filter's automaton (case-insensitive), and there is
    /// one exactly for the forms read.
    @Test func theWitnessReadFromTheTextIsMatched() throws {
        for filter in URLFilterLiteralRunsTests.read {
            let witness = try #require(URLFilterLiteralRuns.witness(of: filter), "\(filter)")
            let pattern = try #require(URLFilterParser().parseTerms(filter, isCaseSensitive: false).pattern)
            #expect(URLAutomaton(pattern: pattern).matches(witness), "\(filter): \(String(decoding: witness, as: UTF8.self))")
        }
        for filter in URLFilterLiteralRunsTests.declined { #expect(URLFilterLiteralRuns.witness(of: filter) == nil, "\(filter)") }
    }

    /// The bit table of literal characters is the printable ASCII but the syntax characters.
    @Test func literalsAreThePrintableASCIIButSyntax() {
        let syntax = Set("\\^$.|?*+()[]{}".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(URLFilterLiteralRuns.isLiteral(byte) == (byte > 0x20 && byte < 0x7F && !syntax.contains(byte)), "\(byte)")
        }
    }

    /// `isReadable` (which writes nothing) says yes exactly for the filters whose runs are read, and appending to a
    /// store that already holds runs adds the filter's runs after them, or leaves the store as it was.
    @Test func isReadableAndAppendingAgreeWithTheRuns() {
        var store = LiteralRunStore()
        var expected: [[UInt8]] = []
        for filter in URLFilterLiteralRunsTests.read + URLFilterLiteralRunsTests.declined {
            let runs = URLFilterLiteralRuns.runs(of: filter)
            #expect(URLFilterLiteralRuns.isReadable(filter) == (runs != nil), "\(filter)")
            #expect(URLFilterLiteralRuns.append(filter, to: &store) == (runs != nil), "\(filter)")
            expected += runs ?? []
            #expect(store.runs.map { Array(store.bytes[$0]) } == expected, "after \(filter)")
            #expect(store.bytes.count == Int(store.ends.last ?? 0), "after \(filter)")
        }
        #expect(expected.count > URLFilterLiteralRunsTests.read.count)
    }

    /// Every url-filter the reader takes is one WebKit's grammar accepts (`ConvertedRuleCheck` does not parse those
    /// again): each listed form, and each printable ASCII character alone and escaped between literals, after each
    /// start the converter writes and before each end.
    @Test func everyFormReadIsAccepted() {
        var filters = URLFilterLiteralRunsTests.read
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let character = String(UnicodeScalar(byte))
            for body in ["a" + character + "b", "a\\" + character + "b", character] {
                for start in ["", "^", URLPatternTranslator.hostAnchorPrefix, ".*", "x.", "^x.*"] {
                    for end in ["", "$", URLPatternTranslator.hostEndClass, URLPatternTranslator.separatorClass, ".*y", ".y$"] {
                        filters.append(start + body + end)
                    }
                }
            }
        }
        var readCount = 0
        for filter in filters where URLFilterLiteralRuns.runs(of: filter) != nil {
            readCount += 1
            #expect(URLFilterParser().parse(filter).isAccepted, "\(filter) is read but refused")
            // The conversion's check skips the parse of these: it must have nothing to report (not even "matches every URL").
            #expect(URLFilterParser().parse(filter).status == .ok, "\(filter) is read but not plainly accepted")
            #expect(!RuleListOptimizer.isUniversal(filter), "\(filter) is read but universal")
        }
        #expect(readCount > 5_000, "\(readCount) of \(filters.count) read")
    }

    /// Every url-filter of the converted EasyList + EasyPrivacy: nearly all are read from their text, each with the
    /// runs of its parsed pattern.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ContentBlockerPipelineTests.corpusArchive.path), "needs ../shared/corpus"))
    func agreesWithTheParserOnTheConvertedLists() throws {
        var files: [FilterListFile] = []
        for name in ["easylist/easylist.txt", "easylist/easyprivacy.txt"] {
            let output = try ChildProcess.run("/usr/bin/tar", ["-xJOf", ContentBlockerPipelineTests.corpusArchive.path, name])
            try #require(output.status == 0, "tar: \(output.stderr)")
            files.append(FilterListFile(path: name, text: String(decoding: output.standardOutput, as: UTF8.self)))
        }
        let filters = Set(FilterToRuleConverter().convert(files).rules.map(\.trigger.urlFilter))
        var readCount = 0
        let parser = URLFilterParser()
        for filter in filters {
            guard let runs = URLFilterLiteralRuns.runs(of: filter) else { continue }
            readCount += 1
            #expect(parser.parse(filter).status == .ok, "\(filter): read, but the parser refuses it or finds it universal")
            guard let pattern = parser.parseTerms(filter, isCaseSensitive: false).pattern else {
                Issue.record("\(filter): read, but the parser refuses it")
                continue
            }
            if runs != RequiredLiterals.of(pattern) { Issue.record("\(filter): \(runs) != \(RequiredLiterals.of(pattern))") }
        }
        #expect(filters.count > 100_000)
        #expect(readCount * 100 > filters.count * 95, "\(readCount) of \(filters.count) read from their text")
    }
}
