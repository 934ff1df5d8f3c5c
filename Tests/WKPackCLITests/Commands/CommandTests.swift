import Testing
@testable import WKPackCLI

@Test func rootCommandIsNamedWKPack() {
    #expect(WKPackCommand.configuration.commandName == "wkpack")
}
