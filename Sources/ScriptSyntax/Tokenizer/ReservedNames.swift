/// The names a renamer never gives a binding: ECMAScript's reserved words (strict mode's too), and names that
/// read specially where they occur (`arguments`, `eval`, `undefined`, `NaN`, `Infinity`, and the contextual
/// `async`, `of`, `get`, `set`). The minifier's renamers and the linker's shared-scope names avoid them.
package enum ReservedNames {
    /// Words that cannot (or should not) name a binding.
    package static let words: Set<String> = [
        "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
        "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var",
        "void", "while", "with", "yield", "let", "static", "implements", "interface", "package", "private",
        "protected", "public", "arguments", "eval", "undefined", "NaN", "Infinity", "async", "of", "get", "set",
    ]
}
