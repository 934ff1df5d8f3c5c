import ScriptSyntax
import WKPackSupport

/// Where a build reads each group's sources from: the seam watch mode fills (`SourceCache`) to serve unchanged
/// files and their tokens from memory and to learn every path a group's build looked at. Without a provider a
/// build reads the file system and tokenizes every file.
protocol BuildSourceProvider: Sendable {
    /// A reader for one group's build, reading the file system through `base`.
    func groupReader(over base: any BundlerFileSystem) -> any GroupSourceReader
}

/// One group's sources as a `BuildSourceProvider` serves them: a file system that also keeps tokens and
/// records what the build read.
protocol GroupSourceReader: BundlerFileSystem {
    /// The tokens of `bytes` (the current content of the absolute `path`), or nil to let the build tokenize them.
    func tokenization(at path: String, bytes: [UInt8]) throws(JavaScriptSyntaxError) -> JavaScriptTokenization?
    /// Every path the build read, probed or listed (absolute; a listed folder also as its path plus `/`).
    var recordedInputs: Set<String> { get }
}
