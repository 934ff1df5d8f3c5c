import Foundation
import Testing
import WKPackTestSupport

@testable import BlockListCompiler

/// Registrable domains by the built-in Public Suffix List: what makes a load first- or third-party.
@Suite struct RegistrableDomainTests {
    // Each expectation checked with libpsl 0.21.2 (`psl --print-reg-domain`) on the same list; a host libpsl calls a
    // public suffix (`(null)`) is its own registrable domain, as in WebKit.
    @Test(arguments: [
        ("a.b.example.co.uk", "example.co.uk"),
        ("www.example.com", "example.com"),
        ("co.uk", "co.uk"),
        ("localhost", "localhost"),
        ("192.168.0.1", "192.168.0.1"),
        ("[::1]", "[::1]"),
        ("example.unknowntld", "example.unknowntld"),
        ("a.b.example.unknowntld", "example.unknowntld"),
        ("x.example.com.au", "example.com.au"),
        // Wildcard `*.kawasaki.jp` and its exception `!city.kawasaki.jp`.
        ("foo.bar.kawasaki.jp", "foo.bar.kawasaki.jp"),
        ("x.foo.bar.kawasaki.jp", "foo.bar.kawasaki.jp"),
        ("www.city.kawasaki.jp", "city.kawasaki.jp"),
        ("bar.kawasaki.jp", "bar.kawasaki.jp"),
        // `*.ck` with `!www.ck`.
        ("a.b.ck", "a.b.ck"),
        ("www.ck", "www.ck"),
        ("a.www.ck", "www.ck"),
        // The private section: hosting platforms whose users are separate sites.
        ("user.github.io", "user.github.io"),
        ("a.user.github.io", "user.github.io"),
        ("x.bucket.s3.amazonaws.com", "bucket.s3.amazonaws.com"),
        ("name.blogspot.com", "name.blogspot.com"),
        // Non-ASCII suffixes, in punycode as URLs carry them (公司.cn).
        ("www.xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        // Suffixes the former built-in approximation did not know.
        ("tracker.example.gov.scot", "example.gov.scot"),
        ("a.b.example.pvt.k12.ma.us", "example.pvt.k12.ma.us"),
    ])
    func registrableDomain(host: String, expected: String) {
        #expect(RegistrableDomain.of(host) == expected)
    }

    @Test func sitesOfAPlatformAreSeparateParties() {
        #expect(!RegistrableDomain.sameSite("a.github.io", "b.github.io"))
        #expect(!RegistrableDomain.sameSite("a.blogspot.com", "b.blogspot.com"))
        #expect(RegistrableDomain.sameSite("a.example.com", "b.example.com"))
        #expect(!RegistrableDomain.sameSite("example.co.uk", "other.co.uk"))
    }

    @Test func theLongestRulePrevailsAndExceptionsWin() {
        let list = PublicSuffixList(rules: "uk\nco.uk\n*.sch.uk\n!www.sch.uk")
        #expect(list.suffixLabelCount(of: ["a", "co", "uk"]) == 2)
        #expect(list.suffixLabelCount(of: ["a", "b", "uk"]) == 1)
        #expect(list.suffixLabelCount(of: ["a", "school", "sch", "uk"]) == 3)
        #expect(list.suffixLabelCount(of: ["a", "www", "sch", "uk"]) == 2)
        #expect(list.suffixLabelCount(of: ["a", "unlisted"]) == 1)
    }

    /// libpsl (Debian `psl`, the library WebKitGTK's network stack uses) on the list file the data was generated
    /// from, when both are installed (.ci/debian-packages): a host built from every rule of the list, at the rule,
    /// one label below it and two below, must get the same registrable domain.
    @Test(.enabled(if: LibPSL.isPresent, LibPSL.absence))
    func agreesWithLibPSLOnHostsBuiltFromEveryRule() throws {
        var hosts: [String] = []
        for rule in PublicSuffixList.ruleText.split(separator: "\n") {
            let base = rule.hasPrefix("!") ? String(rule.dropFirst()) : rule.replacingOccurrences(of: "*", with: "w")
            hosts += [base, "h." + base, "g.h." + base]
        }
        let answers = try LibPSL.registrableDomains(of: hosts)
        try #require(answers.count == hosts.count, "psl answered \(answers.count) of \(hosts.count) hosts")
        var differences: [String] = []
        for (host, answer) in zip(hosts, answers) where RegistrableDomain.of(host) != (answer ?? host) {
            differences.append("\(host): wkpack \(RegistrableDomain.of(host)), libpsl \(answer ?? "(null)")")
        }
        #expect(differences.isEmpty, "\(differences.count) of \(hosts.count) differ, first: \(differences.prefix(10))")
    }
}

/// The `psl` command of libpsl with Debian's list file.
enum LibPSL {
    static let command = "/usr/bin/psl"
    static let listFile = "/usr/share/publicsuffix/public_suffix_list.dat"
    static var isPresent: Bool {
        FileManager.default.isExecutableFile(atPath: command) && FileManager.default.fileExists(atPath: listFile)
    }
    static let absence = Comment(rawValue: "libpsl's psl command or the list file is absent (apt-get install psl publicsuffix)")

    /// Each host's registrable domain by libpsl, nil where libpsl says the host is a public suffix.
    static func registrableDomains(of hosts: [String]) throws -> [String?] {
        let result = try ChildProcess.run(
            command, ["--load-psl-file", listFile, "--print-reg-domain"],
            input: Data((hosts.joined(separator: "\n") + "\n").utf8))
        return result.stdout.split(separator: "\n").map { line in
            guard let separator = line.range(of: ": ") else { return nil }
            let answer = line[separator.upperBound...]
            return answer == "(null)" ? nil : String(answer)
        }
    }
}
