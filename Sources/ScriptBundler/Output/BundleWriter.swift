import ScriptSyntax
import WKPackSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes outputs atomically: every changed file goes to a temporary file in the output folder first;
/// only when all temporary files exist are they renamed over the targets. Unchanged files are not touched.
/// The whole write holds an advisory lock on the output folder (`flock`), so concurrent runs do not interleave.
/// (`StagedOutput` does the work; a build can also stage its bundles as they are built.)
struct BundleWriter {
    let fileSystem: any BundlerFileSystem

    func write(_ files: [(name: String, bytes: [UInt8])], to folder: String) throws(BundlerError) -> [WrittenFile] {
        try StagedOutput(folder: folder, fileSystem: fileSystem).commit(files)
    }

    /// `write` of files held as parts (a source map: `SourceMapBuilder.jsonParts`), each written in order, not joined.
    func write(_ files: [(name: String, bytes: OutputBytes)], to folder: String) throws(BundlerError) -> [WrittenFile] {
        try StagedOutput(folder: folder, fileSystem: fileSystem).commit(files)
    }

    /// Whether `a` and `b` hold the same bytes (one `memcmp`, not an element-by-element loop).
    static func equalBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}
