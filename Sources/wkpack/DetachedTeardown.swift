import WKPackCLI
#if canImport(Glibc)
import Glibc
#endif

/// Lets a one-shot build end without waiting for the kernel to take its memory back.
///
/// A process's pages are freed when it exits, before its parent learns that it ended: about 65 µs per MiB of
/// 4 KiB pages here (the firefox-shaped benchmark tree's build holds ~70 MB: 4.5 ms of every run; the large
/// tree's 25 ms), time in which the outputs are written but the shell, Xcode or CI still waits. So as the build
/// exits (its last exit handler) it starts a small process that shares its memory (`clone` with `CLONE_VM`, no
/// copy) and does nothing but wait for the build's end: the build's exit then only drops its hold on the memory,
/// and the waiter, which the kernel kills when the build has ended (`PR_SET_PDEATHSIG`), frees it in the
/// background. The waiter closes its copies of the build's files first, so a reader of the build's output sees
/// it end with the build. The mold linker ends its runs early for the same reason (with a fork at the start).
///
/// Linux only, one-shot builds only (`WKPackCommand.isOneShotBuild`), and not with `WKPACK_INLINE_TEARDOWN` set:
/// then the freeing is the build's own, as measurements of a process's CPU time need (`scripts/bench/ab` sets it).
enum DetachedTeardown {
    /// Arranges the detached teardown for this process's exit when `arguments` are a one-shot build.
    static func arrange(for arguments: [String]) {
        #if os(Linux) && canImport(Glibc)
        guard getenv("WKPACK_INLINE_TEARDOWN") == nil, WKPackCommand.isOneShotBuild(arguments) else { return }
        // Registered first, so it runs last of the exit handlers.
        atexit { DetachedTeardown.startWaiter() }
        #endif
    }

    #if os(Linux) && canImport(Glibc)
    /// Starts the waiter: a process sharing this one's memory until this one has ended. Does nothing when it
    /// cannot (the exit then frees the memory as usual).
    private static func startWaiter() {
        // `clone` is declared variadic, which Swift does not import: look it up with its four fixed arguments.
        typealias Clone = @convention(c) (@convention(c) (UnsafeMutableRawPointer?) -> Int32, UnsafeMutableRawPointer?, Int32,
                                          UnsafeMutableRawPointer?) -> Int32
        guard let symbol = dlsym(nil, "clone") else { return }
        let stackSize = 64 << 10
        guard let stack = mmap(nil, stackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              stack != MAP_FAILED else { return }
        // The waiter's argument: this process's ID, to notice an end that came before the death signal was set.
        let parent = UnsafeMutableRawPointer(bitPattern: Int(getpid()))
        let clone = unsafeBitCast(symbol, to: Clone.self)
        let cloneVM: Int32 = 0x100
        // CLONE_VM: the same memory, not a copy. SIGCHLD: an ordinary child when it ends (reaped by whoever
        // adopts it). The stack grows down from its top.
        _ = clone({ argument in
            DetachedTeardown.wait(parent: pid_t(truncatingIfNeeded: Int(bitPattern: argument)))
            return 0
        }, stack + stackSize, cloneVM | SIGCHLD, parent)
    }

    /// The waiter's body. It shares the exiting process's memory (and its thread's errno), so it only makes
    /// system calls that cannot fail or whose failure changes nothing.
    private static func wait(parent: pid_t) {
        typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        typealias CloseRange = @convention(c) (UInt32, UInt32, Int32) -> Int32
        // PR_SET_PDEATHSIG: killed as soon as the build has ended.
        if let symbol = dlsym(nil, "prctl") { _ = unsafeBitCast(symbol, to: ProcessControl.self)(1, UInt(SIGKILL), 0, 0, 0) }
        if getppid() != parent { _exit(0) }
        // Its copies of the build's files (standard output and error among them) would keep their readers waiting.
        if let symbol = dlsym(nil, "close_range"), unsafeBitCast(symbol, to: CloseRange.self)(0, UInt32.max, 0) == 0 {
        } else {
            for descriptor in Int32(0)..<1024 { close(descriptor) }
        }
        while true { pause() }
    }
    #endif
}
