import Testing

@testable import BlockListCompiler

@Suite struct DisconnectListGeneratorTests {
    static func fixtureInput(_ name: String) -> SourceInput {
        SourceInput(path: name, bytes: SharedCorpus.fixture(name))
    }

    static func smallResult() throws -> GenerationResult {
        try DisconnectListGenerator.generate(
            .init(
                entityList: fixtureInput("entitylist-small.json"),
                blacklist: fixtureInput("blacklist-small.json"),
                fingerprinting: fixtureInput("fingerprinting-small.json")))
    }

    @Test func generatesTheNineListsInOrder() throws {
        let result = try Self.smallResult()
        #expect(result.lists.map(\.name) == DisconnectParityTests.expectedNames)
        #expect(result.lists.map(\.ruleCount) == [6, 1, 1, 1, 6, 1, 1, 1, 2])
    }

    @Test func advertisingListMatchesTheExpectedBytes() throws {
        let result = try Self.smallResult()
        let advertising = try #require(result.lists.first)
        #expect(
            String(decoding: advertising.bytes, as: UTF8.self)
                == String(decoding: SharedCorpus.fixture("expected-block-advertising.json"), as: UTF8.self))
    }

    @Test func warnsAboutEntriesWithTheirPlace() throws {
        let result = try Self.smallResult()
        #expect(
            result.warnings.map(\.description) == [
                #"blacklist-small.json:9:63: warning: company "Twice" in "Advertising" has several URL keys ("https://twice.example/", "www.twice.example"); only the first one's domains are used"#,
                #"blacklist-small.json:12:8: warning: company "NoURL" in "Advertising" has no URL key (a key starting with http or www.); skipped"#,
                #"blacklist-small.json:10:54: warning: company "Bücher" in "Advertising": the non-ASCII domain "bücher.example" is written as punycode "xn--bcher-kva.example""#,
                #"blacklist-small.json:11:44: warning: company "Regex" in "Advertising": the domain "ads|regex.example" contains '|', which is regular-expression syntax; skipped"#,
                #"entitylist-small.json:6:32: warning: the properties of entity "Friends": the domain "Friends.example" is lower-cased to "friends.example" (WebKit wants lower-case domains)"#,
                #"entitylist-small.json:6:51: warning: the properties of entity "Friends": the non-ASCII domain "große.example" is written as punycode "xn--groe-xna.example""#,
            ])
    }

    @Test func socialListUsesNormalizedProperties() throws {
        let result = try Self.smallResult()
        let social = try #require(result.lists.first { $0.name == "disconnect-block-social.json" })
        #expect(String(decoding: social.bytes, as: UTF8.self).contains(#""unless-domain":["*friends.example","*xn--groe-xna.example"]"#))
    }

    @Test func everyGeneratedListPassesTheChecker() throws {
        for list in try Self.smallResult().lists {
            let report = RuleListChecker().check(list.bytes)
            #expect(report.isValid, "\(list.name): \(report.errors.map(\.message))")
            #expect(report.ruleCount == list.ruleCount)
        }
    }

    @Test func outputIsDeterministic() throws {
        #expect(try Self.smallResult().lists == Self.smallResult().lists)
    }

    @Test func normalizedCategoryListTakesUnlessDomainFromResources() throws {
        let result = try DisconnectListGenerator.generate(
            .init(
                entityList: Self.fixtureInput("entitylist-small.json"),
                categoryLists: [.advertising: Self.fixtureInput("normalized-advertising.json")]))
        #expect(result.lists.map(\.name) == ["disconnect-block-advertising.json", "disconnect-block-cookies-advertising.json"])
        let text = String(decoding: result.lists[0].bytes, as: UTF8.self)
        #expect(
            text == """
                [
                {"action":{"type":"block"},"trigger":{"url-filter":"^https?://([^/]+\\\\.)?ads\\\\.adco\\\\.example","load-type":["third-party"],"unless-domain":["*adco.example","*adco-news.example"]}},
                {"action":{"type":"block"},"trigger":{"url-filter":"^https?://([^/]+\\\\.)?unknown\\\\.example","load-type":["third-party"]}}
                ]
                """)
    }

    @Test func categoryListReplacesTheBlacklistCategory() throws {
        let result = try DisconnectListGenerator.generate(
            .init(
                entityList: Self.fixtureInput("entitylist-small.json"),
                blacklist: Self.fixtureInput("blacklist-small.json"),
                categoryLists: [.advertising: Self.fixtureInput("normalized-advertising.json")]))
        #expect(result.lists.first?.ruleCount == 2)
        #expect(result.lists.count == 8)
    }

    static let entities = SourceInput(path: "e.json", bytes: Array(#"{"entities":{}}"#.utf8))

    @Test(arguments: [
        ("[]", "b.json:1:1: error: a Disconnect blacklist must be an object with a \"categories\" member, found an array"),
        ("{}", "b.json:1:1: error: a Disconnect blacklist must have a \"categories\" member"),
        ("{\"categories\":[]}", "b.json:1:15: error: \"categories\" must be an object of category arrays, found an array"),
        (
            "{\"categories\":{\"Social\":{}}}",
            "b.json:1:25: error: category \"Social\" must be an array of company objects, found an object"
        ),
        (
            "{\"categories\":{\"Social\":[\"x\"]}}",
            "b.json:1:26: error: an entry of category \"Social\" must be an object {company: {URL: [domains]}}, found a string"
        ),
        (
            "{\"categories\":{\"Social\":[{\"C\":[]}]}}",
            "b.json:1:31: error: company \"C\" in \"Social\" must be an object {URL: [domains]}, found an array"
        ),
        (
            "{\"categories\":{\"Social\":[{\"C\":{\"http://c\":\"c.com\"}}]}}",
            "b.json:1:43: error: the domains of \"http://c\" of company \"C\" must be an array of strings, found a string"
        ),
        (
            "{\"categories\":{\"Social\":[{\"C\":{\"http://c\":[1]}}]}}",
            "b.json:1:44: error: the domains of \"http://c\" of company \"C\" must hold only strings, found a number"
        ),
        ("{\"categories\":\n  {\"Social\": [}", "b.json:2:15: error: invalid JSON: expected a value, found '}'"),
    ])
    func wrongBlacklistShapeIsALocatedError(source: String, message: String) {
        do {
            _ = try DisconnectListGenerator.generate(
                .init(entityList: Self.entities, blacklist: SourceInput(path: "b.json", bytes: Array(source.utf8))))
            Issue.record("no error for \(source)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        ("{\"entities\":[]}", "e.json:1:13: error: \"entities\" must be an object of companies, found an array"),
        (
            "{\"entities\":{\"C\":{\"properties\":\"c.com\"}}}",
            "e.json:1:32: error: the properties of entity \"C\" must be an array of strings, found a string"
        ),
        (
            "{\"entities\":{\"C\":1}}",
            "e.json:1:18: error: entity \"C\" must be an object with \"properties\" and \"resources\", found a number"
        ),
    ])
    func wrongEntityListShapeIsALocatedError(source: String, message: String) {
        do {
            _ = try DisconnectListGenerator.generate(.init(entityList: SourceInput(path: "e.json", bytes: Array(source.utf8))))
            Issue.record("no error for \(source)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func fingerprintingListMustBeAnArrayOfStrings() {
        do {
            _ = try DisconnectListGenerator.generate(
                .init(
                    entityList: Self.entities,
                    fingerprinting: SourceInput(path: "f.json", bytes: Array(#"{"a":1}"#.utf8))))
            Issue.record("no error")
        } catch {
            #expect(error.description == "f.json:1:1: error: the fingerprinting list must be an array of strings, found an object")
        }
    }

    @Test func missingCategoryIsAWarning() throws {
        let result = try DisconnectListGenerator.generate(
            .init(
                entityList: Self.entities,
                blacklist: SourceInput(path: "b.json", bytes: Array(#"{"categories":{"Social":[{"C":{"http://c":["c.com"]}}]}}"#.utf8))))
        #expect(result.lists.map(\.name) == ["disconnect-block-social.json", "disconnect-block-cookies-social.json"])
        #expect(result.warnings.count == 4)
        #expect(
            result.warnings.first?.description
                == "b.json:1:1: warning: the blacklist has no \"Advertising\" category; its lists are not generated")
    }

    @Test func currentDisconnectShapeGeneratesValidLists() throws {
        let folder = "corpus/tracker-data/disconnect-tracking-protection/"
        guard let services = SharedCorpus.bytes(folder + "services.json"), let entities = SharedCorpus.bytes(folder + "entities.json")
        else {
            print("skipped: ../shared/\(folder) is absent")
            return
        }
        let result = try DisconnectListGenerator.generate(
            .init(
                entityList: SourceInput(path: "entities.json", bytes: entities),
                blacklist: SourceInput(path: "services.json", bytes: services)))
        #expect(result.lists.count == 8)
        // The checker is slow in debug builds: check the largest list of each action.
        for list in result.lists
        where list.name == "disconnect-block-advertising.json" || list.name == "disconnect-block-cookies-content.json" {
            let report = RuleListChecker().check(list.bytes)
            #expect(report.isValid, "\(list.name): \(report.errors.prefix(3).map(\.message))")
        }
    }
}

@Suite struct DisconnectEntityListShapeTests {
    @Test func acceptsThePre2020ShapeWithoutTheEntitiesWrapper() throws {
        let entities = SourceInput(
            path: "e.json", bytes: Array(#"{"license":"x","C":{"properties":["c.com"],"resources":["c.com"]}}"#.utf8))
        let blacklist = SourceInput(path: "b.json", bytes: Array(#"{"categories":{"Social":[{"C":{"http://c":["c.com"]}}]}}"#.utf8))
        let result = try DisconnectListGenerator.generate(.init(entityList: entities, blacklist: blacklist))
        #expect(String(decoding: result.lists[0].bytes, as: UTF8.self).contains(#""unless-domain":["*c.com"]"#))
    }
}
