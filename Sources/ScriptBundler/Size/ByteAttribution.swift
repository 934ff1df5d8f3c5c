/// Where the bytes of one written bundle file come from: each input's share, the code the bundler generated
/// around the inputs, and the trailing `//# sourceURL` / `//# sourceMappingURL` comments. The three parts add up to
/// the file's byte count.
public struct ByteAttribution: Sendable, Equatable {
    /// One input's bytes in the output.
    public struct Share: Sendable, Equatable {
        /// The input's path, relative to the project folder.
        public let path: String
        /// The bytes of the written file that come from this input.
        public let bytesInOutput: Int

        /// Creates a share of `bytesInOutput` bytes for the input at `path`.
        public init(path: String, bytesInOutput: Int) {
            self.path = path
            self.bytesInOutput = bytesInOutput
        }
    }

    /// The written file's byte count.
    public let outputBytes: Int
    /// Inputs with at least one byte in the output, largest first (ties by path).
    public let inputs: [Share]
    /// Generated code: per-file wrappers, the module runtime, banners, the license pointer, line breaks between
    /// pieces.
    public let generatedBytes: Int
    /// The trailing `//# sourceURL=` and `//# sourceMappingURL=` lines (an inline map is counted here).
    public let urlCommentBytes: Int

    /// Creates an attribution whose parts add up to `outputBytes`.
    public init(outputBytes: Int, inputs: [Share], generatedBytes: Int, urlCommentBytes: Int) {
        self.outputBytes = outputBytes
        self.inputs = inputs
        self.generatedBytes = generatedBytes
        self.urlCommentBytes = urlCommentBytes
    }

    /// The bytes not attributed to an input (generated code and URL comments).
    public var unattributedBytes: Int { generatedBytes + urlCommentBytes }
}
