/// What a ``Diagnostic``'s message says, kept as its kind and the few values it needs: the text is made only where
/// it is read (``Diagnostic/message``) or written (``Diagnostic/appendMessage(to:)``). A list WebKit refuses can
/// have thousands of diagnostics whose texts a caller never looks at, or writes straight out as bytes. (A plain
/// struct of strings, not an enum with payloads: copying one is a few retains, with no outlined copy function.)
struct DiagnosticText: Sendable {
    /// Which message it is.
    enum Kind: UInt8, Sendable {
        /// A message made in full where it was found (`first`).
        case literal
        /// `unknown key "KEY" in CONTEXT is ignored by WebKit` (`first` the key, `second` the context).
        case unknownKey
        /// `unknown action type "TYPE"; expected one of EXPECTED` (`first` the type, `second` the expected list).
        case unknownActionType
        /// `the selector does not parse as CSS (PROBLEM); WebKit drops this rule silently` (`first` the problem).
        case droppedSelector
        /// `invalid url-filter QUOTED at column COLUMN of the pattern: REASON` (`first` the pattern, quoted by
        /// ``quoted(_:)``; `number` the column; `second` the reason).
        case refusedURLFilter
        /// As `refusedURLFilter`, then ` (WebKit does not compile it because it drops this rule)`.
        case refusedURLFilterOfDroppedRule
    }

    var kind: Kind
    var first: String
    var second = ""
    var number = 0

    /// A message made in full.
    static func literal(_ text: String) -> DiagnosticText { DiagnosticText(kind: .literal, first: text) }

    /// An unknown key of an object (`context`, e.g. "the action") that WebKit ignores.
    static func unknownKey(key: String, context: String) -> DiagnosticText {
        DiagnosticText(kind: .unknownKey, first: key, second: context)
    }

    /// An action type WebKit does not know; `expected` lists the ones it knows.
    static func unknownActionType(type: String, expected: String) -> DiagnosticText {
        DiagnosticText(kind: .unknownActionType, first: type, second: expected)
    }

    /// A selector that does not parse (`problem` says why).
    static func droppedSelector(problem: String) -> DiagnosticText { DiagnosticText(kind: .droppedSelector, first: problem) }

    /// A url-filter WebKit's parser refuses at `column` (1-based) for `reason`.
    static func refusedURLFilter(pattern: String, column: Int, reason: String, isDropped: Bool) -> DiagnosticText {
        DiagnosticText(kind: isDropped ? .refusedURLFilterOfDroppedRule : .refusedURLFilter, first: pattern, second: reason, number: column)
    }

    /// Whether `other` makes the same message: the same kind and values (a message made in full is a value too).
    func isSame(as other: DiagnosticText) -> Bool {
        kind == other.kind && number == other.number && first == other.first && second == other.second
    }

    /// The message.
    var string: String {
        if kind == .literal { return first }
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the message's UTF-8 to `bytes`.
    func append(to bytes: inout [UInt8]) {
        switch kind {
        case .literal:
            Self.append(first, to: &bytes)
        case .unknownKey:
            Self.appendPiece("unknown key \"", to: &bytes)
            Self.append(first, to: &bytes)
            Self.appendPiece("\" in ", to: &bytes)
            Self.append(second, to: &bytes)
            Self.appendPiece(" is ignored by WebKit", to: &bytes)
        case .unknownActionType:
            Self.appendPiece("unknown action type \"", to: &bytes)
            Self.append(first, to: &bytes)
            Self.appendPiece("\"; expected one of ", to: &bytes)
            Self.append(second, to: &bytes)
        case .droppedSelector:
            Self.appendPiece("the selector does not parse as CSS (", to: &bytes)
            Self.append(first, to: &bytes)
            Self.appendPiece("); WebKit drops this rule silently", to: &bytes)
        case .refusedURLFilter, .refusedURLFilterOfDroppedRule:
            Self.appendPiece("invalid url-filter ", to: &bytes)
            if first.utf8.count > 200 {
                Self.append(Self.quoted(first), to: &bytes)
            } else {
                bytes.append(UInt8(ascii: "\""))
                Self.append(first, to: &bytes)
                bytes.append(UInt8(ascii: "\""))
            }
            Self.appendPiece(" at column ", to: &bytes)
            Self.append(String(number), to: &bytes)
            Self.appendPiece(" of the pattern: ", to: &bytes)
            Self.append(second, to: &bytes)
            if kind == .refusedURLFilterOfDroppedRule {
                Self.appendPiece(" (WebKit does not compile it because it drops this rule)", to: &bytes)
            }
        }
    }

    /// Appends the fixed text `piece` to `bytes` (its UTF-8 is in the binary: nothing to retain or check).
    static func appendPiece(_ piece: StaticString, to bytes: inout [UInt8]) {
        piece.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text`'s UTF-8 to `bytes` in one copy (appending a `String.UTF8View` goes element by element).
    static func append(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes += text.utf8 }
    }

    /// `pattern` in quotes, or its first 100 characters and its length when it is longer than 200 UTF-16 units.
    static func quoted(_ pattern: String) -> String {
        guard pattern.utf16.count > 200 else { return "\"" + pattern + "\"" }
        return "\"" + String(pattern.prefix(100)) + "…\" (\(pattern.count) characters)"
    }
}
