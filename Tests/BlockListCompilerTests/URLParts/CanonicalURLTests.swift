import Testing

@testable import BlockListCompiler

@Suite struct CanonicalURLTests {
    @Test(arguments: [
        ("HTTP://Example.COM", "http://example.com/"),
        ("http://example.com:80/a", "http://example.com/a"),
        ("https://example.com:8443/a", "https://example.com:8443/a"),
        ("http://example.com/a/./b/../c", "http://example.com/a/c"),
        ("http://example.com/a b", "http://example.com/a%20b"),
        ("http://example.com\\x\\y", "http://example.com/x/y"),
        ("ws://Example.com/s", "ws://example.com/s"),
        ("http://example.com/p?q=a b#f", "http://example.com/p?q=a%20b#f"),
    ])
    func canonicalizes(_ input: String, _ expected: String) {
        #expect(CanonicalURL(input)?.string == expected)
    }

    @Test func refusesRelativeURLsAndBadPorts() {
        #expect(CanonicalURL("/relative") == nil)
        #expect(CanonicalURL("http://example.com:99999/") == nil)
        #expect(CanonicalURL("http:///") == nil)
    }

    @Test func registrableDomainsUseTheBuiltInSuffixes() {
        #expect(RegistrableDomain.of("a.b.example.co.uk") == "example.co.uk")
        #expect(RegistrableDomain.of("www.example.com") == "example.com")
        #expect(RegistrableDomain.of("example.com") == "example.com")
        #expect(RegistrableDomain.of("co.uk") == "co.uk")
        #expect(RegistrableDomain.of("localhost") == "localhost")
        #expect(RegistrableDomain.of("192.168.0.1") == "192.168.0.1")
        #expect(RegistrableDomain.of("user.github.io") == "user.github.io")
        #expect(!RegistrableDomain.sameSite("a.github.io", "b.github.io"))
        #expect(RegistrableDomain.sameSite("a.example.com", "b.example.com"))
    }
}
