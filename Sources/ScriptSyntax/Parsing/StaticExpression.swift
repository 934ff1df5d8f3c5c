/// A JavaScript expression read without running it, for configuration-like files (an override table,
/// a webpack configuration): literals, names, object and array literals, member access, calls, `new`,
/// spreads and `+`. Anything else is kept as `.unsupported` (with a short description of what was found),
/// and functions as `.function`, so a reader can name what it could not use.
public struct StaticExpression: Sendable, Equatable {
    /// The expression's shape.
    public indirect enum Value: Sendable, Equatable {
        /// A string literal, or a template literal without substitutions.
        case string(String)
        /// A numeric literal, as written.
        case number(String)
        /// `true` or `false`.
        case boolean(Bool)
        /// `null`.
        case null
        /// A regular-expression literal, as written (`/^a$/g`).
        case regularExpression(String)
        /// A name (`glob`, `__dirname`, `undefined`, `this`).
        case identifier(String)
        /// An object literal's properties, in order.
        case object([StaticProperty])
        /// Elements in order; a spread element is a `.spread` value; a hole is `.unsupported("a hole")`.
        case array([StaticExpression])
        /// `...expression` in an array literal or a call's arguments.
        case spread(StaticExpression)
        /// `object.name` (also `object["name"]` with a string).
        case member(StaticExpression, String)
        /// `callee(arguments)`.
        case call(StaticExpression, [StaticExpression])
        /// `new callee(arguments)`.
        case new(StaticExpression, [StaticExpression])
        /// `left + right`.
        case concatenation(StaticExpression, StaticExpression)
        /// A function or arrow function (its body is not read).
        case function
        /// Something the reader does not follow, described (`a call of an arrow function`, `'||'`).
        case unsupported(String)
    }

    /// The expression's shape.
    public let value: Value
    /// 1-based line and column of the expression's first token.
    public let line: Int
    /// 1-based column of the expression's first token.
    public let column: Int

    /// Creates an expression read at `line` and `column`.
    public init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The string, when the expression is a string literal.
    public var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The name, when the expression is a plain identifier.
    public var identifierName: String? {
        if case .identifier(let name) = value { return name }
        return nil
    }

    /// The dotted path of a member chain of names (`module.exports.X` gives `["module", "exports", "X"]`).
    public var memberPath: [String]? {
        switch value {
        case .identifier(let name): return [name]
        case .member(let object, let name): return object.memberPath.map { $0 + [name] }
        default: return nil
        }
    }

    /// The property named `name` of an object literal (the last one, as JavaScript keeps).
    public func property(_ name: String) -> StaticProperty? {
        guard case .object(let properties) = value else { return nil }
        return properties.last { $0.key == .name(name) }
    }

    /// A short description for messages: `a string`, `an object literal`, `a call of 'require'`.
    public var description: String {
        switch value {
        case .string: return "a string"
        case .number(let text): return "the number \(text)"
        case .boolean(let flag): return "'\(flag)'"
        case .null: return "'null'"
        case .regularExpression: return "a regular expression"
        case .identifier(let name): return "the name '\(name)'"
        case .object: return "an object literal"
        case .array: return "an array literal"
        case .spread: return "a spread ('...')"
        case .member: return memberPath.map { "'\($0.joined(separator: "."))'" } ?? "a member expression"
        case .call(let callee, _): return callee.memberPath.map { "a call of '\($0.joined(separator: "."))'" } ?? "a call"
        case .new(let callee, _): return callee.memberPath.map { "'new \($0.joined(separator: "."))'" } ?? "a 'new' expression"
        case .concatenation: return "a '+' expression"
        case .function: return "a function"
        case .unsupported(let what): return what
        }
    }
}

/// One property of an object literal.
public struct StaticProperty: Sendable, Equatable {
    /// How the property is named.
    public enum Key: Sendable, Equatable {
        /// An identifier, string or number key (`a`, `"a.sys.mjs"`, `1`), or a shorthand property.
        case name(String)
        /// `[expression]`.
        case computed
        /// `...expression` (the expression is the property's value).
        case spread
        /// A getter, setter or other form the reader does not follow.
        case unsupported(String)
    }

    /// The property's key.
    public let key: Key
    /// The value (for a shorthand property `{ a }`, the identifier `a`; for a spread, the spread expression).
    public let value: StaticExpression
    /// Whether the property was written as shorthand (`{ a }`).
    public let isShorthand: Bool
    /// 1-based line and column of the property's first token.
    public let line: Int
    /// 1-based column of the property's first token.
    public let column: Int

    /// Creates a property read at `line` and `column`.
    public init(key: Key, value: StaticExpression, isShorthand: Bool = false, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.isShorthand = isShorthand
        self.line = line
        self.column = column
    }

    /// The key's name, for `.name` keys.
    public var name: String? {
        if case .name(let name) = key { return name }
        return nil
    }
}
