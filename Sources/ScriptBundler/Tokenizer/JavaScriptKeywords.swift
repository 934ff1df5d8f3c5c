/// How a word affects what may follow it (used to tell a regular expression from division).
enum WordClass: UInt8 {
    /// An ordinary identifier: an operand.
    case identifier
    /// `if`, `while`, `for`, `with`: the `)` closing their parenthesis may be followed by a regex.
    case parenthesizedStatement
    /// `else`, `do`, `try`, `finally`: a following `{` opens a block.
    case blockStatement
    /// `this`, `super`, `null`, `true`, `false`: operands.
    case operand
    /// Any other reserved word (`return`, `typeof`, `in`, `case`, ...): a regex may follow.
    case expressionPrefix
    /// `of`: contextual, treated like `in`, but not a reserved word.
    case contextualOf
}

/// The ECMAScript reserved words, matched on raw bytes without allocating: the word is packed into one
/// integer (`TokenCode`) and compared with constants.
enum JavaScriptKeywords {
    /// Classifies the word in `bytes[start..<end]` (which must contain no escapes).
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> WordClass {
        let length = end - start
        guard length >= 2, length <= 10 else { return .identifier }
        let first = bytes[start]
        guard first >= 0x61, first <= 0x79 else { return .identifier }
        if length > 8 { return isInstanceof(bytes, start, length) ? .expressionPrefix : .identifier }
        switch TokenCode.of(bytes, start, end) {
        // `catch` too: its `{` opens a block also without a binding (`catch {}`).
        case TokenCode.of("catch"), TokenCode.of("do"), TokenCode.of("else"), TokenCode.of("finally"), TokenCode.of("try"):
            return .blockStatement
        case TokenCode.of("for"), TokenCode.of("if"), TokenCode.of("switch"), TokenCode.of("while"), TokenCode.of("with"):
            return .parenthesizedStatement
        case TokenCode.of("false"), TokenCode.of("null"), TokenCode.of("super"), TokenCode.of("this"), TokenCode.of("true"):
            return .operand
        case TokenCode.of("of"):
            return .contextualOf
        case TokenCode.of("await"), TokenCode.of("break"), TokenCode.of("case"), TokenCode.of("class"), TokenCode.of("const"),
            TokenCode.of("continue"), TokenCode.of("debugger"),
            TokenCode.of("default"), TokenCode.of("delete"), TokenCode.of("enum"), TokenCode.of("export"),
            TokenCode.of("extends"), TokenCode.of("function"), TokenCode.of("import"), TokenCode.of("in"),
            TokenCode.of("new"), TokenCode.of("return"), TokenCode.of("throw"), TokenCode.of("typeof"),
            TokenCode.of("var"), TokenCode.of("void"), TokenCode.of("yield"):
            return .expressionPrefix
        default:
            return .identifier
        }
    }

    private static func isInstanceof(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
        let word: StaticString = "instanceof"
        guard length == word.utf8CodeUnitCount else { return false }
        let expected = word.utf8Start
        for k in 0..<length where bytes[start + k] != expected[k] { return false }
        return true
    }
}
