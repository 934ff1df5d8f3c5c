/// The verdict of WebKit's URL-filter parser (`URLFilterParser::ParseStatus`) on one pattern.
public enum URLFilterStatus: String, Sendable, CaseIterable {
    /// Accepted.
    case ok
    /// Accepted, but every term can match the empty string: the rule matches every URL.
    case matchesEverything
    /// A character outside ASCII.
    case nonASCII
    /// A character class WebKit does not support (`\d`, `\w`, `\s` and their negations).
    case unsupportedCharacterClass
    /// A back reference (`\1`).
    case backReference
    /// A reference to a group not defined yet.
    case forwardReference
    /// `^` other than at the start.
    case misplacedStartOfLine
    /// A word boundary (`\b`, `\B`).
    case wordBoundary
    /// An atom WebKit does not support in a character set (a class escape such as `\d` inside `[...]`).
    case atomCharacter
    /// A lookahead, lookbehind or modifier group.
    case group
    /// A disjunction, `|`.
    case disjunction
    /// `$` other than at the end.
    case misplacedEndOfLine
    /// An empty pattern.
    case emptyPattern
    /// A pattern JavaScriptCore's regular-expression parser (YARR) refuses.
    case yarrError
    /// A quantifier WebKit does not support (counted repetition other than `{0,1}`, `{0,}` and `{1,}`).
    case invalidQuantifier
    /// Not a WebKit status: WebKit 2.50 aborts (SIGABRT) on a character range reaching past ASCII.
    case crashesWebKit

    /// Whether WebKit accepts the pattern.
    public var isAccepted: Bool { self == .ok || self == .matchesEverything }

    /// WebKit's text for the status (`URLFilterParser::statusString`), logged as the reason of a refusal.
    public var webKitDetail: String {
        switch self {
        case .ok: return "Ok"
        case .matchesEverything: return "Matches everything."
        case .nonASCII: return "Only ASCII characters are supported in pattern."
        case .unsupportedCharacterClass: return "Character class is not supported."
        case .backReference: return "Patterns cannot contain backreferences."
        case .forwardReference: return "Patterns cannot contain forward references."
        case .misplacedStartOfLine: return "Start of line assertion can only appear as the first term in a filter."
        case .wordBoundary: return "Word boundaries assertions are not supported yet."
        case .atomCharacter: return "Builtins character class atoms are not supported yet."
        case .group: return "Groups are not supported yet."
        case .disjunction: return "Disjunctions are not supported yet."
        case .misplacedEndOfLine: return "The end of line assertion must be the last term in an expression."
        case .emptyPattern: return "Empty pattern."
        case .yarrError: return "Internal error in YARR."
        case .invalidQuantifier: return "Arbitrary atom repetitions are not supported."
        case .crashesWebKit: return "WebKit crashes on this pattern."
        }
    }
}
