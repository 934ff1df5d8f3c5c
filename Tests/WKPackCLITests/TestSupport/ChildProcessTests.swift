import Foundation
import Testing
import WKPackTestSupport

/// The test helper that runs programs: exit codes, signals, both outputs at once, input, folder and environment.
@Suite struct ChildProcessTests {
    @Test func inputAndBothOutputsOfAMegabyteEachDoNotDeadlock() throws {
        let input = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        // cat copies the input to standard output while the shell writes as much to standard error.
        let result = try ChildProcess.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero >&2 & cat; wait; exit 3"], input: input)
        #expect(result.status == 3)
        #expect(result.standardOutput == input)
        #expect(result.standardError == Data(count: 1_000_000))
    }

    @Test func folderAndEnvironment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-child-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "pwd -P; echo \"$WKPACK_CHILD_TEST\"; env | wc -l"],
            environment: ["WKPACK_CHILD_TEST": "a b", "PATH": "/usr/bin:/bin"], currentDirectory: folder)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        #expect(lines.count == 3)
        #expect(lines.first == resolved)
        #expect(lines.dropFirst().first == "a b")
        // The shell adds PWD (and perhaps SHLVL and _) to the two variables given; nothing of the test's own.
        #expect(Int(lines.last ?? "") ?? 99 <= 5, "\(lines)")
    }

    @Test func aSignalEndsTheChildWithStatus128PlusItsNumber() throws {
        let child = try ChildProcess("/bin/sleep", ["30"], output: .null, error: .null)
        #expect(child.isRunning)
        child.send(SIGTERM)
        #expect(child.wait() == 128 + SIGTERM)
        #expect(!child.isRunning)
        #expect(child.wait() == 128 + SIGTERM)
    }

    @Test func exitStatusAwaitsTheEnd() async throws {
        let child = try ChildProcess("/bin/sh", ["-c", "sleep 0.2; exit 7"], output: .null, error: .null)
        #expect(await child.exitStatus() == 7)
    }

    #if os(Linux)
    @Test func theChildHoldsOnlyItsThreeStreams() throws {
        // A pipe opened without close-on-exec, as other code in the test process may: its ends stay out.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let result = try ChildProcess.run("/bin/sh", ["-c", "exec ls /proc/self/fd"])
        let descriptors = Set(result.stdout.split(separator: "\n").map(String.init))
        // ls's own listing of the folder takes 3.
        #expect(descriptors.isSubset(of: ["0", "1", "2", "3"]), "\(descriptors.sorted())")
        #expect(descriptors.isSuperset(of: ["0", "1", "2"]))
    }
    #endif

    @Test func aMissingProgramIsAnError() {
        #expect(throws: ChildProcess.LaunchFailure.self) {
            _ = try ChildProcess.run("/nonexistent/wkpack-no-such-program", [])
        }
    }
}
