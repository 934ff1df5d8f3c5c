import Foundation
import Testing
import WKPackTestSupport

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Helpers shared by the ScriptBundler tests.
enum TestSupport {
    /// `Tests/ScriptBundlerTests/Fixtures` (this file is in `Tests/ScriptBundlerTests/TestSupport`).
    static let fixtures: String = {
        let file = "\(#filePath)"
        return ((file as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent + "/Fixtures"
    }()

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "wkpack-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `files` (relative path -> contents) under `folder`.
    static func write(_ files: [String: [UInt8]], under folder: String) throws {
        for (relative, bytes) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    static func write(_ files: [String: String], under folder: String) throws {
        try write(files.mapValues { Array($0.utf8) }, under: folder)
    }

    /// Path of an executable found on `PATH`.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct ProcessOutput {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program and collects its output.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws
        -> ProcessOutput
    {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let output = try ChildProcess.run(executable, arguments, environment: env, input: Data((input ?? "").utf8))
        return ProcessOutput(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    /// Runs a node script (given as text) with `arguments`; `nil` if node is absent.
    static func node(_ script: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> ProcessOutput? {
        guard let node = executable("node") else {
            print("node not found on PATH; skipping")
            return nil
        }
        return try run(node, ["-e", script, "--"] + arguments, environment: environment)
    }
}
