/// How bundles are produced.
public enum BundleMode: String, Sendable, CaseIterable {
    /// A banner comment names each file.
    case development
    /// No banners (minification comes later).
    case production
}
