import Testing

@testable import BlockListCompiler

/// Expected verdicts, each confirmed with the WebKit 2.50 oracle.
enum ExpectedRegexVerdict: Sendable {
    case accepted
    case nonASCII, unsupportedCharacterClass, backReference, misplacedStartOfLine, wordBoundary, atomCharacter
    case group, disjunction, misplacedEndOfLine, yarrError, invalidQuantifier

    func matches(_ status: URLFilterStatus) -> Bool {
        switch self {
        case .accepted: return status.isAccepted
        case .nonASCII: return status == .nonASCII
        case .unsupportedCharacterClass: return status == .unsupportedCharacterClass
        case .backReference: return status == .backReference
        case .misplacedStartOfLine: return status == .misplacedStartOfLine
        case .wordBoundary: return status == .wordBoundary
        case .atomCharacter: return status == .atomCharacter
        case .group: return status == .group
        case .disjunction: return status == .disjunction
        case .misplacedEndOfLine: return status == .misplacedEndOfLine
        case .yarrError: return status == .yarrError
        case .invalidQuantifier: return status == .invalidQuantifier
        }
    }
}

@Suite struct URLFilterParserTests {
    static let oracleVerdicts: [(String, ExpectedRegexVerdict)] = [
        ("$", .accepted),
        ("$$", .misplacedEndOfLine),
        ("$*", .yarrError),
        ("$\\1", .misplacedEndOfLine),
        ("$\\8", .misplacedEndOfLine),
        ("$a", .misplacedEndOfLine),
        ("(", .yarrError),
        ("($)", .misplacedEndOfLine),
        ("()", .accepted),
        ("()*", .accepted),
        ("(*)", .yarrError),
        ("(.*)", .accepted),
        ("(?!a)", .group),
        ("(?", .yarrError),
        ("(?:)", .accepted),
        ("(?:a$)", .misplacedEndOfLine),
        ("(?:a)", .accepted),
        ("(?<!a)", .group),
        ("(?<1a>x)", .yarrError),
        ("(?<=a)", .group),
        ("(?<a-b>x)", .yarrError),
        ("(?<n>", .yarrError),
        ("(?<n>a)", .accepted),
        ("(?<n>a)$\\k<n>", .backReference),
        ("(?<n>a)(?<n>b)", .yarrError),
        ("(?<n>a)\\k", .yarrError),
        ("(?<n>a)\\k<m>", .yarrError),
        ("(?<n>a)\\k<n", .yarrError),
        ("(?<n>a)\\k<n>", .backReference),
        ("(?=a)", .group),
        ("(?=a)*", .group),
        ("(?i)a", .yarrError),
        ("(?i:a)", .group),
        ("(^a)", .misplacedStartOfLine),
        ("(a$)b", .misplacedEndOfLine),
        ("(a)$", .accepted),
        ("(a)$\\1", .misplacedEndOfLine),
        ("(a)$\\12", .misplacedEndOfLine),
        ("(a)$\\2", .misplacedEndOfLine),
        ("(a)(b)\\2{2}", .invalidQuantifier),
        ("(a)\\1", .accepted),
        ("(a)\\1*", .accepted),
        ("(a)\\1{2}", .invalidQuantifier),
        ("(a)\\2", .accepted),
        ("(a*)?b", .accepted),
        ("(a?)+", .accepted),
        ("(ab)*", .accepted),
        ("(|a)", .disjunction),
        (")", .yarrError),
        ("*a", .yarrError),
        ("+", .yarrError),
        (".", .accepted),
        (".*", .accepted),
        ("[", .yarrError),
        ("[-a]", .accepted),
        ("[.]", .accepted),
        ("[\\B]", .accepted),
        ("[\\b-a]", .accepted),
        ("[\\b]", .accepted),
        ("[\\c1]", .accepted),
        ("[\\cA]", .accepted),
        ("[\\d-z]", .atomCharacter),
        ("[\\d]", .atomCharacter),
        ("[\\s-a]", .atomCharacter),
        ("[\\u00e9]", .nonASCII),
        ("[\\w-a]", .atomCharacter),
        ("[\\x41-\\x5a]", .accepted),
        ("[]", .accepted),
        ("[^]", .accepted),
        ("[^a]", .accepted),
        ("[a", .yarrError),
        ("[a-\\d]", .atomCharacter),
        ("[a-]", .accepted),
        ("[a-z]", .accepted),
        ("[a\\-z]", .accepted),
        ("[z-a]", .yarrError),
        ("\\", .yarrError),
        ("\\-", .accepted),
        ("\\.", .accepted),
        ("\\/", .accepted),
        ("\\0", .accepted),
        ("\\01", .accepted),
        ("\\1", .accepted),
        ("\\12{2}", .invalidQuantifier),
        ("\\177", .accepted),
        ("\\1{2}", .invalidQuantifier),
        ("\\200", .nonASCII),
        ("\\377", .nonASCII),
        ("\\8", .accepted),
        ("\\B", .wordBoundary),
        ("\\b", .wordBoundary),
        ("\\ba", .wordBoundary),
        ("\\b|", .wordBoundary),
        ("\\c", .accepted),
        ("\\cA", .accepted),
        ("\\d|a", .unsupportedCharacterClass),
        ("\\f", .accepted),
        ("\\k", .accepted),
        ("\\k<n", .accepted),
        ("\\k<n>", .accepted),
        ("\\k<n>(?<n>a)", .yarrError),
        ("\\n", .accepted),
        ("\\p{L}", .accepted),
        ("\\r", .accepted),
        ("\\s", .unsupportedCharacterClass),
        ("\\t", .accepted),
        ("\\u0041", .accepted),
        ("\\u00e9", .nonASCII),
        ("\\u{41}", .invalidQuantifier),
        ("\\v", .accepted),
        ("\\x41", .accepted),
        ("^", .accepted),
        ("^$", .accepted),
        ("^*", .yarrError),
        ("^.*", .accepted),
        ("^?", .yarrError),
        ("^^a", .accepted),
        ("^a", .accepted),
        ("^a$|", .disjunction),
        ("a$", .accepted),
        ("a$$", .misplacedEndOfLine),
        ("a$?", .yarrError),
        ("a$\\1", .misplacedEndOfLine),
        ("a$\\k<n>", .misplacedEndOfLine),
        ("a$b", .misplacedEndOfLine),
        ("a)", .yarrError),
        ("a**", .yarrError),
        ("a*?", .accepted),
        ("a*b*", .accepted),
        ("a*{2}", .yarrError),
        ("a+?", .accepted),
        ("a?", .accepted),
        ("a??", .accepted),
        ("a\\b", .wordBoundary),
        ("a^", .misplacedStartOfLine),
        ("a{,1}", .accepted),
        ("a{,}", .accepted),
        ("a{0,0}", .invalidQuantifier),
        ("a{0,1}?", .accepted),
        ("a{0,4294967295}", .accepted),
        ("a{0,}", .accepted),
        ("a{1", .accepted),
        ("a{1,1}", .invalidQuantifier),
        ("a{1,2", .accepted),
        ("a{1,}", .accepted),
        ("a{2,1}", .yarrError),
        ("a{2}b|", .invalidQuantifier),
        ("a{2}|b", .invalidQuantifier),
        ("a{99999999999}", .invalidQuantifier),
        ("a|", .disjunction),
        ("a|$b", .disjunction),
        ("a|\\d", .disjunction),
        ("a|b(", .yarrError),
        ("x{1}{2}", .yarrError),
        ("{1}", .yarrError),
        ("|", .disjunction),
    ]

    @Test(arguments: oracleVerdicts)
    func agreesWithWebKit(pattern: String, expected: ExpectedRegexVerdict) {
        let result = URLFilterParser().parse(pattern)
        #expect(expected.matches(result.status), "\(pattern): got \(result.status) \(result.reason ?? "")")
    }

    @Test(arguments: [
        (".*", true), ("a?", true), ("(ab)*", true), ("^", true), ("$", true), ("(a?)+", true), ("a*b*", true),
        ("a", false), ("a$", false), ("^a", false), ("(ab)+", false), ("[ab]*c", false),
    ])
    func detectsPatternsThatMatchEverything(pattern: String, matchesEverything: Bool) {
        #expect((URLFilterParser().parse(pattern).status == .matchesEverything) == matchesEverything)
    }

    @Test(arguments: [("a|b", 1), ("ab\\d", 2), ("abc{2}", 3), ("x^", 1), ("a$b", 2), ("(?=a)", 0), ("ab[\\s]", 3)])
    func pointsAtTheOffendingCharacter(pattern: String, offset: Int) {
        #expect(URLFilterParser().parse(pattern).offset == offset)
    }

    @Test func refusesNonASCIIAndEmptyPatterns() {
        #expect(URLFilterParser().parse("é").status == .nonASCII)
        #expect(URLFilterParser().parse("").status == .emptyPattern)
    }
}
