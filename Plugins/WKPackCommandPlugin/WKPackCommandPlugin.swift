import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory wkpack [build|bundle|watch ...]`: runs the wkpack
/// command line in the package's folder (so it reads the package's `wkpack.yml`). No arguments means `build`.
@main
struct WKPackCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "wkpack")
        try WKPackInvocation.run(tool.url, arguments: arguments.isEmpty ? ["build"] : arguments, in: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension WKPackCommandPlugin: XcodeCommandPlugin {
    /// The same command for an Xcode project: runs in the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let tool = try context.tool(named: "wkpack")
        try WKPackInvocation.run(tool.url, arguments: arguments.isEmpty ? ["build"] : arguments, in: context.xcodeProject.directoryURL)
    }
}
#endif

/// Runs the wkpack executable and turns a failure into a plugin error (its messages are already printed).
enum WKPackInvocation {
    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        var description: String { "wkpack failed with exit status \(status)" }
    }

    static func run(_ executable: URL, arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("wkpack \(arguments.joined(separator: " ")) failed")
            throw Failure(status: process.terminationStatus)
        }
    }
}
