/// A top-level statement of a file read by `StaticProgramReader`.
public struct StaticStatement: Sendable, Equatable {
    /// The names a declaration binds.
    public enum Binding: Sendable, Equatable {
        /// `const name = ...`.
        case name(String)
        /// `const { key, key: local } = ...`: each property key with the local name it binds.
        case properties([(key: String, local: String)])
        /// A pattern the reader does not follow (`[a, b]`, defaults, rest).
        case unsupported

        /// Whether two bindings bind the same names (property lists compared in order).
        public static func == (lhs: Binding, rhs: Binding) -> Bool {
            switch (lhs, rhs) {
            case let (.name(a), .name(b)): return a == b
            case let (.properties(a), .properties(b)): return a.elementsEqual(b) { $0.key == $1.key && $0.local == $1.local }
            case (.unsupported, .unsupported): return true
            default: return false
            }
        }
    }

    /// One `export { local as exported }` entry.
    public struct ExportedName: Sendable, Equatable {
        /// The local name exported.
        public let local: String
        /// The name it is exported as.
        public let exported: String
        /// 1-based line of the entry.
        public let line: Int
        /// 1-based column of the entry.
        public let column: Int

        /// Made from every stored property (the memberwise initializer, for the stages above).
        package init(local: String, exported: String, line: Int, column: Int) {
            self.local = local
            self.exported = exported
            self.line = line
            self.column = column
        }
    }

    /// What a statement does, as far as the reader follows it.
    public enum Kind: Sendable, Equatable {
        /// `const|let|var binding = value` (one per declarator; `value` is `nil` without an initializer);
        /// `isExported` for `export const ...`.
        case declaration(binding: Binding, value: StaticExpression?, isExported: Bool)
        /// `a.b.c = value` where the target is a chain of names (`module.exports`, `exports.X`).
        case assignment(target: [String], value: StaticExpression)
        /// `export default value`.
        case exportDefault(StaticExpression)
        /// `export { a, b as c }` (without `from`).
        case exportNames([ExportedName])
        /// Any other expression statement (a call, for example).
        case expression(StaticExpression)
        /// A statement the reader skipped (a loop, a function declaration, an import), described.
        case other(String)
    }

    /// What the statement does.
    public let kind: Kind
    /// 1-based line and column of the statement's first token.
    public let line: Int
    /// 1-based column of the statement's first token.
    public let column: Int
}
