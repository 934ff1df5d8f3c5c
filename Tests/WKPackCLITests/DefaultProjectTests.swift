import Foundation
import Testing
import WKPackTestSupport

@testable import WKPackCLI

/// Builds the project's own `UserScripts/` with its own `wkpack.yml` and runs the four bundles in node,
/// the way a WKWebView runs them: document-start groups first, then document-end groups, in one frame.
@Suite struct DefaultProjectTests {
    static let projectRoot: String = {
        var url = URL(fileURLWithPath: "\(#filePath)")
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    @Test func defaultScriptsBundleAndBehaveInAFrame() throws {
        let config = try ProjectConfig.load(path: Self.projectRoot + "/wkpack.yml")
        let output = NSTemporaryDirectory() + "wkpack-default-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let job = ScriptsJob(config: config, overrides: ScriptsOverrides(output: output))
        _ = try job.run()

        let names = ["AllFramesAtDocumentStart", "MainFrameAtDocumentStart", "AllFramesAtDocumentEnd", "MainFrameAtDocumentEnd"]
        for name in names {
            #expect(FileManager.default.fileExists(atPath: "\(output)/\(name).js"), "missing \(name).js")
            #expect(FileManager.default.fileExists(atPath: "\(output)/\(name).js.map"), "missing \(name).js.map")
        }
        let harness = """
            const vm = require('node:vm');
            const fs = require('node:fs');
            const posted = [];
            const listeners = {};
            const element = (attrs) => ({ getAttribute: (n) => attrs[n] ?? null });
            const head = { children: [], appendChild(c) { this.children.push(c); } };
            const document = {
              title: 'A page', head, documentElement: head,
              body: { textContent: 'wkpack bundles user scripts. WKPACK again, and wkpack.' },
              querySelector(selector) {
                if (selector === 'meta[property="og:title"]') return element({ content: 'Open Graph title' });
                if (selector === 'input[type="password"]') return {};
                return null;
              },
              querySelectorAll() { return []; },
              getElementById(id) { return head.children.find((c) => c.id === id) ?? null; },
              createElement(tag) { return { tag, remove() { head.children = head.children.filter((c) => c !== this); } }; },
            };
            const handler = (name) => ({ postMessage: (m) => posted.push([name, m]) });
            const window = {
              document, location: { href: 'https://example.com/page', protocol: 'https:' },
              webkit: { messageHandlers: new Proxy({}, { get: (_, name) => handler(name) }) },
              addEventListener(type, fn) { (listeners[type] ??= []).push(fn); },
            };
            window.window = window;
            const context = vm.createContext({ window, document, APP_ID_TOKEN: 'token-123', console, Set, Object, Array, String, RegExp, Promise });
            for (const name of \(names.description)) {
              vm.runInContext(fs.readFileSync(process.argv[2] + '/' + name + '.js', 'utf8'), context, { filename: name + '.js' });
            }
            for (const fn of listeners.DOMContentLoaded ?? []) fn();
            const ns = window.__firefox__;
            const results = {
              includeOnceAgain: ns.includeOnce('PrintHandler', () => { throw new Error('ran twice'); }),
              found: ns.find('wkpack'),
              noImage: ns.setNoImageMode(true),
              styleAdded: head.children.length,
              typeofPrint: typeof window.print,
              posted: posted.map(([n, m]) => n + ':' + m.type + ':' + m.appIdToken),
              title: posted.find(([n]) => n === 'metadataMessageHandler')[1].metadata.title,
              leaked: ['handlerName', 'included', 'namespace', 'helpers'].filter((k) => k in context),
            };
            process.stdout.write(JSON.stringify(results));
            """
        let script = output + "/harness.js"
        try harness.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run("/usr/bin/env", ["node", script, output])
        try #require(result.status == 0, "node failed: \(result.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(results["includeOnceAgain"] as? Bool == false)
        #expect(results["found"] as? Int == 3)
        #expect(results["noImage"] as? Bool == true)
        #expect(results["styleAdded"] as? Int == 1)
        #expect(results["typeofPrint"] as? String == "function")
        #expect(results["title"] as? String == "Open Graph title")
        #expect((results["leaked"] as? [String]) == [])
        let posted = try #require(results["posted"] as? [String])
        #expect(posted.contains("metadataMessageHandler:metadata:token-123"))
        #expect(posted.contains("readerModeMessageHandler:readerModeState:token-123"))
        #expect(posted.contains("findInPageHandler:findResult:token-123"))
        #expect(posted.contains("loginsManagerMessageHandler:passwordFieldFound:token-123"))
    }
}
