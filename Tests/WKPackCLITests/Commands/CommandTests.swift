import Testing
@testable import WKPackCLI

@Test func rootCommandIsNamedWKPack() {
    #expect(WKPackCommand.configuration.commandName == "wkpack")
}

/// `WKPackCommand.parseDirectly`: the short path for leaf subcommands parses exactly like the full command tree.
@Suite struct DirectParsingTests {
    @Test(arguments: [
        ["bundle"], ["bundle", "--mode", "production", "--out", "D", "--source-maps", "external", "--config", "c.yml"],
        ["bundle", "--root=R", "--watch"], ["build"], ["build", "--config", "x.yml"], ["watch", "--mode", "development"],
    ])
    func parsesLikeTheFullTree(arguments: [String]) throws {
        let direct = try #require(WKPackCommand.parseDirectly(arguments))
        let full = try WKPackCommand.parseAsRoot(arguments)
        #expect(type(of: direct) == type(of: full))
        #expect(String(describing: direct) == String(describing: full))
    }

    @Test(arguments: [
        ["bundle", "--help"], ["bundle", "-h"], ["build", "--generate-completion-script", "bash"], ["help", "bundle"],
        ["bundle", "--mode", "fast"], ["bundle", "--bogus"], ["rules", "check", "a.json"], [], ["--help"],
        ["watch", "--experimental-dump-help"],
    ])
    func leavesEverythingElseToTheFullTree(arguments: [String]) {
        #expect(WKPackCommand.parseDirectly(arguments) == nil)
    }

    /// Help names the full command, through either path.
    @Test func subcommandHelpNamesTheFullCommand() {
        let help = WKPackCommand.helpMessage(for: BundleCommand.self)
        #expect(help.contains("USAGE: wkpack bundle"))
        #expect(!help.contains("wkpack wkpack"))
    }
}
