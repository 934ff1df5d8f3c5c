import ArgumentParser

/// `wkpack rules generate disconnect`: firefox-ios's tracker lists from Disconnect data.
public struct RulesGenerateDisconnectCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "disconnect",
        abstract: "Generate firefox-ios's Disconnect tracker lists (byte-identical to firefox-ios's generator).",
        discussion: """
            Writes disconnect-block-{advertising,analytics,social,cryptomining}.json, \
            disconnect-block-cookies-{advertising,analytics,social,content}.json and, with --fingerprinting, \
            disconnect-block-fingerprinting.json into the output folder, each atomically; other files there are left alone.
            Exit status: 0 on success, 1 on bad input (nothing is written).
            """
    )

    @Option(name: .long, help: "disconnect-blacklist.json or Disconnect's services.json.")
    var blacklist: String?

    @Option(name: .long, help: "disconnect-entitylist.json or Disconnect's entities.json.")
    var entitylist: String

    @Option(name: .long, help: "normalized-lists/base-fingerprinting-track.json (a JSON array of domains).")
    var fingerprinting: String?

    @Option(name: .customLong("category-list"), help: "CATEGORY=FILE: a normalized list (JSON array of domains) replacing that category.")
    var categoryLists: [String] = []

    @Option(name: .shortAndLong, help: "Output folder.")
    var output: String

    public init() {}

    public func run() throws {
        try RulesGenerateRunner.run(
            blacklist: blacklist, entityList: entitylist, fingerprinting: fingerprinting,
            categoryLists: categoryLists, output: output
        ).emit()
    }
}
