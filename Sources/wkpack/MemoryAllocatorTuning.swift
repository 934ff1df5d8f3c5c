#if canImport(Glibc)
import Glibc
#endif

/// Process-wide allocator settings for a short-lived build process.
enum MemoryAllocatorTuning {
    /// On glibc, keeps freed memory in the process instead of returning it to the kernel: large buffers
    /// (file contents, token arrays, output) are otherwise mmapped and page-faulted afresh on every allocation,
    /// and the heap top is trimmed and regrown between files. The process exits soon after a build; a watch
    /// process keeps its peak build's memory for the next rebuild.
    static func apply() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module does not include: look it up instead.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        // <malloc.h>: M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3.
        // Serve large allocations from the heap rather than fresh mmaps (glibc accepts up to Int32.max).
        _ = mallopt(-3, Int32.max)
        // Never give the top of the heap back to the kernel during the run.
        _ = mallopt(-1, Int32.max)
        // Grow the heap in large steps, so it is extended (and its new pages mapped) rarely.
        _ = mallopt(-2, 256 << 20)
        #endif
    }
}
