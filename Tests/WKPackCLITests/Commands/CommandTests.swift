import Testing

@testable import WKPackCLI

@Test func rootCommandIsNamedWKPack() {
    #expect(WKPackCommand.configuration.commandName == "wkpack")
}

/// Subcommand help, made by ArgumentParser from the command tree.
@Suite struct SubcommandHelpTests {
    /// Help names the full command.
    @Test func subcommandHelpNamesTheFullCommand() {
        let help = WKPackCommand.helpMessage(for: BundleCommand.self)
        #expect(help.contains("USAGE: wkpack bundle"))
        #expect(!help.contains("wkpack wkpack"))
    }
}
