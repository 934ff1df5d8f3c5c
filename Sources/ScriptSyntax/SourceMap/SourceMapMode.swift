/// Where a bundle's source map goes.
///
/// Bundles that a WKWebView app injects with `WKUserScript` have no URL of their own, so every bundle built in
/// development mode (or with inline maps) ends with `//# sourceURL=<Name>.js`, and development defaults to
/// inline maps: a relative `sourceMappingURL` would otherwise resolve against the page.
///
/// **Wrapped bundles.** Apps such as firefox-ios inject
/// `(function() { const APP_ID_TOKEN = '…'; <bundle> })()`. Keep the prefix on the bundle's first line (no
/// line break between the prefix and the bundle) and the suffix after the bundle's final line break: every
/// wkpack bundle starts with a line that holds no mapped code (a banner comment in development, an empty
/// line or the license pointer in production), so the prefix shifts no mapped column and no line, and both
/// map styles stay exact. A wrapper that inserts line breaks before the bundle shifts every line by that many
/// lines; avoid it (or prepend as many `;` to the map's `mappings`).
public enum SourceMapMode: String, Sendable, CaseIterable {
    /// `<Name>.js.map` next to the bundle, linked by `//# sourceMappingURL=<Name>.js.map`.
    case external
    /// A `data:` URI in the `sourceMappingURL` comment.
    case inline
    /// No source map.
    case none
}
