import Testing

@testable import WKPackCLI

/// `ConfigWriter`: scalars are written plain only where YAML reads them back as the same string.
@Suite struct ConfigWriterTests {
    @Test(arguments: [
        ("firefox-ios/Client/Assets", "firefox-ios/Client/Assets"), ("__firefox__.js", "__firefox__.js"),
        ("translations-engine.worker", "translations-engine.worker"), ("true", "\"true\""), ("No", "\"No\""),
        ("a b", "\"a b\""), ("x: y", "\"x: y\""), ("[x]", "\"[x]\""), ("1.5", "\"1.5\""), ("@scope/pkg", "\"@scope/pkg\""),
        ("-x", "\"-x\""), ("#c", "\"#c\""), ("", "\"\""), ("q\"uote", "\"q\\\"uote\""), ("t\tab", "\"t\\tab\""),
    ])
    func quotesWhereNeeded(text: String, written: String) {
        #expect(ConfigWriter.scalar(text) == written)
    }

    /// Every written name and path loads back unchanged through wkpack's own configuration loader.
    @Test(arguments: [
        "plain/path.js", "true", "a b", "x: y", "1.5", "@scope/pkg", "-x", "#c", "q\"uote", "yes", "null", "~", "{a}", "é/ü.js",
    ])
    func roundTripsThroughTheLoader(text: String) throws {
        var draft = InitDraft()
        draft.aliases = [.init(name: text, path: text)]
        draft.groups = [.init(name: text, files: [text])]
        let config = try ProjectConfig.parse(ConfigWriter.text(draft), path: "wkpack.yml")
        #expect(config.scripts?.aliases[text] == .some(text))
        #expect(config.scripts?.groups.first?.name == text)
        #expect(config.scripts?.groups.first?.files == [text])
    }
}
