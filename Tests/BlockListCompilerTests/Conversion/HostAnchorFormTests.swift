import Foundation
import Testing

@testable import BlockListCompiler

/// The real WebKit's verdicts (WebKitGTK 2.50, recorded by `scripts/convert-diff/host-anchor-fixture.py` into
/// `Fixtures/webkit-host-anchor-forms.jsonl`) on the url-filter forms `||tracker.test` can become, old and new, on
/// URLs that tell them apart (user information, ports, upper case, look-alike hosts, non-special schemes).
/// wkpack's matcher gives every verdict, and the new forms decide every URL as the old ones did or as the filter
/// syntax says (the URL's host is the host or a subdomain of it) where the old ones did not.
@Suite struct HostAnchorFormTests {
    static let fixture = FilterListConversionGoldenTests.fixtures.appendingPathComponent("webkit-host-anchor-forms.jsonl")

    struct Form {
        var name: String
        var rules: String
        var verdicts: [(request: MatchRequest, blocked: Bool)]
    }

    static func forms() throws -> [String: Form] {
        var forms: [String: Form] = [:]
        for line in try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n") {
            let document = try JSONReader().parse(Array(line.utf8))
            let name = try #require(document.stringValue(document.member("name", in: document.root)))
            let rulesNode = try #require(document.member("rules", in: document.root))
            let rules = String(
                decoding: document.bytes[Int(document.nodes[rulesNode].start)..<Int(document.nodes[rulesNode].end)], as: UTF8.self)
            var verdicts: [(MatchRequest, Bool)] = []
            for entry in document.elements(of: try #require(document.member("verdicts", in: document.root))) {
                let request = try MatchRequestDecoder.decode(
                    Array(document.bytes[Int(document.nodes[entry].start)..<Int(document.nodes[entry].end)]))
                verdicts.append((request, try #require(document.bool(document.member("blocked", in: entry)))))
            }
            forms[name] = Form(name: name, rules: rules, verdicts: verdicts)
        }
        return forms
    }

    /// Whether `||pattern` matches the URL as the filter syntax reads it: from the start of a label of the URL's host
    /// (user information and the scheme left out), the host's rest and what follows it start with `pattern`, and with
    /// `separatorAfterHost` (`||tracker.test^`) the host ends right after it.
    static func filterMatches(_ url: String, pattern: String, separatorAfterHost: Bool) -> Bool {
        let url = url.lowercased()
        guard let schemeEnd = url.range(of: "://") else { return false }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let afterAuthority = rest[authority.endIndex...]
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority[...]
        let host = hostAndPort.prefix { $0 != ":" }
        let following = String(hostAndPort[host.endIndex...]) + afterAuthority
        var start = host.startIndex
        while true {
            let suffix = String(host[start...])
            if separatorAfterHost ? suffix == pattern : (suffix + following).hasPrefix(pattern) { return true }
            guard let dot = host[start...].firstIndex(of: ".") else { return false }
            start = host.index(after: dot)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: fixture.path), "WebKit's verdicts are not recorded"))
    func matcherGivesWebKitsVerdicts() throws {
        var count = 0, blocked = 0
        var differences: [String] = []
        for form in try Self.forms().values {
            let matcher = try RuleListMatcher(source: Array(form.rules.utf8))
            for (request, webKitBlocked) in form.verdicts {
                count += 1
                if webKitBlocked { blocked += 1 }
                let decision = try matcher.evaluate(request).decision
                if decision.blocked != webKitBlocked {
                    differences.append("\(form.name): \(request.resourceType.rawValue) \(request.url) WebKit blocked=\(webKitBlocked)")
                }
            }
        }
        #expect(count >= 200 && blocked >= 50 && count - blocked >= 50)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// On every URL WebKit decided, the new form agrees with the host test wherever the old form did (and, for
    /// `||host^`, on more URLs).
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: fixture.path), "WebKit's verdicts are not recorded"),
        arguments: [("host^ old", "host^ new"), ("host old", "host new"), ("host/ads old", "host/ads new")])
    func newFormIsNeverWorse(_ oldName: String, _ newName: String) throws {
        let forms = try Self.forms()
        let old = try #require(forms[oldName]), new = try #require(forms[newName])
        let newVerdicts = Dictionary(
            new.verdicts.map { ("\($0.request.resourceType.rawValue) \($0.request.url)", $0.blocked) }, uniquingKeysWith: { a, _ in a })
        var oldRight = 0, newRight = 0, compared = 0
        var worse: [String] = []
        for (request, oldBlocked) in old.verdicts {
            guard let newBlocked = newVerdicts["\(request.resourceType.rawValue) \(request.url)"] else { continue }
            compared += 1
            let right = Self.filterMatches(
                request.url, pattern: oldName.hasPrefix("host/ads") ? "tracker.test/ads" : "tracker.test",
                separatorAfterHost: oldName.hasPrefix("host^"))
            if oldBlocked == right { oldRight += 1 }
            if newBlocked == right { newRight += 1 }
            if oldBlocked == right && newBlocked != right { worse.append("\(request.resourceType.rawValue) \(request.url)") }
        }
        #expect(compared >= 30)
        #expect(worse.isEmpty, "\(worse)")
        // Only `||host^` decides differently (its end class); the other forms change the scheme's spelling alone.
        if oldName.hasPrefix("host^") { #expect(newRight > oldRight) } else { #expect(newRight == oldRight) }
    }
}
