import Testing

@testable import BlockListCompiler

@Suite struct DomainNormalizerTests {
    @Test func keepsPlainTrackerDomainsAndPaths() {
        #expect(DomainNormalizer.normalize("ads.example.com", role: .tracker) == .accepted("ads.example.com"))
        #expect(DomainNormalizer.normalize("yandex.ru/clck/counter", role: .tracker) == .accepted("yandex.ru/clck/counter"))
    }

    @Test func refusesPathsInSiteDomains() {
        guard case .refused(let reason) = DomainNormalizer.normalize("example.com/x", role: .siteDomain) else {
            Issue.record("a path was accepted in a site domain")
            return
        }
        #expect(reason.contains("'/'"))
    }

    @Test(arguments: ["a|b.com", "a*.com", "(a).com", "a+b.com", "a?.com", "[ab].com", "a{2}.com", "^a.com", "a.com$", "a\\.com"])
    func refusesRegexSyntax(domain: String) {
        guard case .refused(let reason) = DomainNormalizer.normalize(domain, role: .tracker) else {
            Issue.record("\(domain) was accepted")
            return
        }
        #expect(reason.contains("regular-expression syntax"))
    }

    @Test(arguments: ["", "a b.com", "a\"b.com", "a#b.com", ".a.com"])
    func refusesNonDomains(domain: String) {
        guard case .refused = DomainNormalizer.normalize(domain, role: .tracker) else {
            Issue.record("\(domain) was accepted")
            return
        }
    }

    @Test func writesNonASCIIAsPunycodeWithANote() {
        guard case .changed(let text, let note) = DomainNormalizer.normalize("bücher.example", role: .tracker) else {
            Issue.record("no change reported")
            return
        }
        #expect(text == "xn--bcher-kva.example")
        #expect(note.contains("punycode"))
    }

    @Test func lowerCasesSiteDomains() {
        #expect(
            DomainNormalizer.normalize("Wolt.com", role: .siteDomain)
                == .changed("wolt.com", note: "the domain \"Wolt.com\" is lower-cased to \"wolt.com\" (WebKit wants lower-case domains)"))
        #expect(DomainNormalizer.normalize("Wolt.com", role: .tracker) == .accepted("Wolt.com"))
    }
}
