#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes paths absolute against the process's current directory.
public enum AbsolutePath {
    /// `path` made absolute against the current directory, with `.`, `..` and repeated `/` removed lexically.
    public static func make(_ path: String) -> String {
        if path.hasPrefix("/") { return Paths.normalize(path) }
        return Paths.normalize(Paths.join(currentDirectory(), path))
    }

    /// `path` (absolute) relative to the current directory when it lies inside it, as errors show paths.
    static func display(_ path: String) -> String {
        let current = currentDirectory()
        guard current != "/", path.hasPrefix(current + "/") else { return path }
        return String(path.dropFirst(current.count + 1))
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
