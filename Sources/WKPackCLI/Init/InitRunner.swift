import Foundation
import ScriptBundler

/// The work behind `wkpack init`: drafts a `wkpack.yml` for an existing tree, checks that wkpack's own loader
/// reads it, and writes it atomically, never over an existing file unless `force`.
public enum InitRunner {
    /// - Parameters:
    ///   - configPath: the file to write (`wkpack.yml`); its folder is the project folder paths are relative to.
    ///   - root: the script root (relative to the current directory), if given.
    ///   - webpackConfig: a webpack configuration to translate, if given.
    public static func run(
        configPath: String = ProjectConfig.defaultFileName, root: String?, webpackConfig: String?, force: Bool,
        fileSystem: any ListFileSystem = LocalListFileSystem()
    ) -> ListCommandOutcome {
        var outcome = ListCommandOutcome()
        func fail(_ message: String) -> ListCommandOutcome {
            outcome.standardError += message + "\n"
            outcome.exitCode = 1
            return outcome
        }
        let current = FileManager.default.currentDirectoryPath
        let configAbsolute = InitPaths.absolute(configPath, in: current)
        let projectFolder = InitPaths.folder(of: configAbsolute)
        if FileManager.default.fileExists(atPath: configAbsolute), !force {
            return fail("\(configPath): error: the file exists; wkpack init does not replace it (pass --force to replace it)")
        }
        var draft = InitDraft()
        draft.origin =
            "wkpack init" + (root.map { " --root \($0)" } ?? "")
            + (webpackConfig.map { " --from-webpack \(($0 as NSString).lastPathComponent)" } ?? "")
        let rootProject = root.map { InitPaths.relative(InitPaths.absolute($0, in: current), from: projectFolder) }
        var diagnostics: [InitDiagnostic] = []
        if let webpackConfig {
            var reader = WebpackConfigReader(path: webpackConfig, projectFolder: projectFolder, root: rootProject)
            do {
                try reader.read(into: &draft)
            } catch {
                return fail(error.description)
            }
            diagnostics += reader.diagnostics
        } else if let rootProject {
            draft.root = rootProject
        }
        let rootAbsolute = InitPaths.absolute(draft.root, in: projectFolder)
        guard InitPaths.isFolder(rootAbsolute) else {
            return fail("\(draft.root): error: the script root folder does not exist (give it with --root)")
        }
        var scanner = ProjectScanner(projectFolder: projectFolder)
        if webpackConfig == nil {
            draft.groups = scanner.discoverGroups(root: rootAbsolute)
        } else {
            // Standard folders are bundled whether listed or not: say so when webpack has no entry for one.
            let listed = Set(
                draft.groups.map { group in
                    group.folder ?? ScriptGroupDefinition.standardGroups.first { $0.name == group.name }?.folder ?? ""
                })
            for standard in ScriptGroupDefinition.standardGroups
            where !listed.contains(standard.folder)
                && !WebpackConfigReader.scriptNames(in: rootAbsolute + "/" + standard.folder).isEmpty
            {
                diagnostics.append(
                    InitDiagnostic(
                        location: SourceLocation(path: draft.root + "/" + standard.folder, line: 0, column: 0),
                        message: "no webpack entry bundles this folder; wkpack bundles it anyway, as \(standard.name).js"))
            }
        }
        scanner.scanImports(from: scanner.entryFiles(of: draft, root: rootAbsolute), draft: &draft)
        diagnostics += scanner.diagnostics
        let text = ConfigWriter.text(draft)
        do {
            _ = try ProjectConfig.parse(text, path: configPath)
        } catch {
            return fail("\(configPath): error: the drafted configuration does not load (\(error)); nothing was written")
        }
        do {
            try fileSystem.writeAtomically(Array(text.utf8), to: configPath)
        } catch {
            return fail("\(configPath): error: \(error.message)")
        }
        outcome.standardError = diagnostics.map { $0.description + "\n" }.joined()
        outcome.standardOutput =
            "wrote \(configPath): \(draft.groups.count) group\(draft.groups.count == 1 ? "" : "s") under \(draft.root)\n"
        return outcome
    }
}
