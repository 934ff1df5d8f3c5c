/// What a module specifier resolved to.
enum ResolvedModule: Sendable, Equatable, Hashable {
    /// A file (absolute, normalized path).
    case file(String)
    /// An empty module (`false` in `alias:` or `fallback:`), named for messages.
    case empty(String)
    /// `script-loader!path`: the file's text runs once in global scope.
    case scriptLoader(String)

    /// A string that tells modules apart as `==` does (the case, then the path or name), for dictionaries keyed by
    /// `String`: its `Hashable` conformance is then the one every build already looked up at run time.
    package var key: String {
        switch self {
        case .file(let path): "f" + path
        case .empty(let name): "e" + name
        case .scriptLoader(let path): "s" + path
        }
    }
}
