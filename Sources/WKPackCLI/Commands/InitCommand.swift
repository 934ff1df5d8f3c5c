import ArgumentParser

/// `wkpack init`: writes a starting `wkpack.yml` for an existing tree.
public struct InitCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starting wkpack.yml for an existing tree (optionally from its webpack.config.js).",
        discussion: """
            Finds the groups under the script root (the <Frame>/<Time> folders and other folders with scripts, \
            'first: __firefox__.js' where that file exists) and the fallbacks the imports need; with --from-webpack, \
            translates what the webpack configuration says statically (entry, output.path, mode, devtool, \
            resolve.alias, resolve.fallback, the NormalModuleReplacementPlugin's override table file). What cannot be \
            translated is reported, one 'path:line:col: warning:' line each. An existing file is never replaced \
            without --force. Exit status: 0 on success, 1 on failure (nothing written), 2 on usage errors.
            """
    )

    @Option(help: "The user-script root folder (default: from the webpack entries, else UserScripts).")
    var root: String?

    @Option(name: .customLong("from-webpack"), help: "A webpack configuration to translate.")
    var fromWebpack: String?

    @Flag(help: "Replace an existing configuration file.")
    var force = false

    @Option(help: "The configuration file to write.")
    var config: String = ProjectConfig.defaultFileName

    public init() {}

    public func run() throws {
        try InitRunner.run(configPath: config, root: root, webpackConfig: fromWebpack, force: force).emit()
    }
}
