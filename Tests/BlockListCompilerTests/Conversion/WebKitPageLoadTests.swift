import Foundation
import Testing

@testable import BlockListCompiler

/// The real WebKit's verdicts (WebKitGTK 2.50 through `../shared/tools/webkit-match-oracle`, recorded by
/// `scripts/convert-diff/page-loads-fixture.py`) on the rules the converter makes of `Fixtures/webkit-page-loads.txt`:
/// navigations of the main frame, popups, iframes and every subresource type, for filters with and without types,
/// blocks and exceptions, for the newest target and for Safari 14, in the two-part layout (`pageLoadBoundary`; the
/// one-part default decides the same, `PageLoadLayoutTests`). The converter must still make exactly the rules
/// WebKit was given, and wkpack's matcher must give every recorded verdict. Skipped when the fixtures are absent.
@Suite struct WebKitPageLoadTests {
    static let fixtures = FilterListConversionGoldenTests.fixtures
    static let targets: [(name: String, target: WebKitTarget)] = [("newest", .newest), ("safari14", .safari14)]

    static var recorded: Bool {
        targets.allSatisfy {
            FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("webkit-page-loads-\($0.name)-verdicts.jsonl").path)
        }
    }

    @Test(.enabled(if: recorded, "WebKit's verdicts are not recorded"), arguments: targets.map(\.name))
    func convertedRulesGiveWebKitsVerdicts(targetName: String) throws {
        let target = try #require(Self.targets.first { $0.name == targetName }).target
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("webkit-page-loads.txt"), encoding: .utf8)
        let converted = try FilterListConversion(target: target).run(
            [FilterListFile(path: "webkit-page-loads.txt", text: source)], pageLoadBoundary: true)
        let json = RuleListSerializer().serialize(converted.parts.flatMap { $0 })
        let recordedRules = try String(
            contentsOf: Self.fixtures.appendingPathComponent("webkit-page-loads-\(targetName)-rules.json"), encoding: .utf8)
        // The verdicts hold for the rules WebKit was given: the conversion must not have changed since.
        #expect(json == recordedRules, "re-record with scripts/convert-diff/page-loads-fixture.py")

        let matcher = try RuleListMatcher(source: Array(recordedRules.utf8), target: target)
        let lines = try String(
            contentsOf: Self.fixtures.appendingPathComponent("webkit-page-loads-\(targetName)-verdicts.jsonl"), encoding: .utf8
        )
        .split(separator: "\n")
        var blocked = 0, pages = 0, popups = 0
        var differences: [String] = []
        for (number, line) in lines.enumerated() {
            let request = try MatchRequestDecoder.decode(Array(line.utf8))
            let document = try JSONReader().parse(Array(line.utf8))
            let webKitBlocked = try #require(document.bool(document.member("blocked", in: document.root)))
            let type = document.stringValue(document.member("type", in: document.root))
            if webKitBlocked { blocked += 1 }
            if type == "document" { pages += 1 }
            if type == "popup" { popups += 1 }
            let decision = try matcher.evaluate(request).decision
            if decision.blocked != webKitBlocked {
                differences.append("line \(number + 1): \(line) wkpack blocked=\(decision.blocked)")
            }
        }
        #expect(lines.count >= 300)
        // Both verdicts and the page loads are well represented, so a matcher that always blocks (or never does) fails.
        #expect(blocked >= 50 && lines.count - blocked >= 50)
        #expect(pages >= 20 && popups >= 20)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// What the recorded verdicts say about page loads, independently of the matcher: no filter without `$document`
    /// stopped a navigation of the main frame, and none without `$popup` a popup.
    @Test(.enabled(if: recorded, "WebKit's verdicts are not recorded"), arguments: targets.map(\.name))
    func webKitOpensThePagesOfUntypedFilters(targetName: String) throws {
        let lines = try String(
            contentsOf: Self.fixtures.appendingPathComponent("webkit-page-loads-\(targetName)-verdicts.jsonl"), encoding: .utf8
        )
        .split(separator: "\n")
        var blockedPages: [String] = []
        for line in lines {
            let document = try JSONReader().parse(Array(line.utf8))
            guard document.bool(document.member("blocked", in: document.root)) == true,
                let type = document.stringValue(document.member("type", in: document.root)), type == "document" || type == "popup",
                let url = document.stringValue(document.member("url", in: document.root))
            else { continue }
            blockedPages.append("\(type) \(url)")
        }
        // Only doc.test and excdoc.test ($document; its exception names no type, so it does not cover the page) and
        // pop.test and excpop.test ($popup) name those loads.
        let named = blockedPages.filter {
            $0.hasPrefix("document http://doc.test/") || $0.hasPrefix("document http://excdoc.test/")
                || $0.hasPrefix("popup http://pop.test/") || $0.hasPrefix("popup http://excpop.test/")
        }
        #expect(blockedPages == named, "\(blockedPages)")
        #expect(!named.isEmpty)
    }

    /// The `resource-type` forms the converter emits, alone and as block and exception over each other, with WebKit's
    /// verdict on every load class (`Fixtures/webkit-resource-type-forms.jsonl`, one rule list a line: the untyped
    /// form, Safari 14's subresource form, `document` limited to `child-frame`, no `resource-type`, and each type a
    /// filter option becomes). The untyped form gives the verdicts of no `resource-type` on every load but the page
    /// the user opens and popups; wkpack's matcher gives every verdict.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("webkit-resource-type-forms.jsonl").path),
            "WebKit's verdicts are not recorded"))
    func resourceTypeFormsGiveWebKitsVerdicts() throws {
        let lines = try String(contentsOf: Self.fixtures.appendingPathComponent("webkit-resource-type-forms.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        var verdicts: [String: [String: Bool]] = [:]
        var differences: [String] = []
        var count = 0
        for line in lines {
            let document = try JSONReader().parse(Array(line.utf8))
            let name = try #require(document.stringValue(document.member("name", in: document.root)))
            let rulesNode = try #require(document.member("rules", in: document.root))
            let rules = String(
                decoding: document.bytes[Int(document.nodes[rulesNode].start)..<Int(document.nodes[rulesNode].end)], as: UTF8.self)
            let matcher = try RuleListMatcher(source: Array(rules.utf8))
            for entry in document.elements(of: try #require(document.member("verdicts", in: document.root))) {
                let request = try MatchRequestDecoder.decode(
                    Array(document.bytes[Int(document.nodes[entry].start)..<Int(document.nodes[entry].end)]))
                let type = try #require(document.stringValue(document.member("type", in: entry)))
                let webKitBlocked = try #require(document.bool(document.member("blocked", in: entry)))
                verdicts[name, default: [:]][type] = webKitBlocked
                count += 1
                let blocked = try matcher.evaluate(request).decision.blocked
                if blocked != webKitBlocked { differences.append("\(name): \(type) \(request.url) WebKit blocked=\(webKitBlocked)") }
            }
        }
        #expect(count >= 900)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        // WebKit: the untyped form is no resource-type but for the page the user opens and popups, alone and under
        // or over every typed form.
        let untyped = try #require(verdicts["block u-raw-csp"]), all = try #require(verdicts["block none"])
        #expect(untyped["document"] == false && untyped["popup"] == false && all["document"] == true && all["popup"] == true)
        for (type, blocked) in untyped where type != "document" && type != "popup" { #expect(all[type] == blocked, "\(type)") }
        for (name, byType) in verdicts where name.contains("u-raw-csp") && name.contains(" + exc ") {
            let reference = try #require(verdicts[name.replacingOccurrences(of: "u-raw-csp", with: "none")])
            for (type, blocked) in byType where type != "document" && type != "popup" {
                #expect(reference[type] == blocked, "\(name): \(type)")
            }
        }
    }
}
