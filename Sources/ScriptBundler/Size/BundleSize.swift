/// What a size report needs about one bundle: the modules it was built from and where its bytes come from.
public struct BundleSize: Sendable, Equatable {
    /// Every input the bundle was built from, entries first in group order, then imported modules in the order
    /// the build found them.
    public let modules: [BundleModule]
    /// The written bundle file's bytes, attributed to the inputs.
    public let attribution: ByteAttribution

    /// Creates a size from the bundle's modules and the attribution of its bytes.
    public init(modules: [BundleModule], attribution: ByteAttribution) {
        self.modules = modules
        self.attribution = attribution
    }
}
