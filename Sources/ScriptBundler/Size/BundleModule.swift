/// One input of a bundle as a metafile lists it: a file the bundle read, its size, its format and what it
/// imports.
public struct BundleModule: Sendable, Equatable {
    /// How a module is written, as esbuild's metafile names it.
    public enum Format: String, Sendable {
        /// An ES module (`import`/`export`).
        case esm
        /// A CommonJS module (`require`, `module.exports`).
        case cjs
    }

    /// How one module reaches another, with esbuild's names for the kinds.
    public enum ImportKind: String, Sendable {
        /// A static `import` or `export ... from`.
        case importStatement = "import-statement"
        /// A `require(...)` call, also for a `require.context` match.
        case requireCall = "require-call"
        /// An `import()` expression.
        case dynamicImport = "dynamic-import"
    }

    /// One resolved import.
    public struct Import: Sendable, Equatable {
        /// The imported module's path (relative to the project folder).
        public let path: String
        /// How the module is reached.
        public let kind: ImportKind

        /// Creates an import of the module at `path`.
        public init(path: String, kind: ImportKind) {
            self.path = path
            self.kind = kind
        }
    }

    /// Relative to the project folder; `(disabled):<name>` for a module configured as `false`.
    public let path: String
    /// The input's size in bytes.
    public let byteCount: Int
    /// `nil` for plain scripts, JSON files and disabled modules.
    public let format: Format?
    /// Imports in the order the module states them (static imports, `require` calls, `import()`,
    /// `require.context` matches), each target and kind once.
    public let imports: [Import]
    /// Whether the module is one of the group's files.
    public let isEntry: Bool

    /// Creates a module entry as a metafile lists it.
    public init(path: String, byteCount: Int, format: Format?, imports: [Import], isEntry: Bool) {
        self.path = path
        self.byteCount = byteCount
        self.format = format
        self.imports = imports
        self.isEntry = isEntry
    }
}
