import Testing

@testable import WKPackCLI

/// `wkpack init`'s command line.
@Suite struct InitCommandTests {
    @Test func parsesItsOptions() throws {
        let command = try #require(
            try WKPackCommand.parseAsRoot(["init", "--root", "R", "--from-webpack", "webpack.config.js", "--force"]) as? InitCommand)
        #expect(command.root == "R" && command.fromWebpack == "webpack.config.js" && command.force && command.config == "wkpack.yml")
        let plain = try #require(try WKPackCommand.parseAsRoot(["init"]) as? InitCommand)
        #expect(plain.root == nil && plain.fromWebpack == nil && !plain.force)
    }
}
