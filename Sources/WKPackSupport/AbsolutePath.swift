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
    package static func display(_ path: String) -> String {
        let current = currentDirectory()
        guard current != "/", path.hasPrefix(current + "/") else { return path }
        return String(path.dropFirst(current.count + 1))
    }

    /// The process's current directory ("/" where it cannot be read). Asked each time (the process may change it),
    /// into a buffer the C library allocates at the path's length: a zeroed 4 KiB array scanned for its end and copied
    /// was most of the cost, and `display(_:)` runs for each file of a build (step 4r).
    static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(decoding: UnsafeRawBufferPointer(start: path, count: strlen(path)), as: UTF8.self)
    }
}
