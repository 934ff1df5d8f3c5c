/// The operators of unary, update, binary, logical and assignment expressions (`SyntaxNode.op`).
public enum SyntaxOperator: UInt8, Sendable, CaseIterable {
    // Binary and logical, in no particular order.
    /// `+` (binary).
    case add
    /// `-` (binary).
    case subtract
    /// `*`.
    case multiply
    /// `/`.
    case divide
    /// `%`.
    case remainder
    /// `**`.
    case exponent
    /// `==`.
    case equal
    /// `!=`.
    case notEqual
    /// `===`.
    case strictEqual
    /// `!==`.
    case strictNotEqual
    /// `<`.
    case less
    /// `>`.
    case greater
    /// `<=`.
    case lessEqual
    /// `>=`.
    case greaterEqual
    /// `<<`.
    case shiftLeft
    /// `>>`.
    case shiftRight
    /// `>>>`.
    case shiftRightUnsigned
    /// `&`.
    case bitAnd
    /// `|`.
    case bitOr
    /// `^`.
    case bitXor
    /// `&&`.
    case logicalAnd
    /// `||`.
    case logicalOr
    /// `??`.
    case nullish
    /// `in`.
    case `in`
    /// `instanceof`.
    case `instanceof`
    // Assignment.
    /// `=`.
    case assign
    /// `+=`.
    case addAssign
    /// `-=`.
    case subtractAssign
    /// `*=`.
    case multiplyAssign
    /// `/=`.
    case divideAssign
    /// `%=`.
    case remainderAssign
    /// `**=`.
    case exponentAssign
    /// `<<=`.
    case shiftLeftAssign
    /// `>>=`.
    case shiftRightAssign
    /// `>>>=`.
    case shiftRightUnsignedAssign
    /// `&=`.
    case bitAndAssign
    /// `|=`.
    case bitOrAssign
    /// `^=`.
    case bitXorAssign
    /// `&&=`.
    case logicalAndAssign
    /// `||=`.
    case logicalOrAssign
    /// `??=`.
    case nullishAssign
    // Unary and update.
    /// `!`.
    case not
    /// `~`.
    case bitNot
    /// `+` (unary).
    case plus
    /// `-` (unary).
    case minus
    /// `typeof`.
    case `typeof`
    /// `void`.
    case void
    /// `delete`.
    case delete
    /// `++`.
    case increment
    /// `--`.
    case decrement

    /// The operator's text.
    public var text: String { staticText.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

    /// The operator's text as a static string (what the printer writes, without making a `String`).
    var staticText: StaticString {
        switch self {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .remainder: "%"
        case .exponent: "**"
        case .equal: "=="
        case .notEqual: "!="
        case .strictEqual: "==="
        case .strictNotEqual: "!=="
        case .less: "<"
        case .greater: ">"
        case .lessEqual: "<="
        case .greaterEqual: ">="
        case .shiftLeft: "<<"
        case .shiftRight: ">>"
        case .shiftRightUnsigned: ">>>"
        case .bitAnd: "&"
        case .bitOr: "|"
        case .bitXor: "^"
        case .logicalAnd: "&&"
        case .logicalOr: "||"
        case .nullish: "??"
        case .in: "in"
        case .instanceof: "instanceof"
        case .assign: "="
        case .addAssign: "+="
        case .subtractAssign: "-="
        case .multiplyAssign: "*="
        case .divideAssign: "/="
        case .remainderAssign: "%="
        case .exponentAssign: "**="
        case .shiftLeftAssign: "<<="
        case .shiftRightAssign: ">>="
        case .shiftRightUnsignedAssign: ">>>="
        case .bitAndAssign: "&="
        case .bitOrAssign: "|="
        case .bitXorAssign: "^="
        case .logicalAndAssign: "&&="
        case .logicalOrAssign: "||="
        case .nullishAssign: "??="
        case .not: "!"
        case .bitNot: "~"
        case .plus: "+"
        case .minus: "-"
        case .typeof: "typeof"
        case .void: "void"
        case .delete: "delete"
        case .increment: "++"
        case .decrement: "--"
        }
    }

    /// The binding power of a binary or logical operator (higher binds tighter; 0 for others).
    public var precedence: SyntaxPrecedence {
        switch self {
        case .nullish: .nullish
        case .logicalOr: .logicalOr
        case .logicalAnd: .logicalAnd
        case .bitOr: .bitOr
        case .bitXor: .bitXor
        case .bitAnd: .bitAnd
        case .equal, .notEqual, .strictEqual, .strictNotEqual: .equality
        case .less, .greater, .lessEqual, .greaterEqual, .in, .instanceof: .relational
        case .shiftLeft, .shiftRight, .shiftRightUnsigned: .shift
        case .add, .subtract: .additive
        case .multiply, .divide, .remainder: .multiplicative
        case .exponent: .exponent
        default: .lowest
        }
    }

    /// Whether this is `&&`, `||` or `??`.
    public var isLogical: Bool { self == .logicalAnd || self == .logicalOr || self == .nullish }

    /// The binary or logical operator spelled by a `TokenCode`, if any.
    package static func binary(code: UInt64) -> SyntaxOperator? {
        switch code {
        case TokenCode.of("+"): .add
        case TokenCode.of("-"): .subtract
        case TokenCode.of("*"): .multiply
        case TokenCode.of("/"): .divide
        case TokenCode.of("%"): .remainder
        case TokenCode.of("**"): .exponent
        case TokenCode.of("=="): .equal
        case TokenCode.of("!="): .notEqual
        case TokenCode.of("==="): .strictEqual
        case TokenCode.of("!=="): .strictNotEqual
        case TokenCode.of("<"): .less
        case TokenCode.of(">"): .greater
        case TokenCode.of("<="): .lessEqual
        case TokenCode.of(">="): .greaterEqual
        case TokenCode.of("<<"): .shiftLeft
        case TokenCode.of(">>"): .shiftRight
        case TokenCode.of(">>>"): .shiftRightUnsigned
        case TokenCode.of("&"): .bitAnd
        case TokenCode.of("|"): .bitOr
        case TokenCode.of("^"): .bitXor
        case TokenCode.of("&&"): .logicalAnd
        case TokenCode.of("||"): .logicalOr
        case TokenCode.of("??"): .nullish
        default: nil
        }
    }

    /// The assignment operator spelled by a `TokenCode`, if any.
    package static func assignment(code: UInt64) -> SyntaxOperator? {
        switch code {
        case TokenCode.of("="): .assign
        case TokenCode.of("+="): .addAssign
        case TokenCode.of("-="): .subtractAssign
        case TokenCode.of("*="): .multiplyAssign
        case TokenCode.of("/="): .divideAssign
        case TokenCode.of("%="): .remainderAssign
        case TokenCode.of("**="): .exponentAssign
        case TokenCode.of("<<="): .shiftLeftAssign
        case TokenCode.of(">>="): .shiftRightAssign
        case TokenCode.of(">>>="): .shiftRightUnsignedAssign
        case TokenCode.of("&="): .bitAndAssign
        case TokenCode.of("|="): .bitOrAssign
        case TokenCode.of("^="): .bitXorAssign
        case TokenCode.of("&&="): .logicalAndAssign
        case TokenCode.of("||="): .logicalOrAssign
        case TokenCode.of("??="): .nullishAssign
        default: nil
        }
    }
}

/// Binding power of expressions, lowest first (the printer parenthesizes an operand whose own
/// precedence is below what its position needs).
public enum SyntaxPrecedence: UInt8, Sendable, Comparable {
    /// No constraint: any expression (also the precedence of operators that are not binary or logical).
    case lowest
    /// Precedence of `a, b`.
    case comma
    /// Precedence of `...a` (spread and rest elements).
    case spread
    /// The level of `yield a` (the printer gives yield expressions `assignment`).
    case yield
    /// Precedence of assignments, arrow functions and `yield`.
    case assignment
    /// Precedence of `a ? b : c`.
    case conditional
    /// Precedence of `a ?? b`.
    case nullish
    /// Precedence of `a || b`.
    case logicalOr
    /// Precedence of `a && b`.
    case logicalAnd
    /// Precedence of `a | b`.
    case bitOr
    /// Precedence of `a ^ b`.
    case bitXor
    /// Precedence of `a & b`.
    case bitAnd
    /// Precedence of `==`, `!=`, `===`, `!==`.
    case equality
    /// Precedence of `<`, `>`, `<=`, `>=`, `in`, `instanceof`.
    case relational
    /// Precedence of `<<`, `>>`, `>>>`.
    case shift
    /// Precedence of binary `+` and `-`.
    case additive
    /// Precedence of `*`, `/`, `%`.
    case multiplicative
    /// Precedence of `a ** b`.
    case exponent
    /// Precedence of unary operators, prefix `++`/`--` and `await`.
    case prefix
    /// Precedence of postfix `a++` and `a--`.
    case postfix
    /// Precedence of `new a` without arguments.
    case new
    /// Precedence of calls, tagged templates, optional chains and `import(...)`.
    case call
    /// Precedence of member accesses, `new a()` and primary expressions.
    case member

    /// Whether `lhs` binds less tightly than `rhs`.
    public static func < (lhs: SyntaxPrecedence, rhs: SyntaxPrecedence) -> Bool { lhs.rawValue < rhs.rawValue }
}
