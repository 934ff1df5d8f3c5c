/// What a module specifier resolved to.
enum ResolvedModule: Sendable, Equatable, Hashable {
    /// A file (absolute, normalized path).
    case file(String)
    /// An empty module (`false` in `alias:` or `fallback:`), named for messages.
    case empty(String)
    /// `script-loader!path`: the file's text runs once in global scope.
    case scriptLoader(String)
}
