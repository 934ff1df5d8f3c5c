/// Where a bundle's source map goes.
public enum SourceMapMode: String, Sendable, CaseIterable {
    /// `<Name>.js.map` next to the bundle, linked by `//# sourceMappingURL=<Name>.js.map`.
    case external
    /// A `data:` URI in the `sourceMappingURL` comment.
    case inline
    /// No source map.
    case none
}
