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
    /// `export`, `default`: a regex may follow, and a `function` or `class` right after one declares.
    case declarationPrefix
    /// `of`: contextual, treated like `in`, but not a reserved word.
    case contextualOf
}

/// The ECMAScript reserved words, matched on raw bytes without allocating: the word is packed into one
/// integer (`TokenCode`) and compared with constants.
enum JavaScriptKeywords {
    /// Classifies the word in `bytes[start..<end]` (which must contain no escapes).
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> WordClass {
        classify(code: TokenCode.of(bytes, start, end), bytes, start, end)
    }

    /// Classifies the word in `bytes[start..<end]` (which must contain no escapes), whose `TokenCode` is `code`.
    @inline(__always)
    static func classify(code: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> WordClass {
        // Every reserved word but `instanceof` has 2 to 8 bytes, so its code is not 0; a code of 0 is a word of more
        // than 8 bytes. A word of one byte (`a`, `e`, `t`: about a fifth of a minified file's) is no reserved word.
        guard code > 0xFF else { return code == 0 && end &- start == 10 ? classifyLong(bytes, start) : .identifier }
        // One multiplication finds the only reserved word the code can be (no two of the 38 share a slot), one
        // comparison tells whether it is: the switch below is a table, where a switch over the codes themselves
        // was a search of about six comparisons.
        let (word, wordClass) = entry(slot: (code &* slotMultiplier) &>> 58)
        return code == word ? wordClass : .identifier
    }

    /// The slots of `entry(slot:)` as a table of 64 pairs (the word's `TokenCode`, then its `WordClass`'s raw value),
    /// allocated once and never freed: the scanner classifies a word by one multiplication, one load and one
    /// comparison inline (step 5c), where the switch was a call and a jump table.
    nonisolated(unsafe) static let slotTable: UnsafePointer<UInt64> = {
        let entries = UnsafeMutablePointer<UInt64>.allocate(capacity: 128)
        for slot in 0..<64 {
            let (code, wordClass) = entry(slot: UInt64(slot))
            entries[2 * slot] = code
            entries[2 * slot + 1] = UInt64(wordClass.rawValue)
        }
        return UnsafePointer(entries)
    }()

    /// `classify(code:_:_:_:)` through `slotTable` (`table`), for a word of `length` bytes whose `TokenCode` is
    /// `code`: a code of 0 (more than 8 bytes) meets slot 0, whose word's code is not 0, and an empty slot's code 0
    /// meets no word's code; only a word of 10 bytes looks further (`instanceof`).
    @inline(__always)
    static func classify(
        code: UInt64, length: Int, table: UnsafePointer<UInt64>, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int
    ) -> WordClass {
        let slot = Int(truncatingIfNeeded: (code &* slotMultiplier) &>> 58)
        if table[slot &* 2] == code {
            // Only raw values of `WordClass` are stored.
            return unsafeBitCast(UInt8(truncatingIfNeeded: table[slot &* 2 &+ 1]), to: WordClass.self)
        }
        return length == 10 ? classifyLong(bytes, start) : .identifier
    }

    /// The `TokenCode`s of the reserved words of up to 8 bytes (every one but `instanceof`), and `of`.
    static var reservedWordCodes: [UInt64] {
        (0..<64).map { entry(slot: UInt64($0)).code }.filter { $0 != 0 }
    }

    /// Classifies a word of 10 bytes (`instanceof` or not a reserved word).
    @inline(never)
    private static func classifyLong(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> WordClass {
        isInstanceof(bytes, start, 10) ? .expressionPrefix : .identifier
    }

    /// Multiplied by a word's `TokenCode`, gives in its top six bits a slot that no two reserved words share (found by
    /// trying odd multipliers).
    private static let slotMultiplier: UInt64 = 0x0EC5_6B0E_E357_8E6B

    /// The reserved word in `slot` (its `TokenCode`; 0 for none, which no word's code is) and its class.
    @inline(__always)
    private static func entry(slot: UInt64) -> (code: UInt64, wordClass: WordClass) {
        // `catch` is a block statement too: its `{` opens a block also without a binding (`catch {}`).
        switch slot {
        case 0: return (TokenCode.of("const"), .expressionPrefix)
        case 1: return (TokenCode.of("null"), .operand)
        case 3: return (TokenCode.of("await"), .expressionPrefix)
        case 4: return (TokenCode.of("of"), .contextualOf)
        case 5: return (TokenCode.of("else"), .blockStatement)
        case 8: return (TokenCode.of("void"), .expressionPrefix)
        case 9: return (TokenCode.of("catch"), .blockStatement)
        case 10: return (TokenCode.of("for"), .parenthesizedStatement)
        case 11: return (TokenCode.of("typeof"), .expressionPrefix)
        case 13: return (TokenCode.of("try"), .blockStatement)
        case 14: return (TokenCode.of("continue"), .expressionPrefix)
        case 15: return (TokenCode.of("false"), .operand)
        case 16: return (TokenCode.of("delete"), .expressionPrefix)
        case 17: return (TokenCode.of("yield"), .expressionPrefix)
        case 18: return (TokenCode.of("var"), .expressionPrefix)
        case 20: return (TokenCode.of("import"), .expressionPrefix)
        case 21: return (TokenCode.of("default"), .declarationPrefix)
        case 23: return (TokenCode.of("do"), .blockStatement)
        case 24: return (TokenCode.of("class"), .expressionPrefix)
        case 25: return (TokenCode.of("with"), .parenthesizedStatement)
        case 26: return (TokenCode.of("true"), .operand)
        case 29: return (TokenCode.of("break"), .expressionPrefix)
        case 30: return (TokenCode.of("case"), .expressionPrefix)
        case 31: return (TokenCode.of("this"), .operand)
        case 33: return (TokenCode.of("function"), .expressionPrefix)
        case 35: return (TokenCode.of("switch"), .parenthesizedStatement)
        case 36: return (TokenCode.of("export"), .declarationPrefix)
        case 39: return (TokenCode.of("extends"), .expressionPrefix)
        case 40: return (TokenCode.of("return"), .expressionPrefix)
        case 42: return (TokenCode.of("finally"), .blockStatement)
        case 44: return (TokenCode.of("throw"), .expressionPrefix)
        case 45: return (TokenCode.of("if"), .parenthesizedStatement)
        case 51: return (TokenCode.of("super"), .operand)
        case 56: return (TokenCode.of("in"), .expressionPrefix)
        case 59: return (TokenCode.of("enum"), .expressionPrefix)
        case 60: return (TokenCode.of("while"), .parenthesizedStatement)
        case 62: return (TokenCode.of("debugger"), .expressionPrefix)
        case 63: return (TokenCode.of("new"), .expressionPrefix)
        default: return (0, .identifier)
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
