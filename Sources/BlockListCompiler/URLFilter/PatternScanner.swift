/// Walks a pattern with the syntax of JavaScriptCore's YARR parser in legacy (Annex B) mode, reporting each
/// construct to a `URLFilterDelegate` and stopping at the first syntax error.
struct PatternScanner<Delegate: PatternDelegate> {
    struct SyntaxError { var offset: Int; var reason: String }

    private(set) var units: [UInt16]
    /// Whether the pattern has named groups (YARR reparses it so that `\k<name>` becomes a reference).
    let namedGroupMode: Bool
    var position = 0
    var delegate: Delegate
    var yarrError: SyntaxError?
    var sawNamedGroup = false
    private var groupNames: Set<[UInt16]> = []
    private var openGroupStarts: [Int] = []
    /// Where the last built-in class inside a character set started.
    private var lastBuiltIn: Int?
    /// Whether the construct before `position` was an atom, and whether it was a quantifier (kept between runs so
    /// that a scan can resume where another one stopped).
    private var lastWasAtom = false
    private var lastWasQuantifier = false

    init(units: [UInt16], namedGroupMode: Bool, delegate: Delegate) {
        self.units = units
        self.namedGroupMode = namedGroupMode
        self.delegate = delegate
    }

    /// A scanner of `units` in the state `scanned` ended in: `scanned` ran over a prefix of `units` (its units
    /// must equal `units` up to `scanned.position`), and `run()` goes on from there. The caller makes sure no
    /// construct of the prefix would have read differently with the units that follow it (a scan of the prefix
    /// alone sees its end where the whole pattern has more).
    init(units: [UInt16], resuming scanned: PatternScanner) {
        self = scanned
        self.units = units
    }

    private var atEnd: Bool { position >= units.count }
    private func peek(_ offset: Int = 0) -> UInt16? {
        position + offset < units.count ? units[position + offset] : nil
    }
    @inline(__always) private static func ascii(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(truncatingIfNeeded: scalar.value) }
    private static func isDigit(_ unit: UInt16?) -> Bool { unit.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    private static func isOctal(_ unit: UInt16?) -> Bool { unit.map { $0 >= 0x30 && $0 <= 0x37 } ?? false }
    private static func isLetter(_ unit: UInt16?) -> Bool {
        unit.map { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ?? false
    }
    private static func hexValue(_ unit: UInt16?) -> UInt32? {
        guard let unit else { return nil }
        switch unit {
        case 0x30...0x39: return UInt32(unit - 0x30)
        case 0x41...0x46: return UInt32(unit - 0x41 + 10)
        case 0x61...0x66: return UInt32(unit - 0x61 + 10)
        default: return nil
        }
    }

    private mutating func syntaxError(_ reason: String, at offset: Int? = nil) {
        if yarrError == nil { yarrError = SyntaxError(offset: offset ?? position, reason: reason) }
    }

    mutating func run() {
        var lastWasAtom = self.lastWasAtom
        var lastWasQuantifier = self.lastWasQuantifier
        defer {
            self.lastWasAtom = lastWasAtom
            self.lastWasQuantifier = lastWasQuantifier
        }
        while !atEnd && yarrError == nil {
            let start = position
            let unit = units[position]
            switch unit {
            case Self.ascii("|"):
                position += 1
                delegate.disjunction(at: start)
                lastWasAtom = false
                lastWasQuantifier = false
            case Self.ascii("^"):
                position += 1
                delegate.startOfLine(at: start)
                lastWasAtom = false
                lastWasQuantifier = false
            case Self.ascii("$"):
                position += 1
                delegate.endOfLine(at: start)
                lastWasAtom = false
                lastWasQuantifier = false
            case Self.ascii("("):
                parseGroupStart()
                lastWasAtom = false
                lastWasQuantifier = false
            case Self.ascii(")"):
                guard !openGroupStarts.isEmpty else {
                    syntaxError("unmatched ')'")
                    return
                }
                openGroupStarts.removeLast()
                position += 1
                delegate.groupEnd(at: start)
                lastWasAtom = true
                lastWasQuantifier = false
            case Self.ascii("*"), Self.ascii("+"), Self.ascii("?"), Self.ascii("{"):
                if unit == Self.ascii("{"), !isCountedQuantifier(at: position) {
                    position += 1
                    delegate.character(UInt32(unit), at: start)
                    lastWasAtom = true
                    lastWasQuantifier = false
                    continue
                }
                guard lastWasAtom && !lastWasQuantifier else {
                    syntaxError(
                        lastWasQuantifier
                            ? "a quantifier cannot follow another quantifier"
                            : "nothing to repeat before '\(Character(Unicode.Scalar(UInt8(unit))))'")
                    return
                }
                parseQuantifier()
                lastWasQuantifier = true
            case Self.ascii("."):
                position += 1
                delegate.dot(at: start)
                lastWasAtom = true
                lastWasQuantifier = false
            case Self.ascii("["):
                parseCharacterClass()
                lastWasAtom = true
                lastWasQuantifier = false
            case Self.ascii("\\"):
                lastWasAtom = parseEscape()
                lastWasQuantifier = false
            default:
                position += 1
                delegate.character(UInt32(unit), at: start)
                lastWasAtom = true
                lastWasQuantifier = false
            }
        }
        if yarrError == nil, let open = openGroupStarts.last {
            syntaxError("missing ')' for the group opened here", at: open)
        }
    }

    /// Whether `{` at `index` starts `{n}`, `{n,}` or `{n,m}`.
    private func isCountedQuantifier(at index: Int) -> Bool {
        var cursor = index + 1
        guard cursor < units.count, Self.isDigit(units[cursor]) else { return false }
        while cursor < units.count, Self.isDigit(units[cursor]) { cursor += 1 }
        if cursor < units.count, units[cursor] == Self.ascii(",") {
            cursor += 1
            while cursor < units.count, Self.isDigit(units[cursor]) { cursor += 1 }
        }
        return cursor < units.count && units[cursor] == Self.ascii("}")
    }

    private mutating func readNumber() -> UInt64 {
        var value: UInt64 = 0
        while let unit = peek(), Self.isDigit(unit) {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            value = overflow ? UInt64.max : min(UInt64.max - 9, product) + UInt64(unit - 0x30)
            position += 1
        }
        return value
    }

    private mutating func parseQuantifier() {
        let start = position
        let unit = units[position]
        var minimum: UInt64 = 0
        var maximum: UInt64?
        switch unit {
        case Self.ascii("*"): position += 1
        case Self.ascii("+"): position += 1; minimum = 1
        case Self.ascii("?"): position += 1; maximum = 1
        default:
            position += 1
            minimum = readNumber()
            maximum = minimum
            if peek() == Self.ascii(",") {
                position += 1
                maximum = Self.isDigit(peek()) ? readNumber() : nil
            }
            position += 1  // '}'
            // YARR treats counts at or above 2^32 - 1 as infinite.
            let infinite = UInt64(UInt32.max)
            if minimum >= infinite { minimum = infinite }
            if let value = maximum, value >= infinite { maximum = nil }
            if let maximum, maximum < minimum {
                syntaxError("numbers out of order in {} quantifier", at: start)
                return
            }
        }
        if peek() == Self.ascii("?") { position += 1 }
        delegate.quantify(minimum: minimum, maximum: maximum, at: start)
    }

    private mutating func parseGroupStart() {
        let start = position
        position += 1
        guard peek() == Self.ascii("?") else {
            openGroupStarts.append(start)
            delegate.groupBegin(at: start)
            return
        }
        position += 1
        guard let kind = peek() else {
            syntaxError("invalid group: '(?' at the end of the pattern", at: start)
            return
        }
        switch kind {
        case Self.ascii(":"):
            position += 1
            openGroupStarts.append(start)
            delegate.groupBegin(at: start)
        case Self.ascii("="), Self.ascii("!"):
            position += 1
            openGroupStarts.append(start)
            delegate.unsupportedGroup(at: start, kind == Self.ascii("=") ? "lookahead" : "negative lookahead")
        case Self.ascii("<"):
            if peek(1) == Self.ascii("=") || peek(1) == Self.ascii("!") {
                position += 2
                openGroupStarts.append(start)
                delegate.unsupportedGroup(at: start, "lookbehind")
                return
            }
            position += 1
            guard let name = readGroupName() else {
                syntaxError("invalid group name", at: start)
                return
            }
            guard !groupNames.contains(name) else {
                syntaxError("duplicate group name", at: start)
                return
            }
            groupNames.insert(name)
            sawNamedGroup = true
            openGroupStarts.append(start)
            delegate.groupBegin(at: start)
        default:
            // Modifier groups: (?ims-ims:...)
            var sawFlag = false
            var seen: Set<UInt16> = []
            var afterDash = false
            while let unit = peek(),
                unit == Self.ascii("i") || unit == Self.ascii("m") || unit == Self.ascii("s") || (unit == Self.ascii("-") && !afterDash)
            {
                if unit == Self.ascii("-") {
                    afterDash = true
                } else {
                    if seen.contains(unit) { syntaxError("repeated flag in a modifier group", at: position); return }
                    seen.insert(unit)
                    sawFlag = true
                }
                position += 1
            }
            guard sawFlag, peek() == Self.ascii(":") else {
                syntaxError("invalid group: '(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'", at: start)
                return
            }
            position += 1
            openGroupStarts.append(start)
            delegate.unsupportedGroup(at: start, "modifier")
        }
    }

    /// Reads `name>` of a named group or reference; nil when the name is not an identifier.
    private mutating func readGroupName() -> [UInt16]? {
        var name: [UInt16] = []
        while let unit = peek(), unit != Self.ascii(">") {
            let isStart = Self.isLetter(unit) || unit == Self.ascii("_") || unit == Self.ascii("$")
            guard isStart || (!name.isEmpty && Self.isDigit(unit)) else { return nil }
            name.append(unit)
            position += 1
        }
        guard !name.isEmpty, peek() == Self.ascii(">") else { return nil }
        position += 1
        return name
    }

    /// Parses an escape outside a character class; returns whether it was an atom (quantifiable).
    private mutating func parseEscape() -> Bool {
        let start = position
        position += 1
        guard let unit = peek() else {
            syntaxError("'\\' at the end of the pattern", at: start)
            return false
        }
        switch unit {
        case Self.ascii("b"), Self.ascii("B"):
            position += 1
            delegate.wordBoundary(at: start)
            return false
        case Self.ascii("d"), Self.ascii("D"), Self.ascii("s"), Self.ascii("S"), Self.ascii("w"), Self.ascii("W"):
            position += 1
            delegate.builtInClass(at: start, "\\" + String(Character(Unicode.Scalar(UInt8(unit)))))
            return true
        case Self.ascii("k") where namedGroupMode:
            position += 1
            guard peek() == Self.ascii("<") else {
                syntaxError("'\\k' must be followed by '<name>' in a pattern with named groups", at: start)
                return false
            }
            position += 1
            guard let name = readGroupName(), groupNames.contains(name) else {
                syntaxError("'\\k<name>' refers to no group defined before it", at: start)
                return false
            }
            delegate.backReference(at: start)
            return true
        default:
            delegate.character(parseCharacterEscape(inClass: false), at: start)
            return true
        }
    }

    /// Parses the character escapes shared by patterns and classes, with the cursor after the backslash.
    private mutating func parseCharacterEscape(inClass: Bool) -> UInt32 {
        guard let unit = peek() else { return 0x5C }
        position += 1
        switch unit {
        case Self.ascii("f"): return 0x0C
        case Self.ascii("n"): return 0x0A
        case Self.ascii("r"): return 0x0D
        case Self.ascii("t"): return 0x09
        case Self.ascii("v"): return 0x0B
        case Self.ascii("c"):
            if let next = peek(), Self.isLetter(next) || (inClass && (Self.isDigit(next) || next == Self.ascii("_"))) {
                position += 1
                return UInt32(next) & 31
            }
            position -= 1  // '\' is literal and 'c' is read next.
            return 0x5C
        case Self.ascii("x"):
            if let high = Self.hexValue(peek()), let low = Self.hexValue(peek(1)) {
                position += 2
                return high * 16 + low
            }
            return UInt32(unit)
        case Self.ascii("u"):
            if let a = Self.hexValue(peek()), let b = Self.hexValue(peek(1)), let c = Self.hexValue(peek(2)), let d = Self.hexValue(peek(3))
            {
                position += 4
                return ((a * 16 + b) * 16 + c) * 16 + d
            }
            return UInt32(unit)
        case Self.ascii("0")...Self.ascii("7"):
            var value = UInt32(unit - 0x30)
            while value < 32, let next = peek(), Self.isOctal(next) {
                value = value * 8 + UInt32(next - 0x30)
                position += 1
            }
            return value
        default:
            return UInt32(unit)
        }
    }

    private mutating func parseCharacterClass() {
        let start = position
        position += 1
        var inverted = false
        if peek() == Self.ascii("^") {
            position += 1
            inverted = true
        }
        delegate.characterClassBegin(at: start, inverted: inverted)
        // YARR holds each single character back until it knows whether a '-' makes it the start of a range.
        var pending: (value: UInt32, offset: Int)?
        var rangeStart: (value: UInt32?, offset: Int)?
        var hasNUL = false, hasOther = false
        func add(_ value: UInt32, at offset: Int, _ scanner: inout PatternScanner) {
            scanner.delegate.characterClassCharacter(value, at: offset)
            if value == 0 { hasNUL = true } else { hasOther = true }
        }
        while let unit = peek(), unit != Self.ascii("]") {
            let atomStart = position
            var atom: UInt32?
            let isLiteralDash = unit == Self.ascii("-")
            if unit == Self.ascii("\\") {
                position += 1
                guard let escape = peek() else {
                    syntaxError("'\\' at the end of the pattern", at: atomStart)
                    return
                }
                switch escape {
                case Self.ascii("d"), Self.ascii("D"), Self.ascii("s"), Self.ascii("S"), Self.ascii("w"), Self.ascii("W"):
                    position += 1
                    delegate.characterClassBuiltIn(at: atomStart, "\\" + String(Character(Unicode.Scalar(UInt8(escape)))))
                    hasOther = true
                    atom = nil
                case Self.ascii("b"):
                    position += 1
                    atom = 0x08
                case Self.ascii("-"):
                    position += 1
                    atom = 0x2D
                default:
                    atom = parseCharacterEscape(inClass: true)
                }
            } else {
                position += 1
                atom = UInt32(unit)
            }
            if let low = rangeStart {
                rangeStart = nil
                if let lowValue = low.value, let high = atom {
                    if lowValue > high {
                        syntaxError("range out of order in character class", at: atomStart)
                        return
                    }
                    // Ranges are added without WebKit's ASCII check, and one past ASCII crashes WebKit.
                    if high >= 0x80 { delegate.rangeBeyondASCII(at: low.offset) }
                    delegate.characterClassRange(lowValue, high, at: low.offset)
                    if lowValue == 0 { hasNUL = true }
                    if high > 0 { hasOther = true }
                } else {
                    // A built-in class on either side: '-' is a literal (legacy syntax).
                    if let lowValue = low.value { add(lowValue, at: low.offset, &self) }
                    add(0x2D, at: atomStart - 1, &self)
                    if let atom { add(atom, at: atomStart, &self) }
                }
                continue
            }
            if isLiteralDash, let held = pending, peek() != nil, peek() != Self.ascii("]") {
                pending = nil
                rangeStart = (held.value, held.offset)
                continue
            }
            if isLiteralDash, pending == nil, let previous = lastBuiltIn, previous == atomStart - 2 || previous == atomStart - 3,
                peek() != nil, peek() != Self.ascii("]")
            {
                rangeStart = (nil, atomStart)
                continue
            }
            if let held = pending { add(held.value, at: held.offset, &self) }
            pending = nil
            if let atom {
                pending = (atom, atomStart)
            } else {
                lastBuiltIn = atomStart
            }
        }
        guard peek() == Self.ascii("]") else {
            syntaxError("missing ']' for the character set opened here", at: start)
            return
        }
        if let held = pending { add(held.value, at: held.offset, &self) }
        position += 1
        delegate.characterClassEnd(onlyNUL: !inverted && hasNUL && !hasOther)
    }
}

extension PatternScanner: Sendable where Delegate: Sendable {}
