/// Matches a url-filter of the forms `URLFilterLiteralRuns` reads (literals and escaped punctuation, `.` and `.*`,
/// a leading `^` or the converter's host anchor, a trailing `$`, the converter's two classes) against a URL straight
/// from its text, deciding as its `URLAutomaton` does (`matches`: somewhere in the URL, `$` at its end, each atom's
/// set as `URLFilterTermBuilder` makes it, case folded unless case-sensitive).
///
/// Containment rejects most candidate keepers because they do not match the rule's witness; building both
/// automata for that question (6,796 automata on EasyList + EasyPrivacy, for 109 product searches) was about a
/// fifth of the containment pass.
enum URLFilterTextMatcher {
    /// One atom: a set of units, alone or repeated (`.*`).
    private struct Atom {
        var set: ASCIISet
        var repeats: Bool
    }

    /// Whether `filter` matches somewhere in `url`, as `URLAutomaton(pattern:)` of its parse would say; nil when the
    /// filter is not one of the forms read here or `url` holds a byte outside 1-127 (ask the automaton then).
    static func matches(_ filter: String, isCaseSensitive: Bool, _ url: UnsafeBufferPointer<UInt8>) -> Bool? {
        for byte in url where byte == 0 || byte >= 0x80 { return nil }
        var filter = filter
        return filter.withUTF8 { text -> Bool? in
            withUnsafeTemporaryAllocation(of: Atom.self, capacity: text.count + 1) { room -> Bool? in
                guard let atoms = room.baseAddress else { return nil }
                guard let shape = read(text, isCaseSensitive: isCaseSensitive, into: atoms) else { return nil }
                let pattern = UnsafeBufferPointer(start: atoms, count: shape.count)
                if shape.hostAnchored {
                    // `^[^:]*://`: the scheme runs to the URL's first ':', which must start `://`.
                    guard let colon = url.firstIndex(of: UInt8(ascii: ":")), url.count - colon >= 3,
                        url[colon + 1] == UInt8(ascii: "/"), url[colon + 2] == UInt8(ascii: "/")
                    else { return false }
                    let hostStart = colon + 3
                    // `([^/:@]*\.)?`: nothing, or up to and with a '.' that no '/', ':' or '@' precedes.
                    if glob(pattern, url, from: hostStart, endAnchored: shape.endAnchored) { return true }
                    var index = hostStart
                    while index < url.count {
                        let byte = url[index]
                        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") { break }
                        if byte == UInt8(ascii: "."), glob(pattern, url, from: index + 1, endAnchored: shape.endAnchored) { return true }
                        index += 1
                    }
                    return false
                }
                if shape.startAnchored { return glob(pattern, url, from: 0, endAnchored: shape.endAnchored) }
                // Unanchored: a match may start at any position.
                for start in 0...url.count where glob(pattern, url, from: start, endAnchored: shape.endAnchored) { return true }
                return false
            }
        }
    }

    /// Whether `pattern` matches `url` from `start` on (to its end when `endAnchored`, else any prefix of the rest).
    /// Every repeated atom is `.` (every unit of a URL here), so the last repetition is the only one to retry.
    private static func glob(_ pattern: UnsafeBufferPointer<Atom>, _ url: UnsafeBufferPointer<UInt8>, from start: Int, endAnchored: Bool)
        -> Bool
    {
        var atom = 0, position = start
        var starAtom = -1, starPosition = 0
        while true {
            if atom == pattern.count && !endAnchored { return true }
            if position == url.count { break }
            if atom < pattern.count {
                if pattern[atom].repeats {
                    starAtom = atom
                    starPosition = position
                    atom += 1
                    continue
                }
                if pattern[atom].set.contains(url[position]) {
                    atom += 1
                    position += 1
                    continue
                }
            }
            guard starAtom >= 0 else { return false }
            atom = starAtom + 1
            starPosition += 1
            position = starPosition
        }
        while atom < pattern.count && pattern[atom].repeats { atom += 1 }
        return atom == pattern.count
    }

    /// What `read` found besides the atoms.
    private struct Shape {
        var count: Int
        var hostAnchored: Bool
        var startAnchored: Bool
        var endAnchored: Bool
    }

    /// The sets of the converter's two classes, as the term builder makes them (the first inverted within every
    /// unit but the end marker; neither changes with case).
    private static let separatorSet: ASCIISet = {
        var set = ASCIISet()
        set.insert(range: UInt32(UInt8(ascii: "a")), UInt32(UInt8(ascii: "z")))
        set.insert(range: UInt32(UInt8(ascii: "A")), UInt32(UInt8(ascii: "Z")))
        set.insert(range: UInt32(UInt8(ascii: "0")), UInt32(UInt8(ascii: "9")))
        for byte in "_.%-".utf8 { set.insert(byte) }
        return set.inverted
    }()
    private static let hostEndSet: ASCIISet = {
        var set = ASCIISet()
        for byte in "/:?#".utf8 { set.insert(byte) }
        return set
    }()
    private static let hostPrefix: [UInt8] = URLFilterParser.hostPrefix.map { UInt8(truncatingIfNeeded: $0) }
    private static let separatorClass: [UInt8] = Array("[^a-zA-Z0-9_.%-]".utf8)
    private static let hostEndClass: [UInt8] = Array("[/:?#]".utf8)

    /// Reads `text` into `atoms` (room for one per byte); nil when it holds a construct outside the forms read here
    /// (the same ones `URLFilterLiteralRuns` refuses, without its need for a literal).
    private static func read(_ text: UnsafeBufferPointer<UInt8>, isCaseSensitive: Bool, into atoms: UnsafeMutablePointer<Atom>)
        -> Shape?
    {
        var shape = Shape(count: 0, hostAnchored: false, startAnchored: false, endAnchored: false)
        var index = 0
        if hasPrefix(text, at: 0, hostPrefix) {
            shape.hostAnchored = true
            index = hostPrefix.count
        } else if text.first == UInt8(ascii: "^") {
            shape.startAnchored = true
            index = 1
        }
        func append(_ set: ASCIISet, repeats: Bool = false) {
            (atoms + shape.count).initialize(to: Atom(set: set, repeats: repeats))
            shape.count += 1
        }
        func literal(_ byte: UInt8) {
            var set = ASCIISet()
            set.insert(byte)
            append(isCaseSensitive ? set : set.addingOtherCases())
        }
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < text.count, isPunctuation(text[index + 1]) else { return nil }
                literal(text[index + 1])
                index += 2
            case UInt8(ascii: "."):
                if index + 1 < text.count && text[index + 1] == UInt8(ascii: "*") {
                    append(.anyCharacter, repeats: true)
                    index += 2
                } else {
                    append(.anyCharacter)
                    index += 1
                }
            case UInt8(ascii: "["):
                if hasPrefix(text, at: index, separatorClass) {
                    append(separatorSet)
                    index += separatorClass.count
                } else if hasPrefix(text, at: index, hostEndClass) {
                    append(hostEndSet)
                    index += hostEndClass.count
                } else {
                    return nil
                }
            case UInt8(ascii: "$"):
                guard index == text.count - 1 else { return nil }
                shape.endAnchored = true
                index += 1
            default:
                guard URLFilterLiteralRuns.isLiteral(byte) else { return nil }
                literal(byte)
                index += 1
            }
            // A quantifier after an atom (but the `*` of `.*`, taken above) is left to the automaton.
            if index < text.count && isQuantifier(text[index]) { return nil }
        }
        // A filter of repeated atoms only would match the empty string, which the automaton does not report.
        guard (0..<shape.count).contains(where: { !atoms[$0].repeats }) else { return nil }
        return shape
    }

    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: [UInt8]) -> Bool {
        guard text.count - index >= prefix.count else { return false }
        for offset in prefix.indices where text[index + offset] != prefix[offset] { return false }
        return true
    }

    /// Printable ASCII that is not a letter or digit: escaped, it stands for itself.
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !CanonicalURL.isAlpha(byte) && !CanonicalURL.isDigit(byte)
    }

    private static func isQuantifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "{")
    }
}
