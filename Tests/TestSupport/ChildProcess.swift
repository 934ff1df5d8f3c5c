import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the tests run (node, wkpack, the WebKit oracle), started with `posix_spawn` and read with blocking
/// `read`/`poll` calls.
///
/// Not Foundation's `Process`/`Pipe`: on Linux both arm libdispatch event sources for every child and pipe, and
/// tearing many of them down concurrently (tests run in parallel) can leave a freed source in libdispatch's epoll
/// loop, which crashes the whole test process with SIGSEGV in `_dispatch_event_loop_drain`
/// (swift-corelibs-libdispatch issue 949; CI stop 38 of this project).
public final class ChildProcess: @unchecked Sendable {
    /// What a child's standard stream is connected to.
    public enum Stream: Sendable {
        /// A pipe the test reads (output) or writes (input).
        case pipe
        /// `/dev/null`.
        case null
        /// The test process's own stream.
        case inherit
    }

    /// A finished child's exit status and what it wrote.
    public struct Output: Sendable {
        /// The exit code, or 128 + the signal number when a signal ended it (the shell's convention).
        public var status: Int32
        public var standardOutput: Data
        public var standardError: Data

        public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
        public var stderr: String { String(decoding: standardError, as: UTF8.self) }
    }

    public struct LaunchFailure: Error, CustomStringConvertible {
        public var executable: String
        public var code: Int32
        public var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
    }

    /// The child's process ID.
    public let id: pid_t
    private let lock = NSLock()
    private var inputDescriptor: Int32
    /// The read ends of the output pipes (-1 when not a pipe); closed when the object goes away.
    public let outputDescriptor: Int32
    public let errorDescriptor: Int32
    private var finalStatus: Int32?

    /// Starts `executable` (a path) with `arguments`; `environment` replaces the test process's when given,
    /// `currentDirectory` is where it runs. The streams not given as pipes are not read.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, currentDirectory: String? = nil,
        input: Stream = .null, output: Stream = .pipe, error: Stream = .pipe
    ) throws {
        _ = Self.ignoreBrokenPipes
        var pipes: [(parent: Int32, child: Int32)?] = []
        var opened: [Int32] = []
        func closeOpened() { for descriptor in opened { close(descriptor) } }
        for (index, stream) in [input, output, error].enumerated() {
            guard stream == .pipe else { pipes.append(nil); continue }
            var ends: [Int32] = [-1, -1]
            guard Self.makePipe(&ends) == 0 else {
                let code = errno
                closeOpened()
                throw LaunchFailure(executable: executable, code: code)
            }
            opened += ends
            // Input: the child reads ends[0]; outputs: the child writes ends[1].
            pipes.append(index == 0 ? (ends[1], ends[0]) : (ends[0], ends[1]))
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (index, stream) in [input, output, error].enumerated() {
            let target = Int32(index)
            switch stream {
            case .pipe:
                if let pipe = pipes[index] { posix_spawn_file_actions_adddup2(&actions, pipe.child, target) }
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", index == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherit:
                break
            }
        }
        // Only the three streams: descriptors the test process opened without close-on-exec stay out of the child.
        Self.addCloseFrom(&actions, 3)
        if let currentDirectory {
            guard Self.addChangeDirectory(&actions, currentDirectory) == 0 else {
                for pipe in pipes.compactMap({ $0 }) { close(pipe.parent); close(pipe.child) }
                throw LaunchFailure(executable: executable, code: ENOSYS)
            }
        }

        // The child starts with every signal at its default action and none blocked, whatever the tests changed.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), empty = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        #if canImport(Darwin)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        #endif

        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value)"
        }
        var pid: pid_t = 0
        let status = Self.withCStrings([executable] + arguments) { argv in
            Self.withCStrings(environmentLines) { envp in
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            }
        }
        for pipe in pipes.compactMap({ $0 }) { close(pipe.child) }
        guard status == 0 else {
            for pipe in pipes.compactMap({ $0 }) { close(pipe.parent) }
            throw LaunchFailure(executable: executable, code: status)
        }
        id = pid
        // Written only when poll says there is room, and never blocked on (a full output pipe must be drained).
        if let input = pipes[0] { _ = fcntl(input.parent, F_SETFL, fcntl(input.parent, F_GETFL) | O_NONBLOCK) }
        inputDescriptor = pipes[0]?.parent ?? -1
        outputDescriptor = pipes[1]?.parent ?? -1
        errorDescriptor = pipes[2]?.parent ?? -1
    }

    deinit {
        if inputDescriptor >= 0 { close(inputDescriptor) }
        if outputDescriptor >= 0 { close(outputDescriptor) }
        if errorDescriptor >= 0 { close(errorDescriptor) }
        // Reaped so that no zombie is left when a test stops early (the child is killed first).
        if finalStatus == nil {
            kill(id, SIGKILL)
            var status: Int32 = 0
            while waitpid(id, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// Runs a program to its end: writes `input` to its standard input (then closes it), collects both outputs.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, currentDirectory: String? = nil,
        input: Data? = nil
    ) throws -> Output {
        let child = try ChildProcess(
            executable, arguments, environment: environment, currentDirectory: currentDirectory,
            input: input == nil ? .null : .pipe)
        return child.finish(writing: input ?? Data())
    }

    /// Writes `input` (then closes the child's standard input), reads the output pipes to their end, and waits.
    public func finish(writing input: Data = Data()) -> Output {
        var written = 0
        var out = Data(), err = Data()
        var open: [Int32: Bool] = [:]
        lock.withLock {
            if inputDescriptor >= 0, input.isEmpty { close(inputDescriptor); inputDescriptor = -1 }
        }
        if outputDescriptor >= 0 { open[outputDescriptor] = true }
        if errorDescriptor >= 0 { open[errorDescriptor] = true }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let writing = lock.withLock { inputDescriptor }
            var polled: [pollfd] = open.keys.sorted().map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if writing >= 0 { polled.append(pollfd(fd: writing, events: Int16(POLLOUT), revents: 0)) }
            if polled.isEmpty { break }
            let ready = poll(&polled, nfds_t(polled.count), -1)
            if ready < 0 { if errno == EINTR { continue } else { break } }
            for entry in polled where entry.revents != 0 {
                if entry.fd == writing {
                    let count = input.withUnsafeBytes { bytes in
                        write(writing, bytes.baseAddress.map { $0 + written }, min(bytes.count - written, 65_536))
                    }
                    if count > 0 { written += count }
                    if written == input.count || (count < 0 && errno != EINTR && errno != EAGAIN) {
                        lock.withLock {
                            close(inputDescriptor); inputDescriptor = -1
                        }
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if entry.fd == outputDescriptor {
                        out.append(contentsOf: buffer[0..<count])
                    } else {
                        err.append(contentsOf: buffer[0..<count])
                    }
                } else if count == 0 || errno != EINTR {
                    open[entry.fd] = nil
                }
            }
        }
        return Output(status: wait(), standardOutput: out, standardError: err)
    }

    /// Sends `signal` to the child (nothing once it has been waited for).
    public func send(_ signal: Int32) {
        lock.withLock {
            if finalStatus == nil { _ = kill(id, signal) }
        }
    }

    /// Waits for the child to end; its exit code, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        lock.withLock {
            if let finalStatus { return finalStatus }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(id, &status, 0) } while result < 0 && errno == EINTR
            let decoded = result == id ? Self.decode(status) : -1
            finalStatus = decoded
            return decoded
        }
    }

    /// Waits for the child to end without blocking the caller's thread.
    public func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.wait()) }
            thread.start()
        }
    }

    /// Whether the child has not ended yet (it is reaped when it has).
    public var isRunning: Bool {
        lock.withLock {
            guard finalStatus == nil else { return false }
            var status: Int32 = 0
            let result = waitpid(id, &status, WNOHANG)
            if result == id {
                finalStatus = Self.decode(status)
                return false
            }
            return result == 0
        }
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// A pipe whose ends other children do not inherit (made close-on-exec at once where the system can: a child
    /// another test starts meanwhile would otherwise hold its write end, and the end of its output would not come).
    private static func makePipe(_ ends: inout [Int32]) -> Int32 {
        #if os(Linux)
        // glibc's pipe2 and posix_spawn_file_actions_addchdir_np are GNU extensions the Glibc module leaves out.
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
            return unsafeBitCast(symbol, to: Pipe2.self)(&ends, O_CLOEXEC)
        }
        #endif
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    /// Makes the child close every descriptor from `lowest` on, where the system can (glibc 2.34 and later, macOS).
    private static func addCloseFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        #if os(Linux)
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
        #endif
    }

    /// Makes the child start in `folder`; 0 on success.
    private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t, _ folder: String) -> Int32 {
        #if os(Linux)
        typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return ENOSYS }
        return unsafeBitCast(symbol, to: AddChangeDirectory.self)(&actions, folder)
        #else
        return posix_spawn_file_actions_addchdir_np(&actions, folder)
        #endif
    }

    /// Writing to a child that has exited fails with EPIPE instead of killing the test process.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        return body(copies + [nil])
    }
}
