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
    private typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private typealias CloseRange = @convention(c) (UInt32, UInt32, Int32) -> Int32

    /// What the waiter needs, looked up before it starts: it must not enter the dynamic loader (whose locks the
    /// exiting process may hold, and whose lock owner it would pass for, sharing its thread's state).
    private struct WaiterContext {
        var parent: pid_t
        var processControl: ProcessControl?
        var closeRange: CloseRange?
    }

    /// Starts the waiter: a process sharing this one's memory until this one has ended. Does nothing when it
    /// cannot (the exit then frees the memory as usual).
    private static func startWaiter() {
        // `clone` is declared variadic, which Swift does not import: look it up with its four fixed arguments.
        typealias Clone = @convention(c) (@convention(c) (UnsafeMutableRawPointer?) -> Int32, UnsafeMutableRawPointer?, Int32,
                                          UnsafeMutableRawPointer?) -> Int32
        guard let symbol = dlsym(nil, "clone") else { return }
        let clone = unsafeBitCast(symbol, to: Clone.self)
        let stackSize = 64 << 10
        guard let stack = mmap(nil, stackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              stack != MAP_FAILED else { return }
        // Never freed: the memory goes with the waiter.
        let context = UnsafeMutablePointer<WaiterContext>.allocate(capacity: 1)
        context.initialize(to: WaiterContext(
            parent: getpid(),
            processControl: dlsym(nil, "prctl").map { unsafeBitCast($0, to: ProcessControl.self) },
            closeRange: dlsym(nil, "close_range").map { unsafeBitCast($0, to: CloseRange.self) }))
        // CLONE_VM: the same memory, not a copy. SIGCHLD: an ordinary child when it ends (reaped by whoever
        // adopts it). The stack grows down from its top.
        let cloneVM: Int32 = 0x100
        let started = clone({ argument in
            if let argument { DetachedTeardown.wait(argument.assumingMemoryBound(to: WaiterContext.self).pointee) }
            return 0
        }, stack + stackSize, cloneVM | SIGCHLD, UnsafeMutableRawPointer(context))
        if started < 0 { munmap(stack, stackSize) }
    }

    /// The waiter's body. It shares the exiting process's memory and its thread's state (errno), so it makes
    /// system calls only, through thin wrappers.
    private static func wait(_ context: WaiterContext) {
        // PR_SET_PDEATHSIG: killed as soon as the build has ended. Without it, or once the build has ended
        // already, it ends at once (freeing the memory now, as the build's own exit would).
        guard let control = context.processControl, control(1, UInt(SIGKILL), 0, 0, 0) == 0, getppid() == context.parent else {
            _exit(0)
        }
        // Its copies of the build's files (standard output and error among them) would keep their readers waiting.
        if context.closeRange?(0, UInt32.max, 0) != 0 {
            var descriptor: Int32 = 0
            while descriptor < 1024 {
                close(descriptor)
                descriptor += 1
            }
        }
        while true { pause() }
    }
    #endif
}
