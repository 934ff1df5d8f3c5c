import Testing

@testable import BlockListCompiler

/// firefox-ios's 2021 lists, regenerated from the shavar data it pinned, byte for byte.
@Suite struct DisconnectParityTests {
    static let expectedNames = [
        "disconnect-block-advertising.json", "disconnect-block-analytics.json", "disconnect-block-social.json",
        "disconnect-block-cryptomining.json", "disconnect-block-cookies-advertising.json", "disconnect-block-cookies-analytics.json",
        "disconnect-block-cookies-social.json", "disconnect-block-cookies-content.json", "disconnect-block-fingerprinting.json",
    ]

    @Test func firefoxIOS2021ListsAreReproducedByteForByte() throws {
        let data = "corpus/tracker-data/shavar-prod-lists-2021/"
        guard let blacklist = SharedCorpus.bytes(data + "disconnect-blacklist.json"),
            let entityList = SharedCorpus.bytes(data + "disconnect-entitylist.json"),
            let fingerprinting = SharedCorpus.bytes(data + "normalized-lists/base-fingerprinting-track.json")
        else {
            print("skipped: ../shared/corpus/tracker-data/shavar-prod-lists-2021 is absent")
            return
        }
        let result = try DisconnectListGenerator.generate(
            .init(
                entityList: SourceInput(path: "disconnect-entitylist.json", bytes: entityList),
                blacklist: SourceInput(path: "disconnect-blacklist.json", bytes: blacklist),
                fingerprinting: SourceInput(path: "base-fingerprinting-track.json", bytes: fingerprinting)))
        #expect(result.lists.map(\.name) == Self.expectedNames)
        for list in result.lists {
            guard let expected = SharedCorpus.bytes("corpus/webkit/firefox-ios-2021/" + list.name) else {
                Issue.record("missing expected file \(list.name)")
                continue
            }
            #expect(list.bytes.count == expected.count, "\(list.name): size")
            if let index = zip(list.bytes, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                let context = String(decoding: list.bytes[max(0, index - 80)..<min(list.bytes.count, index + 80)], as: UTF8.self)
                Issue.record("\(list.name) differs at byte \(index): …\(context)…")
            }
        }
    }
}
