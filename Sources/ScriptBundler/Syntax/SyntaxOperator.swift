/// The operators of unary, update, binary, logical and assignment expressions (`SyntaxNode.op`).
public enum SyntaxOperator: UInt8, Sendable, CaseIterable {
    // Binary and logical, in no particular order.
    case add, subtract, multiply, divide, remainder, exponent
    case equal, notEqual, strictEqual, strictNotEqual, less, greater, lessEqual, greaterEqual
    case shiftLeft, shiftRight, shiftRightUnsigned, bitAnd, bitOr, bitXor
    case logicalAnd, logicalOr, nullish
    case `in`, `instanceof`
    // Assignment.
    case assign, addAssign, subtractAssign, multiplyAssign, divideAssign, remainderAssign, exponentAssign
    case shiftLeftAssign, shiftRightAssign, shiftRightUnsignedAssign, bitAndAssign, bitOrAssign, bitXorAssign
    case logicalAndAssign, logicalOrAssign, nullishAssign
    // Unary and update.
    case not, bitNot, plus, minus, `typeof`, void, delete
    case increment, decrement

    /// The operator's text.
    public var text: String {
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
    static func binary(code: UInt64) -> SyntaxOperator? {
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
    static func assignment(code: UInt64) -> SyntaxOperator? {
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
    case lowest, comma, spread, yield, assignment, conditional, nullish, logicalOr, logicalAnd, bitOr, bitXor, bitAnd
    case equality, relational, shift, additive, multiplicative, exponent, prefix, postfix, new, call, member

    public static func < (lhs: SyntaxPrecedence, rhs: SyntaxPrecedence) -> Bool { lhs.rawValue < rhs.rawValue }
}
