/// A CSS selector syntax check close to WebKit's `CSSSelectorParser` (quirks mode), used to predict which
/// `css-display-none` rules WebKit drops silently.
struct CSSSelectorValidator {
    let target: WebKitTarget

    private static let pseudoClasses: Set<String> = [
        "active", "any-link", "autofill", "checked", "default", "defined", "disabled", "empty", "enabled", "first-child",
        "first-of-type", "focus", "focus-visible", "focus-within", "fullscreen", "future", "hover", "in-range", "indeterminate",
        "invalid", "last-child", "last-of-type", "link", "only-child", "only-of-type", "optional", "out-of-range", "past",
        "placeholder-shown", "read-only", "read-write", "required", "root", "scope", "target", "valid", "visited", "modal",
        "open", "user-invalid", "user-valid", "playing", "paused", "seeking", "buffering", "stalled", "muted",
        "volume-locked", "picture-in-picture", "window-inactive", "-webkit-any-link", "-webkit-autofill", "-webkit-drag",
        "-webkit-full-screen", "-webkit-full-screen-document", "-webkit-full-screen-ancestor", "-webkit-animating-full-screen-transition",
        "-webkit-full-screen-controls-hidden", "host", "first", "left", "right", "blank", "corner-present", "decrement", "increment",
        "horizontal", "vertical", "start", "end", "double-button", "single-button", "no-button", "enabled", "focus-ring",
        // Legacy single-colon pseudo-elements.
        "before", "after", "first-line", "first-letter",
    ]
    private static let selectorListPseudoClasses: Set<String> = ["not", "is", "where", "matches", "-webkit-any", "has", "host", "current"]
    private static let nthPseudoClasses: Set<String> = ["nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"]
    private static let pseudoElements: Set<String> = [
        "after", "before", "first-letter", "first-line", "marker", "placeholder", "selection", "backdrop", "file-selector-button",
        "grammar-error", "spelling-error", "target-text", "highlight", "part", "slotted", "cue", "cue-region", "details-content",
        "checkmark", "picker-icon",
    ]

    /// A description of the first syntax problem, or nil when the selector parses.
    func problem(in selector: String) -> String? {
        problem(inUTF8: Array(selector.utf8))
    }

    /// Like `problem(in:)`, for the selector's UTF-8 bytes.
    func problem(inUTF8 bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { problem(inUTF8Buffer: $0) }
    }

    /// Like `problem(in:)`, for the selector's UTF-8 bytes in `buffer` (read only during the call).
    func problem(inUTF8Buffer buffer: UnsafeBufferPointer<UInt8>) -> String? {
        // Plain selectors (the common shape) always parse: the full parse is only for the others.
        if PlainCSSSelector.parses(buffer) { return nil }
        var parser = CSSSelectorScanner(bytes: buffer, validator: self)
        return parser.parseSelectorList(relative: false, closing: nil)
    }

    func isKnownPseudoClass(_ name: String) -> Bool { CSSSelectorValidator.pseudoClasses.contains(name) }
    func takesSelectorList(_ name: String) -> Bool { CSSSelectorValidator.selectorListPseudoClasses.contains(name) }
    func isNth(_ name: String) -> Bool { CSSSelectorValidator.nthPseudoClasses.contains(name) }
    func isKnownPseudoElement(_ name: String) -> Bool {
        CSSSelectorValidator.pseudoElements.contains(name) || name.hasPrefix("-webkit-") || name.hasPrefix("-apple-")
    }
}

/// The scanner behind `CSSSelectorValidator`.
struct CSSSelectorScanner {
    /// The selector's bytes, valid while the scanner is used.
    let bytes: UnsafeBufferPointer<UInt8>
    let validator: CSSSelectorValidator
    var position = 0
    /// Depth of `:has()` arguments being parsed (WebKit refuses nested `:has()` and pseudo-elements inside it).
    var hasDepth = 0
    /// Depth of nested selector lists (bounded so that no input can exhaust the stack).
    var nesting = 0
    /// Whether the current complex selector already has a pseudo-element (nothing may follow it).
    var sawPseudoElement = false

    /// Pseudo-elements that take an argument.
    static let functionalPseudoElements: Set<String> = ["cue", "cue-region", "part", "slotted", "highlight"]

    /// Pseudo-classes WebKit accepts after a pseudo-element (user actions and logical combinations).
    static let afterPseudoElement: Set<String> = [
        "hover", "focus", "active", "focus-within", "focus-visible", "is", "where", "not", "matches", "-webkit-any", "has",
    ]

    private var atEnd: Bool { position >= bytes.count }
    private func peek(_ offset: Int = 0) -> UInt8? { position + offset < bytes.count ? bytes[position + offset] : nil }
    private static func isWhitespace(_ byte: UInt8?) -> Bool {
        byte.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D } ?? false
    }
    private static func isNameStart(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F || byte >= 0x80 || byte == 0x00
    }
    /// Whether `byte` may be part of a name: `isName` without the optional.
    @inline(__always) static func isNameByte(_ byte: UInt8) -> Bool {
        byte < 64 ? nameBytesBelow64 >> byte & 1 != 0 : byte >= 128 || nameBytesFrom64 >> (byte &- 64) & 1 != 0
    }

    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is an ASCII name byte (`isNameByte` below 128), all eight tested at
    /// once: on the bytes' low seven bits, adding 0x80 - low sets a byte's high bit when it is at least low, and
    /// adding 0x7F - high when it is above high, with no carry into the next byte.
    @inline(__always) static func asciiNameBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & ~highBits
        func inRange(_ value: UInt64, _ first: UInt64, _ last: UInt64) -> UInt64 {
            (value &+ ones &* (0x80 - first)) & ~(value &+ ones &* (0x7F - last))
        }
        let names =
            inRange(low | ones &* 0x20, 0x61, 0x7A) | inRange(low, 0x30, 0x39) | inRange(low, 0x2D, 0x2D) | inRange(low, 0x5F, 0x5F)
            | inRange(low, 0x00, 0x00)
        return names & ~word & highBits
    }

    /// The bits of `isNameByte` for bytes 0-63 (NUL, `-`, `0`-`9`) and 64-127 (`A`-`Z`, `_`, `a`-`z`), one bit per
    /// byte value; every byte from 128 is a name byte.
    static let nameBytesBelow64: UInt64 = 0x03FF_2000_0000_0001
    static let nameBytesFrom64: UInt64 = 0x07FF_FFFE_87FF_FFFE
    private static func isName(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }

    private mutating func skipWhitespace() -> Bool {
        let start = position
        while Self.isWhitespace(peek()) { position += 1 }
        return position > start
    }

    /// Moves past an identifier (with escapes) whose text is not needed; false when there is none at the cursor.
    private mutating func skipIdentifier() -> Bool {
        scanIdentifier(collecting: false) != nil
    }

    /// Reads an identifier (with escapes); nil when there is none at the cursor.
    private mutating func readIdentifier() -> String? {
        scanIdentifier(collecting: true)
    }

    /// Moves past an identifier; its text when `collecting` (else ""), nil when there is none at the cursor.
    /// Class, id, element and attribute names are only skipped: no text is built for them.
    private mutating func scanIdentifier(collecting: Bool) -> String? {
        let start = position
        var name: [UInt8] = []
        if peek() == 0x2D {
            if collecting { name.append(0x2D) }
            position += 1
            if peek() == 0x2D {
                if collecting { name.append(0x2D) }
                position += 1
            } else if !(Self.isNameStart(peek()) || (peek() == 0x5C && peek(1) != 0x0A)) {
                position = start
                return nil
            }
        } else if !(Self.isNameStart(peek()) || (peek() == 0x5C && peek(1) != 0x0A)) {
            return nil
        }
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if Self.isNameByte(byte) {
                // A run of name bytes, the common case, without escapes.
                var end = position + 1
                // Eight bytes a step while they are ASCII name bytes; then byte by byte (non-ASCII bytes too).
                let raw = UnsafeRawBufferPointer(bytes)
                while end + 8 <= count {
                    let names = Self.asciiNameBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)))
                    guard names == Self.highBits else {
                        end += (~names & Self.highBits).trailingZeroBitCount >> 3
                        break
                    }
                    end += 8
                }
                while end < count, Self.isNameByte(bytes[end]) { end += 1 }
                if collecting { name.append(contentsOf: bytes[position..<end]) }
                position = end
            } else if byte == 0x5C, peek(1) == nil {
                // An escape at the end of the input stands for U+FFFD.
                position += 1
                if collecting { name.append(0x3F) }
            } else if byte == 0x5C, let next = peek(1), next != 0x0A {
                position += 2
                if collecting { name.append(next) }
                if (next >= 0x30 && next <= 0x39) || ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x66) {
                    var digits = 1
                    while digits < 6, let hex = peek(), (hex >= 0x30 && hex <= 0x39) || ((hex | 0x20) >= 0x61 && (hex | 0x20) <= 0x66) {
                        position += 1
                        digits += 1
                    }
                    if Self.isWhitespace(peek()) { position += 1 }
                }
            } else {
                break
            }
        }
        return collecting ? String(decoding: name, as: UTF8.self) : ""
    }

    private mutating func readString() -> Bool {
        guard let quote = peek(), quote == 0x22 || quote == 0x27 else { return false }
        position += 1
        while let byte = peek() {
            position += 1
            if byte == quote { return true }
            if byte == 0x0A { return false }
            if byte == 0x5C { position += 1 }
        }
        return true  // An unterminated string at the end is closed by EOF in CSS.
    }

    /// Parses a selector list up to `closing` (or the end); returns a problem or nil.
    mutating func parseSelectorList(relative: Bool, closing: UInt8?) -> String? {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= 128 else { return "selectors are nested too deeply" }
        while true {
            _ = skipWhitespace()
            if let problem = parseComplexSelector(relative: relative, closing: closing) { return problem }
            _ = skipWhitespace()
            if peek() == 0x2C {
                position += 1
                continue
            }
            if let closing {
                guard peek() == closing else { return atEnd ? "missing ')'" : "unexpected '\(Character(Unicode.Scalar(bytes[position])))'" }
                return nil
            }
            guard atEnd else { return "unexpected '\(Character(Unicode.Scalar(bytes[position])))'" }
            return nil
        }
    }

    private static func isCombinator(_ byte: UInt8?) -> Bool { byte == 0x3E || byte == 0x2B || byte == 0x7E }

    private mutating func parseComplexSelector(relative: Bool, closing: UInt8?) -> String? {
        sawPseudoElement = false
        if relative, Self.isCombinator(peek()) {
            position += 1
            _ = skipWhitespace()
        }
        if let problem = parseCompoundSelector() { return problem }
        while true {
            let sawSpace = skipWhitespace()
            if atEnd || peek() == 0x2C || peek() == closing { return nil }
            if sawPseudoElement { return "nothing may follow a pseudo-element" }
            if Self.isCombinator(peek()) {
                position += 1
                _ = skipWhitespace()
            } else if !sawSpace {
                return "unexpected '\(Character(Unicode.Scalar(bytes[position])))'"
            }
            if let problem = parseCompoundSelector() { return problem }
        }
    }

    private mutating func parseCompoundSelector() -> String? {
        let start = position
        // Type selector or universal, with an optional namespace prefix.
        var namespacePrefix = false
        if peek() == 0x2A {
            position += 1
            namespacePrefix = true
        } else if skipIdentifier() {
            // Element name, or a namespace prefix (WebKit knows no declared namespace, so a named prefix is refused).
        } else if peek() == 0x7C {
            namespacePrefix = true
        }
        if peek() == 0x7C, peek(1) != 0x3D {
            guard namespacePrefix else { return "undeclared namespace prefix" }
            position += 1
            if peek() == 0x2A { position += 1 } else if !skipIdentifier() { return "missing element name after '|'" }
        }
        while let byte = peek() {
            if sawPseudoElement, byte != 0x2C, byte != 0x29, !Self.isWhitespace(byte), !(byte == 0x3A && peek(1) != 0x3A) {
                return "only pseudo-classes may follow a pseudo-element"
            }
            switch byte {
            case 0x26:  // & (nesting selector)
                position += 1
            case 0x23:  // #
                position += 1
                guard skipIdentifier() else { return "an id selector needs an identifier after '#'" }
            case 0x2E:  // .
                position += 1
                guard skipIdentifier() else { return "missing class name after '.'" }
            case 0x5B:  // [
                if let problem = parseAttribute() { return problem }
            case 0x3A:  // :
                position += 1
                if peek() == 0x3A {
                    position += 1
                    guard let name = readIdentifier() else { return "missing pseudo-element name after '::'" }
                    if hasDepth > 0 { return "pseudo-elements are not allowed inside :has()" }
                    let lowered = name.lowercased()
                    guard validator.isKnownPseudoElement(lowered) else { return "unknown pseudo-element '::\(name)'" }
                    if peek() == 0x28 {
                        guard CSSSelectorScanner.functionalPseudoElements.contains(lowered) else { return "'::\(name)' takes no argument" }
                        position += 1
                        _ = skipWhitespace()
                        if atEnd || peek() == 0x29 { return "'::\(name)()' needs an argument" }
                        if let problem = skipBalanced() { return problem }
                    }
                    sawPseudoElement = true
                    continue
                }
                if let problem = parsePseudoClass() { return problem }
            default:
                if position == start { return "expected a selector, found '\(Character(Unicode.Scalar(byte)))'" }
                return nil
            }
        }
        return position == start ? "expected a selector" : nil
    }

    private mutating func parseAttribute() -> String? {
        position += 1
        _ = skipWhitespace()
        if peek() == 0x2A, peek(1) == 0x7C { position += 2 } else if peek() == 0x7C { position += 1 }
        guard skipIdentifier() else { return "missing attribute name after '['" }
        if peek() == 0x7C, peek(1) != 0x3D {
            position += 1
            guard skipIdentifier() else { return "missing attribute name after '|'" }
        }
        _ = skipWhitespace()
        if atEnd { return nil }  // The end of the input closes the block.
        if peek() == 0x5D {
            position += 1
            return nil
        }
        if let byte = peek(), [0x7E, 0x7C, 0x5E, 0x24, 0x2A].contains(byte), peek(1) == 0x3D {
            position += 2
        } else if peek() == 0x3D {
            position += 1
        } else {
            return "expected ']' or an attribute matcher (=, ~=, |=, ^=, $=, *=)"
        }
        _ = skipWhitespace()
        if peek() == 0x22 || peek() == 0x27 {
            guard readString() else { return "unterminated string in an attribute selector" }
        } else if !skipIdentifier() {
            return "the attribute value must be an identifier or a quoted string"
        }
        _ = skipWhitespace()
        if let flag = peek(), flag | 0x20 == 0x69, !Self.isName(peek(1)) {
            position += 1
            _ = skipWhitespace()
        }
        if atEnd { return nil }
        guard peek() == 0x5D else { return "unexpected text before ']' (only the 'i' flag is supported)" }
        position += 1
        return nil
    }

    private mutating func parsePseudoClass() -> String? {
        guard let name = readIdentifier() else { return "missing pseudo-class name after ':'" }
        let lowered = name.lowercased()
        if sawPseudoElement && !CSSSelectorScanner.afterPseudoElement.contains(lowered) {
            return "':\(name)' cannot follow a pseudo-element"
        }
        guard peek() == 0x28 else {
            return validator.isKnownPseudoClass(lowered) ? nil : "unknown pseudo-class ':\(name)'"
        }
        position += 1
        _ = skipWhitespace()
        if validator.takesSelectorList(lowered) {
            if lowered == "has" && validator.target < .safari16_4 {
                return ":has() needs safari16.4 or newer"
            }
            if lowered == "has" && hasDepth > 0 { return ":has() cannot be nested inside :has()" }
            if peek() == 0x29, lowered == "is" || lowered == "where" {
                position += 1
                return nil
            }
            let outerPseudoElement = sawPseudoElement
            if lowered == "has" { hasDepth += 1 }
            let problem = parseSelectorList(relative: lowered == "has", closing: 0x29)
            if lowered == "has" { hasDepth -= 1 }
            sawPseudoElement = outerPseudoElement
            if let problem { return problem }
            position += 1
            return nil
        }
        if validator.isNth(lowered) {
            if let problem = parseNth() { return problem }
            _ = skipWhitespace()
            if peek() != 0x29, let word = readIdentifier(), word.lowercased() == "of", lowered == "nth-child" || lowered == "nth-last-child"
            {
                if let problem = parseSelectorList(relative: false, closing: 0x29) { return problem }
            }
            _ = skipWhitespace()
            guard peek() == 0x29 else { return "invalid argument of :\(name)()" }
            position += 1
            return nil
        }
        switch lowered {
        case "lang", "dir", "state", "highlight":
            var sawArgument = false
            while !atEnd, peek() != 0x29 {
                if skipIdentifier() || readString() {
                    sawArgument = true
                } else if peek() == 0x2C || Self.isWhitespace(peek()) || peek() == 0x2A || peek() == 0x2D {
                    position += 1
                } else {
                    return "invalid argument of :\(name)()"
                }
            }
            guard sawArgument, peek() == 0x29 else { return "invalid argument of :\(name)()" }
            position += 1
            return nil
        default:
            return "unknown functional pseudo-class ':\(name)()'"
        }
    }

    /// Parses An+B, `odd` or `even`.
    private mutating func parseNth() -> String? {
        var sawSomething = false
        if peek() == 0x2B || peek() == 0x2D { position += 1 }
        while let byte = peek(), byte >= 0x30 && byte <= 0x39 { position += 1; sawSomething = true }
        if let byte = peek(), byte | 0x20 == 0x6E {
            position += 1
            sawSomething = true
            _ = skipWhitespace()
            if peek() == 0x2B || peek() == 0x2D {
                position += 1
                _ = skipWhitespace()
                guard let digit = peek(), digit >= 0x30 && digit <= 0x39 else { return "invalid An+B expression" }
                while let byte = peek(), byte >= 0x30 && byte <= 0x39 { position += 1 }
            }
        } else if !sawSomething, let word = readIdentifier() {
            let lowered = word.lowercased()
            guard lowered == "odd" || lowered == "even" else { return "invalid An+B expression '\(word)'" }
            sawSomething = true
        }
        return sawSomething ? nil : "missing An+B expression"
    }

    /// Skips a parenthesised argument of a pseudo-element.
    private mutating func skipBalanced() -> String? {
        var depth = 1
        while let byte = peek() {
            position += 1
            if byte == 0x28 { depth += 1 }
            if byte == 0x29 {
                depth -= 1
                if depth == 0 { return nil }
            }
        }
        return nil  // The end of the input closes the block.
    }
}
