#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file's bytes through a read-only mapping, for commands that only read a file once (`rules check`):
/// no array is allocated and filled, and the pages are the page cache's own.
///
/// The mapping covers the size the file had when it was opened, and nothing past that size is read. A file
/// truncated by another process while it is mapped can still end the process on access to the lost pages, as it
/// does for every tool that maps files; a file that grows is read at its earlier size.
enum MappedFile {
    /// Calls `body` with the bytes of the regular file at `path`, mapped for the call and unmapped after it; nil when
    /// the file cannot be mapped (it does not exist or cannot be opened, it is not a regular file, such as a pipe or a
    /// device, it is empty, or the mapping fails): the caller reads it instead, and reports why it cannot.
    static func withBytes<Value>(ofFile path: String, _ body: (UnsafeRawBufferPointer) -> Value) -> Value? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            let size = Int(exactly: status.st_size)
        else {
            close(descriptor)
            return nil
        }
        let address = mmap(nil, size, PROT_READ, mapFlags, descriptor, 0)
        // The mapping keeps the file open; the descriptor is no longer needed.
        close(descriptor)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        defer { munmap(address, size) }
        return body(UnsafeRawBufferPointer(start: address, count: size))
    }

    /// Private and read-only; on Linux the page tables are filled at once (`MAP_POPULATE`) instead of by one page
    /// fault per group of pages as the command reads them.
    private static var mapFlags: Int32 {
        #if os(Linux)
        MAP_PRIVATE | MAP_POPULATE
        #else
        MAP_PRIVATE
        #endif
    }
}
