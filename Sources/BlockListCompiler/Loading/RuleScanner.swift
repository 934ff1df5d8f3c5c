/// Checks one rule of the common shape on the bytes of the list, in one pass, with no JSON nodes, no decoded
/// strings and no `Rule`: a rule about which `RuleLoader` and the pattern check would report nothing, or only that
/// its url-filter is refused or (when its url-filter is accepted) that its selector does not parse; those two it
/// hands back as data, which the caller reports. It reads the rule as WebKit's JSON parser would and stops (nil)
/// at the first thing outside that shape (an escape it does not decode, a value or key it does not know, anything
/// else the loader would report, or invalid JSON); the caller then parses and loads that rule alone, which reports
/// whatever there is.
struct RuleScanner {
    let base: UnsafePointer<UInt8>
    let count: Int
    let target: WebKitTarget
    let tooNew: RuleLoader.TooNew
    let parser = URLFilterParser()
    /// The url-filter's (or a URL condition's) UTF-16 units, reused from rule to rule.
    var units: [UInt16] = []
    var position = 0
    /// Per flag list (`resource-type`, `load-type`, `load-context`), the source text of the last non-empty array
    /// read without a problem.
    private var lastFlagArrays: [Range<Int>] = [0..<0, 0..<0, 0..<0]
    /// The last url-filter the pattern parser accepted: its JSON string in the list (both quotes included) and
    /// what the trigger takes from the verdict. Lists repeat a pattern the shortcut does not take rule after rule
    /// (AdGuard's `^[htpsw]+:\/\/` for a whole site): the same bytes decode to the same units, so the verdict is
    /// the same and the parser is not run again.
    private var lastParsedURLFilter = ParsedURLFilter(text: 0..<0, matchesEverything: false, isPlainUniversal: false)

    /// What `trigger()` keeps of an accepted url-filter's verdict (`lastParsedURLFilter`).
    private struct ParsedURLFilter {
        var text: Range<Int>
        var matchesEverything: Bool
        var isPlainUniversal: Bool
    }

    static let triggerKeys = ByteNameTable(names: RuleLoader.triggerKeys.names)
    static let resourceTypes = ByteNameTable(names: RuleLoader.resourceTypes.map(\.rawValue))
    static let loadTypes = ByteNameTable(names: RuleLoader.loadTypes.map(\.rawValue))
    static let loadContexts = ByteNameTable(names: RuleLoader.loadContexts.map(\.rawValue))
    static let actionTypes = ByteNameTable(names: Action.Kind.allTypeNames)
    static let ruleKeys = ByteNameTable(names: RuleLoader.ruleKeys.names)
    static let actionKeys = ByteNameTable(names: ["type", "selector", "notification"])

    private let triggerKeys = RuleScanner.triggerKeys
    private let flagNames = [RuleScanner.resourceTypes, RuleScanner.loadTypes, RuleScanner.loadContexts]
    private let actionTypes = RuleScanner.actionTypes
    private let ruleKeys = RuleScanner.ruleKeys
    private let actionKeys = RuleScanner.actionKeys
    /// The keys and names rules nearly always have, tried before a look-up (`take(_:)` with an `ExpectedToken`),
    /// with their indices in `ruleKeys`, `triggerKeys`, `actionKeys` and `actionTypes`.
    private let triggerKey = ExpectedToken(#""trigger":"#), actionKey = ExpectedToken(#""action":"#)
    private let urlFilterKey = ExpectedToken(#""url-filter":"#), ifDomainKey = ExpectedToken(#""if-domain":"#)
    private let ifDomainIndex = RuleLoader.triggerKeys.names.firstIndex(of: "if-domain") ?? 0
    /// `"url-filter-is-case-sensitive":` (Ghostery's lists give it to half their rules), too long for one token or
    /// for `name(in:isKey:)`'s two loads: its first 24 bytes and the rest.
    private let caseSensitiveKeyHead = ExpectedToken(#""url-filter-is-case-sens"#)
    private let caseSensitiveKeyTail = ExpectedToken(#"itive":"#)
    private let caseSensitiveIndex = RuleLoader.triggerKeys.names.firstIndex(of: "url-filter-is-case-sensitive") ?? 0
    private let typeKey = ExpectedToken(#""type":"#), selectorKey = ExpectedToken(#""selector":"#)
    private let blockName = ExpectedToken(#""block""#), cssDisplayNoneName = ExpectedToken(#""css-display-none""#)
    private let blockIndex = Action.Kind.allTypeNames.firstIndex(of: "block") ?? 0
    /// The two type names longer than sixteen bytes, which `name(in:isKey:)` would look up from the string's text.
    private let ignorePreviousRulesName = ExpectedToken(#""ignore-previous-rules""#)
    private let ignoreFollowingRulesName = ExpectedToken(#""ignore-following-rules""#)
    private let ignorePreviousRulesIndex = Action.Kind.allTypeNames.firstIndex(of: "ignore-previous-rules") ?? 0
    private let ignoreFollowingRulesIndex = Action.Kind.allTypeNames.firstIndex(of: "ignore-following-rules") ?? 0
    private let cssDisplayNoneIndex = Action.Kind.allTypeNames.firstIndex(of: "css-display-none") ?? 0

    init(base: UnsafePointer<UInt8>, count: Int, target: WebKitTarget) {
        self.base = base
        self.count = count
        self.target = target
        tooNew = RuleLoader.TooNew(target: target)
        units.reserveCapacity(256)
    }

    /// What the lints and the counts need of a rule checked on its bytes.
    struct ScannedRule {
        /// The action type's position in `Action.Kind.allTypeNames`.
        var typeIndex: Int
        var conditionKind: TriggerCondition.Kind?
        /// An `ignore-previous-rules` with no condition or restriction whose url-filter matches every URL.
        var isCatchAllIgnore: Bool
        /// Whether the rule has something to report, in the scanner's `findings` until the next rule is read.
        var hasFindings: Bool
    }

    /// What a rule read on its bytes has to report, handed back as data (rare: kept in the scanner rather than in
    /// every `ScannedRule`).
    struct Findings {
        /// A css-display-none rule whose selector does not parse (WebKit drops the rule): the parser's problem and
        /// the offset of the selector's string.
        var droppedSelector: DroppedSelector?
        /// The url-filter, when WebKit refuses it (not reported when the rule is dropped or its type unknown).
        var refusedURLFilter: RefusedURLFilter?
        /// A key of the action that no action type has (ASCII, no escape; its value a string), which WebKit ignores.
        var unknownActionKey: TextInList?
        /// A type name no action has (ASCII, no escape): WebKit refuses the rule, and nothing else of it is checked
        /// after loading (no pattern, no lint, not counted).
        var unknownActionType: TextInList?
    }

    /// The findings of the last rule `rule()` read, when its `hasFindings`.
    private(set) var findings = Findings()
    private var hasFindings = false

    /// A string's text in the list (between its quotes) and the offset of its opening quote.
    struct TextInList {
        var text: Range<Int>
        var offset: Int

        /// The text (ASCII, no escape).
        func string(in base: UnsafePointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(start: base + text.lowerBound, count: text.count), as: UTF8.self)
        }
    }

    /// A selector that does not parse: what the parser says and where its string starts (its opening quote).
    struct DroppedSelector {
        var problem: String
        var offset: Int
    }

    /// A url-filter the parser refuses: its verdict and its text in the list (between the quotes; ASCII, with only
    /// `\\`, `\/` and `\"` escapes).
    struct RefusedURLFilter {
        var result: URLFilterResult
        var text: Range<Int>

        /// The decoded url-filter.
        func decoded(in base: UnsafePointer<UInt8>) -> String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.count)
            var at = text.lowerBound
            while at < text.upperBound {
                if base[at] == RuleScanner.backslash { at += 1 }
                bytes.append(base[at])
                at += 1
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The offset in the list of the unit the parser stopped at (`RuleLoader.sourceOffset(ofUnit:inString:)` for
        /// these strings: an escape is two bytes and one unit).
        func sourceOffset(in base: UnsafePointer<UInt8>) -> Int {
            let unit = result.offset ?? 0
            var units = 0
            var at = text.lowerBound
            while at < text.upperBound, units < unit {
                at += base[at] == RuleScanner.backslash && at + 1 < text.upperBound ? 2 : 1
                units += 1
            }
            return min(at, text.upperBound)
        }
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    // MARK: JSON on bytes

    @inline(__always) mutating func skipSpace() {
        while position < count {
            let byte = base[position]
            // Most calls meet no whitespace: one comparison settles them.
            if byte > 0x20 { return }
            // One bit test for the four whitespace bytes (space, line feed, carriage return, tab).
            guard (0x1_0000_2600 as UInt64) &>> byte & 1 != 0 else { return }
            if byte != 0x0D && byte != 0x09 && position + 9 <= count {
                // A newline and its indentation, or a run of spaces: the spaces after this byte, eight a load.
                let others = word(at: position + 1) ^ 0x2020_2020_2020_2020
                position += 1 + (others == 0 ? 8 : others.trailingZeroBitCount >> 3)
                continue
            }
            position += 1
        }
    }

    /// The eight bytes at `offset` (which has eight bytes after it) as a little-endian word.
    @inline(__always) private func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// A plain string (`plainString`) that is one of `names`, and the `:` after it when `isKey`: its index in
    /// `names`. Names of up to sixteen bytes are found from two loads of the string's first bytes, without
    /// scanning it first or comparing byte by byte.
    @inline(__always) private mutating func name(in names: ByteNameTable, isKey: Bool) -> Int? {
        skipSpace()
        let start = position + 1
        guard start + 16 < count, base[position] == RuleScanner.quote else { return slowName(in: names, isKey: isKey) }
        // Only the closing quote is looked for: a name has no backslash or non-ASCII byte, so a string with one
        // before its first quote matches no name (and a string that is not a name is nil either way).
        var first = word(at: start), second = word(at: start + 8)
        let length: Int
        let firstQuotes = RuleScanner.quoteBytes(in: first)
        if firstQuotes != 0 {
            length = firstQuotes.trailingZeroBitCount >> 3
            first &= RuleScanner.bytesBelow(firstQuotes)
            second = 0
        } else {
            let secondQuotes = RuleScanner.quoteBytes(in: second)
            length = secondQuotes != 0 ? 8 + secondQuotes.trailingZeroBitCount >> 3 : 16
            second &= secondQuotes != 0 ? RuleScanner.bytesBelow(secondQuotes) : ~0
        }
        guard base[start + length] == RuleScanner.quote else { return slowName(in: names, isKey: isKey) }
        guard let index = names.index(length: length, first: first, second: second) else { return nil }
        position = start + length + 1
        if isKey {
            if base[position] == UInt8(ascii: ":") {
                position += 1
            } else if !take(UInt8(ascii: ":")) {
                return nil
            }
        }
        return index
    }

    /// The high bit of each byte of `word` that is a quote; exact up to the first quote (later bits may be wrong).
    @inline(__always) static func quoteBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        return (quotes &- ones) & ~quotes & (ones &* 0x80)
    }

    /// A mask of the bytes below the first byte whose high bit `highBits` (non-zero) has.
    @inline(__always) static func bytesBelow(_ highBits: UInt64) -> UInt64 {
        ((highBits & (0 &- highBits)) &>> 7) &- 1
    }

    /// `name(in:isKey:)` near the end of the list, or for a string that is not a name of up to sixteen bytes.
    private mutating func slowName(in names: ByteNameTable, isKey: Bool) -> Int? {
        guard let text = plainString(), let index = names.index(of: text, in: base) else { return nil }
        if isKey && !take(UInt8(ascii: ":")) { return nil }
        return index
    }

    /// Whether the next bytes after whitespace are `token`; moves past them when they are.
    @inline(__always) private mutating func take(_ token: ExpectedToken) -> Bool {
        skipSpace()
        guard position &+ 24 <= count, token.isAt(position, in: base) else { return false }
        position &+= token.count
        return true
    }

    /// Whether, after whitespace, a string starts at the cursor whose first byte is `byte` (a cheap test before a
    /// token that is seldom there).
    @inline(__always) private mutating func nextStringStarts(with byte: UInt8) -> Bool {
        skipSpace()
        return position &+ 1 < count && base[position &+ 1] == byte
    }

    /// `"ignore-previous-rules"` or `"ignore-following-rules"` at the cursor: its index in `allTypeNames`, past it.
    /// (Not inlined, like `takeCaseSensitiveKey()`: their tokens kept out of the readers' hot code.)
    @inline(never) private mutating func ignoreRulesType() -> Int? {
        if take(ignorePreviousRulesName) { return ignorePreviousRulesIndex }
        if take(ignoreFollowingRulesName) { return ignoreFollowingRulesIndex }
        return nil
    }

    /// Whether the next bytes after whitespace are `"url-filter-is-case-sensitive":`; moves past them when they are.
    @inline(never) private mutating func takeCaseSensitiveKey() -> Bool {
        skipSpace()
        guard position &+ 48 <= count, caseSensitiveKeyHead.isAt(position, in: base),
            caseSensitiveKeyTail.isAt(position &+ caseSensitiveKeyHead.count, in: base)
        else { return false }
        position &+= caseSensitiveKeyHead.count &+ caseSensitiveKeyTail.count
        return true
    }

    /// Whether the next byte after whitespace is `expected`; moves past it when it is.
    @inline(__always) mutating func take(_ expected: UInt8) -> Bool {
        skipSpace()
        guard position < count, base[position] == expected else { return false }
        position += 1
        return true
    }

    /// After a member or element: true past a `,`, false past `closing`, nil for anything else.
    @inline(__always) private mutating func separator(closing: UInt8) -> Bool? {
        skipSpace()
        guard position < count else { return nil }
        let byte = base[position]
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        return nil
    }

    /// The offset of the first quote, backslash or non-ASCII byte at or after `start`, or `count`.
    @inline(__always) private func nextStop(from start: Int) -> Int {
        var at = start
        while at + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            let stops = JSONReader.stopBytes(in: word)
            if stops != 0 { return at + stops.trailingZeroBitCount >> 3 }
            at += 8
        }
        while at < count {
            let byte = base[at]
            if byte == RuleScanner.quote || byte == RuleScanner.backslash || byte >= 0x80 { return at }
            at += 1
        }
        return count
    }

    /// A string with no escape and only ASCII: the range of its text (between the quotes).
    private mutating func plainString() -> Range<Int>? {
        skipSpace()
        guard position < count, base[position] == RuleScanner.quote else { return nil }
        let start = position + 1
        let end = nextStop(from: start)
        guard end < count, base[end] == RuleScanner.quote else { return nil }
        position = end + 1
        return start..<end
    }

    /// Reads a string of ASCII whose only escapes are `\\`, `\/` and `\"` into `units`; false for any other.
    private mutating func unitsOfString() -> Bool {
        skipSpace()
        guard position < count, base[position] == RuleScanner.quote else { return false }
        let start = position + 1
        var at = start
        var escaped = false
        while true {
            at = nextStop(from: at)
            guard at < count else { return false }
            let byte = base[at]
            if byte == RuleScanner.quote { break }
            guard byte == RuleScanner.backslash, at + 1 < count else { return false }
            let escape = base[at + 1]
            guard escape == RuleScanner.backslash || escape == UInt8(ascii: "/") || escape == RuleScanner.quote else { return false }
            escaped = true
            at += 2
        }
        position = at + 1
        fillUnits(start..<at, escaped: escaped)
        return true
    }

    /// A string's text: where it is in the list when it has no escape, else its decoded bytes.
    enum StringText {
        case range(Range<Int>)
        case decoded([UInt8])
    }

    /// A string whose escapes are only `\"`, `\\` and `\/` (selectors quote attribute values) and whose non-ASCII
    /// bytes are valid UTF-8: its text (no bytes copied when there is no escape).
    private mutating func decodedString() -> StringText? {
        skipSpace()
        guard position < count, base[position] == RuleScanner.quote else { return nil }
        var decoded: [UInt8] = []
        var escaped = false
        var from = position + 1
        var at = from
        while true {
            at = nextStop(from: at)
            guard at < count else { return nil }
            let byte = base[at]
            if byte == RuleScanner.quote { break }
            if byte == RuleScanner.backslash {
                guard at + 1 < count else { return nil }
                let escape = base[at + 1]
                guard escape == RuleScanner.quote || escape == RuleScanner.backslash || escape == UInt8(ascii: "/") else { return nil }
                decoded.append(contentsOf: UnsafeBufferPointer(start: base + from, count: at - from))
                decoded.append(escape)
                escaped = true
                at += 2
                from = at
                continue
            }
            guard case .valid(let length) = JSONReader.utf8Sequence(UnsafeBufferPointer(start: base, count: count), at: at) else {
                return nil
            }
            at += length
        }
        guard escaped else {
            let start = position + 1
            position = at + 1
            return .range(start..<at)
        }
        decoded.append(contentsOf: UnsafeBufferPointer(start: base + from, count: at - from))
        position = at + 1
        return .decoded(decoded)
    }

    /// Moves past a string value, checked as the JSON reader checks it (any escape, any UTF-8); false when the value
    /// is not a string or not valid JSON.
    /// The string's text is read eight bytes a load up to each quote, backslash or non-ASCII byte, and escapes and
    /// UTF-8 sequences are checked by the reader's rules (`\" \\ \/ \b \f \n \r \t \v`, `\x` with two hex digits,
    /// `\u` with four; no overlong form or surrogate), without making a document of it.
    private mutating func skipString() -> Bool {
        skipSpace()
        guard position < count, base[position] == RuleScanner.quote else { return false }
        var at = position + 1
        while true {
            at = nextStop(from: at)
            guard at < count else { return false }
            let byte = base[at]
            if byte == RuleScanner.quote { break }
            if byte == RuleScanner.backslash {
                guard at + 1 < count else { return false }
                switch base[at + 1] {
                case RuleScanner.quote, RuleScanner.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                    UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "v"):
                    at += 2
                case UInt8(ascii: "x"), UInt8(ascii: "u"):
                    let digits = base[at + 1] == UInt8(ascii: "x") ? 2 : 4
                    for offset in 0..<digits {
                        guard at + 2 + offset < count, JSONReader.hexDigitValue(base[at + 2 + offset]) != nil else { return false }
                    }
                    at += 2 + digits
                default:
                    return false
                }
                continue
            }
            guard case .valid(let length) = JSONReader.utf8Sequence(UnsafeBufferPointer(start: base, count: count), at: at) else {
                return false
            }
            at += length
        }
        position = at + 1
        return true
    }

    /// Puts the text of `range` (ASCII, with `\\`, `\/` or `\"` escapes when `escaped`) into `units`.
    private mutating func fillUnits(_ range: Range<Int>, escaped: Bool) {
        let length = range.count
        units.removeAll(keepingCapacity: true)
        units.append(contentsOf: repeatElement(0, count: length))
        let base = self.base
        let written = units.withUnsafeMutableBufferPointer { output -> Int in
            guard escaped else {
                for offset in 0..<length { output[offset] = UInt16(base[range.lowerBound + offset]) }
                return length
            }
            var written = 0
            var at = range.lowerBound
            while at < range.upperBound {
                if base[at] == RuleScanner.backslash { at += 1 }
                output[written] = UInt16(base[at])
                written += 1
                at += 1
            }
            return written
        }
        if written < length { units.removeLast(length - written) }
    }

    /// The JSON spellings of the host anchors list generators begin url-filters with: wkpack's converter
    /// (`^[^:]*://([^/:@]*\.)?`), Ghostery's (`^[htpsw]+:\/\/([a-z0-9-]+\.)?`) and Brave's (`^[^:]+:(//)?([^/]+\.)?`).
    static let hostAnchorsJSON = [
        Array(#"^[^:]*://([^/:@]*\\.)?"#.utf8), Array(#"^[htpsw]+:\\/\\/([a-z0-9-]+\\.)?"#.utf8),
        Array(#"^[^:]+:(//)?([^/]+\\.)?"#.utf8),
    ]

    /// The endings a plain url-filter may have, in JSON: `[/:?#]` (the converter's), `[/:&?]?` (Ghostery's) and `$`.
    static let plainSuffixesJSON = [Array("[/:?#]".utf8), Array("[/:&?]?".utf8), Array("$".utf8)]

    /// Whether a byte is a character plain url-filters hold that is a literal in any regex context but a
    /// character class: ASCII letters and digits, `-`, `_`, `/`, `=`, `&`, `%`, `,`, `;`, `~`, `:`,
    /// `@` and `!`.
    @inline(__always) static func isLiteralByte(_ byte: UInt8) -> Bool {
        byte < 64 ? literalBytesBelow64 >> byte & 1 != 0 : byte < 128 && literalBytesFrom64 >> (byte &- 64) & 1 != 0
    }

    /// The high bit of each byte of `word` that is not a literal byte (`isLiteralByte`), tested for all bytes at
    /// once: zero when all eight are. The lowest set bit is always exact (adding to an ASCII byte carries into no
    /// other byte; a non-ASCII byte has its high bit set and may carry only into the bytes above it).
    @inline(__always) static func nonLiteralBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        // A byte's high bit after adding 0x80 - low is set when it is at least low; after adding 0x7F - high,
        // when it is above high.
        func inRange(_ low: UInt64, _ high: UInt64) -> UInt64 { (word &+ ones &* (0x80 - low)) & ~(word &+ ones &* (0x7F - high)) }
        // `!`, `%` and `&`, `,` and `-`, `=`, `_`, `~`.
        let punctuation =
            inRange(0x21, 0x21) | inRange(0x25, 0x26) | inRange(0x2C, 0x2D) | inRange(0x3D, 0x3D) | inRange(0x5F, 0x5F)
            | inRange(0x7E, 0x7E)
        // `/`, the digits, `:` and `;`; `@` and the upper-case letters; the lower-case letters.
        let literal = punctuation | inRange(0x2F, 0x3B) | inRange(0x40, 0x5A) | inRange(0x61, 0x7A)
        return (word | ~literal) & highs
    }

    /// The bits of `isLiteralByte` for bytes 0-63 (`0`-`9`, `-`, `/`, `=`, `&`, `%`, `,`, `;`, `:`, `!`) and 64-127
    /// (`A`-`Z`, `a`-`z`, `_`, `~`, `@`), one bit per byte value.
    static let literalBytesBelow64: UInt64 = 0x2FFF_B062_0000_0000
    static let literalBytesFrom64: UInt64 = 0x47FF_FFFE_87FF_FFFF

    /// For a JSON string at `start` (its opening quote) that is a plain url-filter, the offset of its closing
    /// quote: a host anchor (`hostAnchorsJSON`) followed by a lower-case letter or digit, or `^`, or Ghostery's
    /// `(.*)?`, or nothing; then literal characters (`isLiteralByte`), slashes (`\/` in JSON), escaped dots, slashes
    /// and question marks (`\\.`, `\\/`, `\\?`), `.` not followed by a quantifier and `.*`, at least one of them
    /// not `.*`; then optionally an ending of `plainSuffixesJSON`. WebKit accepts every such url-filter with status
    /// `ok` (the shortcut's test compares it with the parser). Nil for any other string.
    static func plainPatternEnd(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int? {
        guard start + 2 < count, base[start] == quote else { return nil }
        var at = start + 1
        if base[at] == UInt8(ascii: "^") {
            for anchor in hostAnchorsJSON where at + anchor.count < count {
                let offset = anchor.count
                guard anchor.withUnsafeBufferPointer({ bytesEqual(base + at, $0.baseAddress, offset) }) else { continue }
                let next = base[at + offset]
                guard (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
                else { return nil }
                at += offset - 1
                break
            }
            at += 1
        } else if at + 5 < count, base[at] == UInt8(ascii: "("), base[at + 1] == UInt8(ascii: "."), base[at + 2] == UInt8(ascii: "*"),
            base[at + 3] == UInt8(ascii: ")"), base[at + 4] == UInt8(ascii: "?")
        {
            // Ghostery's unanchored start, `(.*)?`: an optional group of any characters.
            at += 5
        }
        var atoms = 0
        // YARR refuses patterns over its length limit (the text is never shorter than its units).
        func end(_ quoteOffset: Int) -> Int? {
            atoms > 0 && quoteOffset - start - 1 <= URLFilterParser.maximumPatternLength ? quoteOffset : nil
        }
        while at < count {
            let byte = base[at]
            if isLiteralByte(byte) {
                // A run of literal characters is one atom or more: it is skipped eight bytes a load.
                at += 1
                while at + 8 <= count {
                    let others = nonLiteralBytes(UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)))
                    if others != 0 {
                        at += others.trailingZeroBitCount >> 3
                        break
                    }
                    at += 8
                }
            } else if byte == backslash, at + 1 < count, base[at + 1] == UInt8(ascii: "/") {
                at += 2
            } else if byte == backslash, at + 2 < count, base[at + 1] == backslash,
                base[at + 2] == UInt8(ascii: ".") || base[at + 2] == UInt8(ascii: "/") || base[at + 2] == UInt8(ascii: "?")
            {
                at += 3
            } else if byte == quote {
                return end(at)
            } else if byte == UInt8(ascii: "."), at + 1 < count, base[at + 1] == UInt8(ascii: "*") {
                // Any run of characters: accepted anywhere, and not a character that keeps the pattern from
                // matching everything.
                at += 2
                continue
            } else if byte == UInt8(ascii: ".") {
                // Any one character (Ghostery's unescaped dots in host names): one that must be there.
                at += 1
            } else {
                for suffix in plainSuffixesJSON where at + suffix.count < count && base[at + suffix.count] == quote {
                    var offset = 0
                    while offset < suffix.count && base[at + offset] == suffix[offset] { offset += 1 }
                    if offset == suffix.count { return end(at + offset) }
                }
                return nil
            }
            atoms += 1
        }
        return nil
    }

    /// Whether the `length` bytes at `first` and `second` are the same, compared eight at a time.
    @inline(__always) static func bytesEqual(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>?, _ length: Int) -> Bool {
        guard let second else { return length == 0 }
        var offset = 0
        while offset + 8 <= length {
            if UnsafeRawPointer(first + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(second + offset).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < length {
            if first[offset] != second[offset] { return false }
            offset += 1
        }
        return true
    }

    /// `true` or `false`.
    private mutating func literalBool() -> Bool {
        skipSpace()
        if position + 4 <= count, base[position] == UInt8(ascii: "t"), base[position + 1] == UInt8(ascii: "r"),
            base[position + 2] == UInt8(ascii: "u"), base[position + 3] == UInt8(ascii: "e")
        {
            position += 4
            return true
        }
        if position + 5 <= count, base[position] == UInt8(ascii: "f"), base[position + 1] == UInt8(ascii: "a"),
            base[position + 2] == UInt8(ascii: "l"), base[position + 3] == UInt8(ascii: "s"), base[position + 4] == UInt8(ascii: "e")
        {
            position += 5
            return true
        }
        return false
    }

    // MARK: Rules

    /// Checks the rule object at the cursor; nil when it is not of the common shape (the cursor is then anywhere).
    mutating func rule() -> ScannedRule? {
        if hasFindings {
            findings = Findings()
            hasFindings = false
        }
        guard take(UInt8(ascii: "{")) else { return nil }
        var trigger: ScannedTrigger?
        var action: ScannedAction?
        while true {
            let which: Int
            if trigger == nil && take(triggerKey) {
                which = 0
            } else if action == nil && take(actionKey) {
                which = 1
            } else {
                guard let found = name(in: ruleKeys, isKey: true) else { return nil }
                which = found
            }
            if which == 0 {
                guard trigger == nil, let read = self.trigger() else { return nil }
                trigger = read
            } else {
                guard action == nil, let read = self.action() else { return nil }
                action = read
            }
            guard let more = separator(closing: UInt8(ascii: "}")) else { return nil }
            if !more { break }
        }
        guard let trigger, let action else { return nil }
        if action.isUnknownType {
            // Not loaded: no pattern is checked, so the url-filter's verdict does not matter.
            return ScannedRule(typeIndex: 0, conditionKind: nil, isCatchAllIgnore: false, hasFindings: true)
        }
        // A refused url-filter in a dropped rule is reported differently (a warning): the loader does it.
        if action.isDropped && findings.refusedURLFilter != nil { return nil }
        let typeIndex = action.typeIndex
        let unrestricted = trigger.conditionKind == nil && !trigger.hasRestrictions
        if trigger.matchesEverything {
            // The pattern check's warning (a universal url-filter that is not plain, or a rule acting on every load).
            switch typeIndex {
            case 2, 3, 4, 8: if !trigger.isPlainUniversal { return nil }
            default: if !trigger.isPlainUniversal || unrestricted { return nil }
            }
        }
        return ScannedRule(
            typeIndex: typeIndex, conditionKind: trigger.conditionKind,
            isCatchAllIgnore: typeIndex == 3 && unrestricted && trigger.matchesEverything, hasFindings: hasFindings)
    }

    private struct ScannedTrigger {
        var conditionKind: TriggerCondition.Kind?
        /// A non-empty `resource-type`, `load-type` or `load-context`.
        var hasRestrictions = false
        var matchesEverything = false
        var isPlainUniversal = false
    }

    private struct ScannedAction {
        /// The type's position in `allTypeNames`.
        var typeIndex: Int
        /// A css-display-none rule whose selector does not parse (`findings.droppedSelector`).
        var isDropped = false
        /// `findings.unknownActionType` is set.
        var isUnknownType = false
    }

    private mutating func trigger() -> ScannedTrigger? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var result = ScannedTrigger()
        var seen: UInt32 = 0
        while true {
            let which: Int
            if seen & 1 == 0 && take(urlFilterKey) {
                which = 0
            } else if seen & 1 != 0 && take(ifDomainKey) {
                which = ifDomainIndex
            } else if seen & 3 == 1 && nextStringStarts(with: UInt8(ascii: "u")) && takeCaseSensitiveKey() {
                which = caseSensitiveIndex
            } else {
                guard let found = name(in: triggerKeys, isKey: true) else { return nil }
                which = found
            }
            guard seen & (1 << which) == 0 else { return nil }
            seen |= 1 << which
            switch which {
            case 0:
                skipSpace()
                if position + 4 <= count, base[position] == RuleScanner.quote, base[position + 1] == UInt8(ascii: "."),
                    base[position + 2] == UInt8(ascii: "*"), base[position + 3] == RuleScanner.quote
                {
                    // `.*`, the plain universal url-filter (what the parser says of it, without its work).
                    position += 4
                    result.matchesEverything = true
                    result.isPlainUniversal = true
                    break
                }
                if let end = RuleScanner.plainPatternEnd(base, count: count, from: position) {
                    // Accepted, and a literal character keeps it from matching everything.
                    position = end + 1
                    break
                }
                let quoteOffset = position
                let last = lastParsedURLFilter
                if last.text.count > 0, position + last.text.count <= count,
                    RuleScanner.bytesEqual(base + last.text.lowerBound, base + position, last.text.count)
                {
                    // The same string as the last url-filter the parser accepted, closing quote included.
                    position += last.text.count
                    result.matchesEverything = last.matchesEverything
                    result.isPlainUniversal = last.isPlainUniversal
                    break
                }
                guard unitsOfString(), !units.isEmpty else { return nil }
                let verdict = parser.parse(units: units)
                guard verdict.isAccepted else {
                    findings.refusedURLFilter = RefusedURLFilter(result: verdict, text: quoteOffset + 1..<position - 1)
                    hasFindings = true
                    break
                }
                if verdict.status == .matchesEverything {
                    result.matchesEverything = true
                    result.isPlainUniversal = isPlainUniversal(units)
                }
                lastParsedURLFilter = ParsedURLFilter(
                    text: quoteOffset..<position, matchesEverything: result.matchesEverything, isPlainUniversal: result.isPlainUniversal)
            case 1, 2, 3:
                guard literalBool() else { return nil }
                if which == 3 && target < .safari26 { return nil }
            case 4, 5, 6:
                if which == 6 && target < .safari15 { return nil }
                guard let nonEmpty = flags(which - 4) else { return nil }
                if nonEmpty { result.hasRestrictions = true }
            case 8...13:
                let kind = RuleLoader.conditionKinds[which - 8]
                guard result.conditionKind == nil, kind.introducedIn <= target, conditionList(kind) else { return nil }
                result.conditionKind = kind
            default:
                return nil
            }
            guard let more = separator(closing: UInt8(ascii: "}")) else { return nil }
            if !more { break }
        }
        guard seen & 1 != 0 else { return nil }
        return result
    }

    private func isPlainUniversal(_ units: [UInt16]) -> Bool {
        switch units.count {
        case 2: return units == [0x2E, 0x2A] || units == [0x2E, 0x2B]
        case 3: return units == [0x5E, 0x2E, 0x2A]
        case 4: return units == [0x28, 0x2E, 0x2A, 0x29]
        default: return false
        }
    }

    /// A `resource-type` (0), `load-type` (1) or `load-context` (2) array of known values the target has: whether
    /// it is non-empty.
    private mutating func flags(_ list: Int) -> Bool? {
        skipSpace()
        // Lists repeat the same arrays rule after rule: the text of the last non-empty array read for `list`,
        // once checked, is not read again.
        let last = lastFlagArrays[list]
        if last.count > 0, position + last.count <= count, RuleScanner.bytesEqual(base + last.lowerBound, base + position, last.count) {
            position += last.count
            return true
        }
        let start = position
        guard take(UInt8(ascii: "[")) else { return nil }
        skipSpace()
        if position < count, base[position] == UInt8(ascii: "]") {
            position += 1
            return false
        }
        let names = flagNames[list]
        while true {
            guard let index = name(in: names, isKey: false) else { return nil }
            let isTooNew: Bool
            switch list {
            case 0: isTooNew = tooNew.resourceTypes[index]
            case 1: isTooNew = tooNew.loadTypes[index]
            default: isTooNew = tooNew.loadContexts[index]
            }
            if isTooNew { return nil }
            guard let more = separator(closing: UInt8(ascii: "]")) else { return nil }
            if !more { break }
        }
        lastFlagArrays[list] = start..<position
        return true
    }

    /// A non-empty condition list of non-empty strings: lower-case plain domains, or URL patterns WebKit accepts.
    private mutating func conditionList(_ kind: TriggerCondition.Kind) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        let isDomainList = kind.isDomainList
        while true {
            if isDomainList {
                // Plain domains have no upper-case letter and always make a regex WebKit accepts.
                skipSpace()
                guard position < count, base[position] == RuleScanner.quote,
                    let end = DomainRegex.plainStringEnd(base, count: count, from: position + 1)
                else { return false }
                position = end + 1
            } else {
                guard let value = plainString(), !value.isEmpty else { return false }
                fillUnits(value, escaped: false)
                guard parser.parse(units: units).isAccepted else { return false }
            }
            guard let more = separator(closing: UInt8(ascii: "]")) else { return false }
            if !more { break }
        }
        return true
    }

    /// The action: its type's position in `allTypeNames`, for the types this reader checks (not `redirect`,
    /// `modify-headers`), and a selector that does not parse.
    private mutating func action() -> ScannedAction? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var typeIndex: Int?
        var selector: StringText?
        var selectorOffset = 0
        var hasNotification = false
        var hasUnknownKey = false, hasUnknownType = false
        while true {
            let which: Int
            if typeIndex == nil && !hasUnknownType && take(typeKey) {
                which = 0
            } else if selector == nil && take(selectorKey) {
                which = 1
            } else {
                skipSpace()
                let keyStart = position
                if let found = name(in: actionKeys, isKey: true) {
                    which = found
                } else {
                    // One key no action type has, with a string value (AdGuard's `script`): WebKit ignores it.
                    position = keyStart
                    guard !hasUnknownKey, let text = plainString(), actionKeys.index(of: text, in: base) == nil,
                        take(UInt8(ascii: ":")), skipString()
                    else { return nil }
                    findings.unknownActionKey = TextInList(text: text, offset: keyStart)
                    hasFindings = true
                    hasUnknownKey = true
                    guard let more = separator(closing: UInt8(ascii: "}")) else { return nil }
                    if more { continue }
                    break
                }
            }
            switch which {
            case 0:
                guard typeIndex == nil, !hasUnknownType else { return nil }
                skipSpace()
                let typeStart = position
                if position + 1 < count, base[position + 1] == UInt8(ascii: "c"), take(cssDisplayNoneName) {
                    typeIndex = cssDisplayNoneIndex
                } else if position + 1 < count, base[position + 1] == UInt8(ascii: "b"), take(blockName) {
                    typeIndex = blockIndex
                } else if position + 1 < count, base[position + 1] == UInt8(ascii: "i"), let index = ignoreRulesType() {
                    typeIndex = index
                } else if let index = name(in: actionTypes, isKey: false) {
                    typeIndex = index
                } else {
                    position = typeStart
                    guard let text = plainString(), actionTypes.index(of: text, in: base) == nil else { return nil }
                    findings.unknownActionType = TextInList(text: text, offset: typeStart)
                    hasFindings = true
                    hasUnknownType = true
                }
            case 1:
                skipSpace()
                selectorOffset = position
                guard selector == nil, let value = decodedString() else { return nil }
                selector = value
            default:
                guard !hasNotification, plainString() != nil else { return nil }
                hasNotification = true
            }
            guard let more = separator(closing: UInt8(ascii: "}")) else { return nil }
            if !more { break }
        }
        if hasUnknownType {
            // For an unknown type, `selector` and `notification` are unknown keys too: the loader reports those.
            guard selector == nil, !hasNotification else { return nil }
            return ScannedAction(typeIndex: 0, isUnknownType: true)
        }
        guard let typeIndex, !tooNew.actionTypes[typeIndex] else { return nil }
        var isDropped = false
        switch typeIndex {
        case 0, 1, 3, 4, 5:
            guard selector == nil, !hasNotification else { return nil }
        case 2:
            guard let selector, !hasNotification else { return nil }
            let validator = CSSSelectorValidator(target: target)
            let problem: String?
            switch selector {
            case .range(let range):
                problem = validator.problem(inUTF8Buffer: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
            case .decoded(let bytes):
                problem = validator.problem(inUTF8: bytes)
            }
            if let problem {
                findings.droppedSelector = DroppedSelector(problem: problem, offset: selectorOffset)
                hasFindings = true
                isDropped = true
            }
        case 6:
            guard selector == nil, hasNotification else { return nil }
        default:
            return nil
        }
        return ScannedAction(typeIndex: typeIndex, isDropped: isDropped)
    }
}
