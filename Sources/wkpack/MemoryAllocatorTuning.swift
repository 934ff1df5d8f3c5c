#if canImport(Glibc)
import Glibc
#endif
import ScriptBundler

/// Process-wide allocator settings for a short-lived build process.
enum MemoryAllocatorTuning {
    /// On glibc, keeps freed memory in the process instead of returning it to the kernel: large buffers
    /// (file contents, token arrays, output) are otherwise mmapped and page-faulted afresh on every allocation,
    /// and the heap top is trimmed and regrown between files. The process exits soon after a build; a watch
    /// process keeps its peak build's memory for the next rebuild.
    ///
    /// Then asks for transparent huge pages for the heaps (the main one and each worker thread's arena) where
    /// the kernel gives them on request (`madvise` mode): a build touches most of its memory once, one page fault
    /// per 4 KiB page otherwise (about 23,000 for the firefox-shaped benchmark tree, a seventh of its CPU time).
    /// Not in a guest that reports its free pages to the hypervisor (`FreePageReporting`): there a huge page
    /// freed a few seconds earlier costs the host's faults on all of its 4 KiB pages (64 MiB touched: 3 ms in
    /// huge pages just freed by another process, 55-150 ms in reported ones, 21-31 ms in small pages), and a build
    /// started after an idle pause took 44% longer with huge pages (firefox-shaped tree, 125 ms against 87).
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
        #if os(Linux)
        // Advice is harmless where it is not needed (`always`: every heap has huge pages) or ignored (`never`,
        // or a kernel without them), so the kernel's mode is not read first (a sysfs read costs ~0.2 ms). Where
        // free pages are reported, the process opts out of huge pages, which `always` mode would give it too
        // (the check is one failed `opendir` elsewhere).
        if FreePageReporting.isActive() {
            HugePages.disableForProcess()
            return
        }
        HugePages.adviseMainHeap()
        WorkerThreadSetup.onStart { HugePages.adviseThreadArena() }
        #endif
        #endif
    }
}

#if os(Linux) && canImport(Glibc)
/// Transparent huge pages for the allocator's heaps, asked for with `madvise(MADV_HUGEPAGE)`.
enum HugePages {
    /// glibc's thread arenas are heaps of this size at addresses aligned to it (`HEAP_MAX_SIZE` on 64-bit).
    static let arenaHeapSize = 64 << 20
    static let hugePageSize = 2 << 20
    /// How much of the start of each heap keeps small pages. None: on the 2-core machines this runs on, a small
    /// page's fault costs more than zeroing what a huge page adds (`scripts/bench/ab`, 60-80 interleaved pairs,
    /// 4 MiB of small pages against none: own tree 8.0 -> 6.5 ms CPU, plain 44.3 -> 43.3 ms, firefox-shaped
    /// unchanged at 2,029 instead of 3,562 page faults; `wkpack help` 3.4 -> 2.8 ms in hyperfine). An earlier
    /// machine measured the opposite for the own tree (0.5 ms more without small pages), so this is kept as a knob.
    static let smallPagePart = 0

    /// Opts the process out of transparent huge pages (`prctl(PR_SET_THP_DISABLE)`), whatever the kernel's mode.
    static func disableForProcess() {
        // `prctl` is variadic in C, which Swift does not import: look it up with its five-word form.
        typealias Control = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Control.self)
        let setTHPDisable: Int32 = 41  // <linux/prctl.h> PR_SET_THP_DISABLE
        _ = prctl(setTHPDisable, 1, 0, 0, 0)
    }

    /// The main heap (`brk`): grows it now by the top pad and advises the new part past `smallPagePart`.
    static func adviseMainHeap() {
        guard let before = sbrk(0) else { return }
        // Larger than what start-up left at the top of the heap, so the heap grows by it and the pad.
        guard let block = malloc(1 << 20) else { return }
        defer { free(block) }
        guard let after = sbrk(0) else { return }
        advise(from: UInt(bitPattern: before) + UInt(smallPagePart), to: UInt(bitPattern: after))
    }

    /// The calling thread's arena: glibc gives a new thread a heap of its own (`arenaHeapSize`, aligned to it),
    /// mapped once and opened up as it grows; the advice covers all of it past `smallPagePart`.
    static func adviseThreadArena() {
        guard let block = malloc(64) else { return }
        defer { free(block) }
        let address = UInt(bitPattern: block)
        // Memory of the main heap lies below the program break: that heap is advised already.
        if let end = sbrk(0), address < UInt(bitPattern: end) { return }
        let start = address & ~UInt(arenaHeapSize - 1)
        advise(from: start + UInt(smallPagePart), to: start + UInt(arenaHeapSize))
    }

    /// Advises the whole huge pages in `start..<end` (parts not mapped are skipped by the kernel).
    private static func advise(from start: UInt, to end: UInt) {
        let size = UInt(hugePageSize)
        let first = (start + size - 1) & ~(size - 1)
        guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, Int(end - first), MADV_HUGEPAGE)
    }
}
#endif
