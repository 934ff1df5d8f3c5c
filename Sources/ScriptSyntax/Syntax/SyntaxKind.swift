/// What a `SyntaxNode` is. The comment of each case says what the node's fields `a`, `b`, `c`, `d` hold
/// (a node ID, `SyntaxTree.none` when absent; "list" is a list ID into `SyntaxTree.lists`; "name" is an
/// interned name ID into `SyntaxTree.names`). Literal values are the source text of the node's range.
public enum SyntaxKind: UInt8, Sendable, CaseIterable {
    // MARK: Program and statements
    /// a: list of statements.
    case program
    /// a: expression.
    case expressionStatement
    /// a: list of statements.
    case blockStatement
    /// `;`. No fields.
    case emptyStatement
    /// `debugger;`. No fields.
    case debuggerStatement
    /// a: object, b: body.
    case withStatement
    /// a: argument or none.
    case returnStatement
    /// a: label (`identifierName`), b: body.
    case labeledStatement
    /// a: label or none.
    case breakStatement
    /// a: label or none.
    case continueStatement
    /// a: test, b: consequent, c: alternate or none.
    case ifStatement
    /// a: discriminant, b: list of `switchCase`.
    case switchStatement
    /// a: test (none for `default`), b: list of statements.
    case switchCase
    /// a: argument.
    case throwStatement
    /// a: block, b: `catchClause` or none, c: finalizer block or none.
    case tryStatement
    /// a: parameter pattern or none, b: body block.
    case catchClause
    /// a: test, b: body.
    case whileStatement
    /// a: body, b: test.
    case doWhileStatement
    /// a: init (declaration or expression) or none, b: test or none, c: update or none, d: body.
    case forStatement
    /// a: left (declaration or pattern), b: right, c: body.
    case forInStatement
    /// a: left, b: right, c: body; flag `isAwait` for `for await`.
    case forOfStatement
    /// op: `SyntaxVariableKind`; a: list of `variableDeclarator`.
    case variableDeclaration
    /// a: target pattern, b: initializer or none.
    case variableDeclarator
    /// A function declaration (see `functionExpression` for the fields).
    case functionDeclaration
    /// A class declaration (see `classExpression`).
    case classDeclaration

    // MARK: Modules
    /// a: list of `importSpecifier`, b: source string, c: list of `importAttribute`; flag `hasBraces` when `{}`
    /// were written (also when empty).
    case importDeclaration
    /// op: `SyntaxImportKind`; a: imported name (`identifierName` or `stringLiteral`; none for default and
    /// namespace), b: local `bindingIdentifier`.
    case importSpecifier
    /// a: key (`identifierName` or `stringLiteral`), b: value `stringLiteral`; op 1 when written with `assert`.
    case importAttribute
    /// a: declaration or none; b: list of `exportSpecifier` (when a is none); c: source or none; d: attributes list.
    case exportNamedDeclaration
    /// a: local (an `identifier` reference, or a name when re-exported), b: exported name or none (no `as`).
    case exportSpecifier
    /// a: declaration (function or class, possibly anonymous) or expression.
    case exportDefaultDeclaration
    /// a: exported name or none (`export * from`), b: source, c: attributes list.
    case exportAllDeclaration

    // MARK: Expressions
    /// A reference to a name. a: name, b: reference index (`SyntaxTree.references`).
    case identifier
    /// A name that is not a reference (member and property names, labels, module export names,
    /// meta property parts). a: name.
    case identifierName
    /// `#name`. a: name (without `#`).
    case privateName
    /// `this`. No fields.
    case thisExpression
    /// `super` (in `super(...)` or `super.x`). No fields.
    case superExpression
    /// `null`. No fields.
    case nullLiteral
    /// The text is `true` or `false`.
    case booleanLiteral
    /// Numbers and BigInts (the text says which).
    case numberLiteral
    /// A string literal (its text keeps the quotes and escapes).
    case stringLiteral
    /// A regular expression literal, `/pattern/flags`.
    case regexLiteral
    /// a: list of `templateElement`s and the expressions between them, alternating (it starts and ends with an
    /// element, so an element more than expressions).
    case templateLiteral
    /// One raw part of a template, its delimiters included (a backtick, `a`, `${` for the first part; `}b${` in the
    /// middle; `}c` and a backtick at the end).
    case templateElement
    /// a: tag, b: `templateLiteral`.
    case taggedTemplate
    /// a: list of elements (`elision` for holes).
    case arrayExpression
    /// A hole in an array literal or pattern.
    case elision
    /// a: list of `property` / `spreadElement`.
    case objectExpression
    /// An object literal or object pattern member. op: `SyntaxPropertyKind`; a: key, b: value (a function
    /// expression for methods and accessors; a pattern in object patterns); flags `computed`, `shorthand`.
    case property
    /// op unused; a: id (`bindingIdentifier`) or none, b: list of parameter patterns, c: body `blockStatement`;
    /// flags `async`, `generator`.
    case functionExpression
    /// a: none, b: list of parameter patterns, c: body (block, or expression with flag `expressionBody`);
    /// flag `async`.
    case arrowFunction
    /// a: id or none, b: superclass or none, c: list of members.
    case classExpression
    /// op: `SyntaxOperator`; a: argument.
    case unaryExpression
    /// op: `++`/`--`; a: argument; flag `prefix`.
    case updateExpression
    /// op: `SyntaxOperator` (arithmetic, comparison, bitwise, `in`, `instanceof`); a: left, b: right.
    case binaryExpression
    /// op: `&&`, `||`, `??`; a: left, b: right.
    case logicalExpression
    /// op: `=` or a compound assignment; a: target (pattern or expression), b: value.
    case assignmentExpression
    /// a: test, b: consequent, c: alternate.
    case conditionalExpression
    /// a: list of expressions.
    case sequenceExpression
    /// a: callee, b: list of arguments; flags `optional` (`?.(`), `pure` (`/*#__PURE__*/` before it).
    case callExpression
    /// a: callee, b: list of arguments (flag `hasArguments` when `()` were written); flag `pure`.
    case newExpression
    /// a: object, b: property (`identifierName`/`privateName`, or an expression with flag `computed`); flag `optional`.
    case memberExpression
    /// The whole of an optional chain (`a?.b.c`). a: its expression.
    case chainExpression
    /// `...a` in arrays, calls and objects. a: argument.
    case spreadElement
    /// a: argument or none; flag `delegate` for `yield*`.
    case yieldExpression
    /// a: argument.
    case awaitExpression
    /// `import(a)` or `import(a, b)`. a: specifier, b: options or none.
    case importCall
    /// `import.meta` (op 0) or `new.target` (op 1).
    case metaProperty

    // MARK: Patterns
    /// A name being declared. a: name, b: symbol index (`SyntaxTree.symbols`).
    case bindingIdentifier
    /// a: list of elements (`elision` for holes, `restElement` last).
    case arrayPattern
    /// a: list of `property` (value a pattern) and `restElement`.
    case objectPattern
    /// a: target pattern, b: default value.
    case assignmentPattern
    /// a: target pattern.
    case restElement

    // MARK: Class members
    /// op: `SyntaxPropertyKind` (method, get, set; `constructor` is a method named so); a: key, b: function
    /// expression; flags `static`, `computed`.
    case methodDefinition
    /// a: key, b: value or none; flags `static`, `computed`.
    case propertyDefinition
    /// `static { }`. a: the body (a `blockStatement`, the scope of a function without parameters).
    case staticBlock
}

/// Flags of a `SyntaxNode` (bit set in `SyntaxNode.flags`).
public struct SyntaxFlags: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt16
    /// The flags whose bits are set in `rawValue`.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `?.` on this member access or call.
    @inlinable public static var optional: SyntaxFlags { SyntaxFlags(rawValue: 1 << 0) }
    /// A computed key or member (`[expr]`).
    @inlinable public static var computed: SyntaxFlags { SyntaxFlags(rawValue: 1 << 1) }
    /// A `static` class member.
    @inlinable public static var isStatic: SyntaxFlags { SyntaxFlags(rawValue: 1 << 2) }
    /// An `async` function or arrow function (for a method, set on its function expression).
    @inlinable public static var isAsync: SyntaxFlags { SyntaxFlags(rawValue: 1 << 3) }
    /// A generator function (`function*`; for a method `*m()`, set on its function expression).
    @inlinable public static var generator: SyntaxFlags { SyntaxFlags(rawValue: 1 << 4) }
    /// `{a}` / `{a = 1}`: key and value written once.
    @inlinable public static var shorthand: SyntaxFlags { SyntaxFlags(rawValue: 1 << 5) }
    /// `++a` rather than `a++`.
    @inlinable public static var prefix: SyntaxFlags { SyntaxFlags(rawValue: 1 << 6) }
    /// `yield*`.
    @inlinable public static var delegate: SyntaxFlags { SyntaxFlags(rawValue: 1 << 7) }
    /// A `/*#__PURE__*/` or `/*@__PURE__*/` comment stood just before the call or `new`.
    @inlinable public static var pure: SyntaxFlags { SyntaxFlags(rawValue: 1 << 8) }
    /// An arrow function whose body is an expression.
    @inlinable public static var expressionBody: SyntaxFlags { SyntaxFlags(rawValue: 1 << 9) }
    /// `for await`.
    @inlinable public static var isAwait: SyntaxFlags { SyntaxFlags(rawValue: 1 << 10) }
    /// `new X` written with an argument list.
    @inlinable public static var hasArguments: SyntaxFlags { SyntaxFlags(rawValue: 1 << 11) }
    /// An import declaration written with `{ }`.
    @inlinable public static var hasBraces: SyntaxFlags { SyntaxFlags(rawValue: 1 << 12) }
    /// The expression was written in parentheses (kept for tools that care; the printer re-derives them).
    @inlinable public static var parenthesized: SyntaxFlags { SyntaxFlags(rawValue: 1 << 13) }
}

/// `var`, `let` or `const` (`SyntaxNode.op` of a `variableDeclaration`).
public enum SyntaxVariableKind: UInt8, Sendable {
    /// `var`.
    case `var`
    /// `let`.
    case `let`
    /// `const`.
    case `const`
}

/// How an import specifier binds (`SyntaxNode.op` of an `importSpecifier`).
public enum SyntaxImportKind: UInt8, Sendable {
    /// `import a from`.
    case `default`
    /// `import * as a from`.
    case namespace
    /// `import { a as b } from`.
    case named
}

/// What an object or class member is (`SyntaxNode.op` of `property` and `methodDefinition`).
public enum SyntaxPropertyKind: UInt8, Sendable {
    /// `key: value` (or shorthand) in a literal or pattern.
    case initializer
    /// A method: `m() { }`.
    case method
    /// A getter: `get m() { }`.
    case getter
    /// A setter: `set m(v) { }`.
    case setter
}
