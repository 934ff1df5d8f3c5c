#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the first line of small system files (sysfs, cgroup) with plain system calls: Foundation's file reading
/// costs more than the read itself at start-up.
enum SmallFile {
    /// The first line of the file at `path` (of its first 128 bytes), or nil when it cannot be read.
    package static func firstLine(_ path: String) -> Substring? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
    }
}
