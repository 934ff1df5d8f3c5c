/// The module-level facts of a parsed source: static imports and exports, dynamic `import()`,
/// CommonJS `require(...)` and the token ranges a bundler rewrites.
public struct ModuleSyntax: Sendable, Equatable {
    /// A static module request (`import ... from "x"`, `import "x"`, `export ... from "x"`), in source order.
    public struct Request: Sendable, Equatable {
        /// The module specifier, as written (`"./a.js"`, `"lodash-es"`).
        public let specifier: String
        /// Token index of the specifier string.
        public let token: Int
        /// The `type` import attribute (`with { type: "json" }`), if any.
        public let attributeType: String?
    }

    /// A name imported by an `import` declaration.
    public struct ImportBinding: Sendable, Equatable {
        /// Index into `requests`.
        public let request: Int
        /// The exported name asked for; `nil` for `* as ns`.
        public let importedName: String?
        /// The local binding's declaration.
        public let declaration: Int
    }

    /// One exported name.
    public struct Export: Sendable, Equatable {
        /// Where an exported name's value comes from.
        public enum Source: Sendable, Equatable {
            /// A local binding (`export const a`, `export {a as b}`, `export default function f`).
            case local(name: String, token: Int)
            /// `export default <expression>` or an anonymous default function/class.
            case defaultExpression
            /// `export {x as y} from "m"`: the request index and the imported name.
            case reexport(request: Int, importedName: String)
            /// `export * as ns from "m"`.
            case namespace(request: Int)
        }

        /// The name other modules import (`default` for a default export).
        public let exportedName: String
        /// Where the value comes from: a local binding, a default expression, a re-export or a namespace.
        public let source: Source
        /// Token index of the exported name (for error locations).
        public let token: Int
    }

    /// How `export default` is written.
    public struct DefaultExport: Sendable, Equatable {
        /// Token indexes of `export` and `default`.
        public let exportToken: Int
        /// `true` for `export default function name` / `class name`: a named declaration stays as is.
        public let isNamedDeclaration: Bool
        /// `true` for an anonymous `function`/`class` declaration (needs a `;` after its last token).
        public let isAnonymousDeclaration: Bool
        /// Last token of the exported declaration or expression.
        public let lastToken: Int
    }

    /// `import("x")` with a string argument, or `import(expr)`.
    public struct DynamicImport: Sendable, Equatable {
        /// Token index of `import`.
        public let importToken: Int
        /// Token index of the string argument, if the argument is a single string literal.
        public let specifierToken: Int?
        /// The string argument's value, if the argument is a single string literal.
        public let specifier: String?
    }

    /// `require("x")` where `require` is free.
    public struct RequireCall: Sendable, Equatable {
        /// Token index of `require`.
        public let requireToken: Int
        /// Token index of the string argument.
        public let specifierToken: Int
        /// The required module's specifier.
        public let specifier: String
    }

    /// `require.context("dir", recursive, /regex/)` where `require` is free (webpack API).
    public struct RequireContextCall: Sendable, Equatable {
        /// Token index of `require`.
        public let requireToken: Int
        /// Token index of the closing `)`.
        public let closeToken: Int
        /// The folder searched, as written (relative to the file).
        public let directory: String
        /// Token index of the folder's string.
        public let directoryToken: Int
        /// Whether subfolders are searched too.
        public let recursive: Bool
        /// Regular expression source text (without slashes and flags), if given.
        public let pattern: String?
        /// The regular expression's flags (empty when none or no pattern).
        public let flags: String
    }

    /// The static module requests, in source order.
    public package(set) var requests: [Request] = []
    /// The names bound by `import` declarations.
    public package(set) var imports: [ImportBinding] = []
    /// Every exported name, in source order.
    public package(set) var exports: [Export] = []
    /// Request indexes of `export * from "m"`.
    public package(set) var starExports: [Int] = []
    /// Token ranges of `import` declarations and `export {...}` / `export ... from` statements (with their `;`).
    public package(set) var removableStatements: [Range<Int>] = []
    /// Token indexes of `export` keywords before `var`/`let`/`const`/`function`/`class` declarations.
    public package(set) var exportKeywords: [Int] = []
    /// How `export default` is written, if the module has one.
    public package(set) var defaultExport: DefaultExport?
    /// The `import()` expressions, in source order.
    public package(set) var dynamicImports: [DynamicImport] = []
    /// The `require("x")` calls with a literal specifier, in source order.
    public package(set) var requireCalls: [RequireCall] = []
    /// The `require.context(...)` calls, in source order.
    public package(set) var requireContexts: [RequireContextCall] = []
    /// First top-level `await`, if any.
    public package(set) var topLevelAwait: Int?
    /// First `import.meta`, if any.
    public package(set) var importMeta: Int?
    /// Whether free `module` or `exports` is referenced (CommonJS).
    public package(set) var usesModuleOrExports = false
    /// Whether free `require` is referenced in any way.
    public package(set) var usesRequire = false

    /// Whether the source has ES module syntax (static import/export, top-level await or `import.meta`).
    public var hasModuleSyntax: Bool {
        !requests.isEmpty || !exports.isEmpty || !starExports.isEmpty || defaultExport != nil
            || !removableStatements.isEmpty || topLevelAwait != nil || importMeta != nil
    }
}
