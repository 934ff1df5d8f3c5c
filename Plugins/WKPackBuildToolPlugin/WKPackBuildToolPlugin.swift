import Foundation
import PackagePlugin

/// Bundles a target's `UserScripts/` folder at build time, without node or npm: each standard group folder
/// (`UserScripts/<AllFrames|MainFrame>/<AtDocumentStart|AtDocumentEnd>/`) becomes `<Frame><Time>.js` plus its
/// source map, emitted as resources of the target (`Bundle.module` in a package). A `wkpack.yml` next to
/// `UserScripts/` is passed along (its groups' order and `first` files apply).
@main
struct WKPackBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try WKPackBuildCommands.commands(
            tool: try context.tool(named: "wkpack").url, folder: URL(fileURLWithPath: target.directory.string),
            workDirectory: context.pluginWorkDirectoryURL, name: target.name)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension WKPackBuildToolPlugin: XcodeBuildToolPlugin {
    /// For an Xcode target: bundles `UserScripts/` found next to the target's files (the project folder's
    /// `<Target>/UserScripts`, else the project folder's `UserScripts`).
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let project = context.xcodeProject.directoryURL
        let candidates = [project.appending(path: target.displayName), project]
        guard
            let folder = candidates.first(where: {
                FileManager.default.fileExists(atPath: $0.appending(path: "UserScripts").path)
            })
        else { return [] }
        return try WKPackBuildCommands.commands(
            tool: try context.tool(named: "wkpack").url, folder: folder,
            workDirectory: context.pluginWorkDirectoryURL, name: target.displayName)
    }
}
#endif

/// The build command shared by package and Xcode targets.
enum WKPackBuildCommands {
    static let frames = ["AllFrames", "MainFrame"]
    static let times = ["AtDocumentStart", "AtDocumentEnd"]

    static func commands(tool: URL, folder: URL, workDirectory: URL, name: String) throws -> [Command] {
        let root = folder.appending(path: "UserScripts")
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: root.path) else { return [] }
        var inputs: [URL] = []
        if let enumerator = fileManager.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where ["js", "mjs", "cjs", "json"].contains(url.pathExtension) {
                inputs.append(url)
            }
        }
        let config = folder.appending(path: "wkpack.yml")
        var arguments = [
            "bundle", "--root", root.path, "--out", workDirectory.appending(path: "Assets").path,
            "--mode", "production", "--source-maps", "external",
        ]
        if fileManager.fileExists(atPath: config.path) {
            arguments += ["--config", config.path]
            inputs.append(config)
        }
        var outputs: [URL] = []
        for frame in frames {
            for time in times where fileManager.fileExists(atPath: root.appending(path: frame).appending(path: time).path) {
                let bundle = workDirectory.appending(path: "Assets").appending(path: frame + time + ".js")
                outputs += [bundle, bundle.appendingPathExtension("map")]
            }
        }
        guard !outputs.isEmpty else { return [] }
        return [
            .buildCommand(
                displayName: "Bundling the user scripts of \(name) with wkpack",
                executable: tool, arguments: arguments, inputFiles: inputs, outputFiles: outputs)
        ]
    }
}
