import Foundation
import Testing
import WKPackTestSupport

/// Opens the DocC sites `scripts/docs/build` writes (`.build-docs/site/<Module>`) in a real browser: each site is
/// served on 127.0.0.1 (`scripts/docs/serve.py`) and headless Chromium (Debian's `chromium`) loads the module's
/// page and searches the navigator. Skipped by name when Chromium or the built sites are missing; `.ci/run` builds
/// the sites before `swift test`.
@Suite struct DocumentationSiteTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let sites = DocumentationPages.root + "/.build-docs/site"
    static let sitesBuilt = ["ScriptBundler", "BlockListCompiler"].allSatisfy {
        FileManager.default.fileExists(atPath: sites + "/\($0)/index.html")
    }

    /// A module's site and what the test looks for in it.
    struct Site: Sendable, CustomStringConvertible {
        var module: String
        /// A symbol the search must find.
        var search: String
        /// A top-level symbol the navigator lists before the search and not after.
        var absent: String
        var description: String { module }
    }

    static let cases = [
        Site(module: "BlockListCompiler", search: "RuleListLoader", absent: "RuleListReport"),
        Site(module: "ScriptBundler", search: "StagedOutput", absent: "BundleMode"),
    ]

    @Test(
        .enabled(if: chromium != nil, "Debian's chromium is not installed (apt-get install chromium)"),
        .enabled(if: python != nil, "python3 is not installed"),
        .enabled(if: sitesBuilt, "the DocC sites are not built (scripts/docs/build)"),
        arguments: cases)
    func pageAndSearchLoad(site: Site) throws {
        guard let chromium = Self.chromium, let python = Self.python else { return }
        let scratch = NSTemporaryDirectory() + "wkpack-docs-site-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let portFile = scratch + "/port"
        let server = try ChildProcess(
            python,
            [
                DocumentationPages.root + "/scripts/docs/serve.py", Self.sites + "/" + site.module, "--port-file", portFile,
                "--extra", "/__wkpack_test__.html=" + DocumentedCommandTests.fixtures + "/DocumentationSite/harness.html",
            ],
            output: .null, error: .null)
        defer {
            server.send(SIGTERM)
            _ = server.wait()
        }
        var port: String?
        for _ in 0..<100 where port == nil {
            port = try? String(contentsOfFile: portFile, encoding: .utf8)
            if port == nil { usleep(100_000) }
        }
        let served = try #require(port, "the server did not start")
        let lower = site.module.lowercased()
        let url =
            "http://127.0.0.1:\(served)/__wkpack_test__.html?page=/documentation/\(lower)&title=\(site.module)"
            + "&search=\(site.search)&absent=\(site.absent)"
        let result = try ChildProcess.run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=" + scratch + "/profile", "--window-size=1400,1000", "--virtual-time-budget=30000",
                "--dump-dom", url,
            ])
        #expect(result.status == 0, "chromium exited with \(result.status): \(result.stderr.suffix(1_000))")
        let dom = result.stdout
        let report = dom.range(of: "<pre id=\"result\">").map { String(dom[$0.upperBound...].prefix(400)) } ?? dom.suffix(400).description
        #expect(report.hasPrefix("ok\n"), "\(site.module): \(report)")
        #expect(report.contains("page: \(site.module)"))
        #expect(report.contains("search: ") && report.contains(site.search))
    }
}
