import BlockListCompiler
import Foundation
import Yams

/// The work behind `wkpack rules test`.
public enum RulesTestRunner {
    /// What a request is expected to do.
    public enum Expectation: Sendable, Equatable {
        case block, allow, blockCookies
        case hide([String])
        /// WebKit loads this URL instead (after every redirect).
        case redirect(String)
    }

    struct Case {
        var request: MatchRequest
        var expectation: Expectation
        var line: Int
        var column: Int
    }

    struct InputError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// Checks every expectation of the file at `path`. `quiet` leaves out the PASS lines and names the file in the
    /// summary line, for build logs.
    public static func run(path: String, quiet: Bool = false, fileSystem: any ListFileSystem = LocalListFileSystem())
        -> RulesCheckRunner.Outcome
    {
        var outcome = RulesCheckRunner.Outcome()
        func fail(_ message: String) -> RulesCheckRunner.Outcome {
            outcome.standardError = message + "\n"
            outcome.exitCode = 1
            return outcome
        }
        let bytes: [UInt8]
        switch fileSystem.read(path) {
        case .failure(let problem): return fail("\(path): error: \(problem.message)")
        case .success(let read): bytes = read
        }
        let listPaths: [String]
        let cases: [Case]
        do {
            (listPaths, cases) = try parse(String(decoding: bytes, as: UTF8.self))
        } catch let error as InputError {
            return fail("\(path):\(error.line):\(error.column): error: \(error.message)")
        } catch {
            return fail("\(path):1:1: error: \(error)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let resolved = listPaths.map { $0.hasPrefix("/") || directory.isEmpty ? $0 : directory + "/" + $0 }
        let matchers: [RuleListMatcher]
        switch RulesMatchRunner.loadLists(resolved, fileSystem: fileSystem) {
        case .failure(let problem): return fail(problem.message)
        case .success(let loaded): matchers = loaded
        }
        let set = RuleListSet(lists: matchers)
        var failures = 0
        var output = ""
        for testCase in cases {
            let prepared: PreparedRequest
            do {
                prepared = try PreparedRequest(testCase.request)
            } catch {
                return fail("\(path):\(testCase.line):\(testCase.column): error: \(error.message)")
            }
            let (decision, results) = set.evaluate(prepared)
            let problem = check(testCase.expectation, decision)
            let label =
                "\(testCase.request.url) (\(testCase.request.resourceType.rawValue)\(testCase.request.topURL.map { ", top \($0)" } ?? ""))"
            guard let problem else {
                if !quiet { output += "PASS \(label)\n" }
                continue
            }
            failures += 1
            output +=
                "FAIL \(label)\n  \(path):\(testCase.line):\(testCase.column): expected \(describe(testCase.expectation)), but \(problem)\n"
            output += responsible(testCase.expectation, results, listPaths)
        }
        output +=
            (quiet ? "\(path): " : "")
            + "\(cases.count - failures) of \(cases.count) expectations hold\(failures == 0 ? "" : ", \(failures) failed")\n"
        outcome.standardOutput = output
        outcome.exitCode = failures == 0 ? 0 : 1
        return outcome
    }

    static func describe(_ expectation: Expectation) -> String {
        switch expectation {
        case .block: return "block"
        case .allow: return "allow"
        case .blockCookies: return "block-cookies"
        case .hide(let selectors): return "hide \(selectors.joined(separator: ", "))"
        case .redirect(let url): return "redirect to \(url)"
        }
    }

    /// Why the decision breaks the expectation, or nil when it holds.
    static func check(_ expectation: Expectation, _ decision: MatchDecision) -> String? {
        switch expectation {
        case .block: return decision.blocked ? nil : "it is allowed"
        case .allow: return decision.blocked ? "it is blocked" : nil
        case .blockCookies:
            return decision.cookiesBlocked
                ? nil : (decision.blocked ? "it is blocked, cookies are not blocked" : "its cookies are not blocked")
        case .hide(let selectors):
            let hidden = Set(decision.hiddenSelectors.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
            let missing = selectors.filter { !hidden.contains($0) }
            return missing.isEmpty ? nil : "\(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not hidden"
        case .redirect(let url):
            guard let target = decision.redirectTarget else { return "it is not redirected" }
            guard let actual = target.url else { return "its redirect target is not computed (\(target.notes.last ?? "no reason"))" }
            let expected = CanonicalURL(url)?.string ?? url
            return actual == expected ? nil : "it is redirected to \(actual)"
        }
    }

    /// The rules to blame: those that fired against the expectation, or those cancelled that would have met it.
    static func responsible(_ expectation: Expectation, _ results: [ListMatchResult], _ paths: [String]) -> String {
        var lines = ""
        for (path, result) in zip(paths, results) {
            for rule in result.fired {
                let relevant: Bool
                switch (expectation, rule.action) {
                case (.allow, .block): relevant = true
                case (.block, .ignorePreviousRules), (.blockCookies, .ignorePreviousRules), (.hide, .ignorePreviousRules): relevant = true
                case (.redirect, .redirect), (.redirect, .ignorePreviousRules): relevant = true
                default: relevant = false
                }
                if relevant { lines += "  rule \(path)#\(rule.index) (\(rule.pointer)) \(rule.action.typeName) fired\n" }
            }
            for rule in result.cancelled {
                lines +=
                    "  rule \(path)#\(rule.index) (\(rule.pointer)) \(rule.action.typeName) matched but was cancelled by \(path)#\(rule.cancelledBy ?? -1)\n"
            }
        }
        return lines.isEmpty ? "  no rule of the lists matches this request\n" : lines
    }

    static func parse(_ text: String) throws -> (lists: [String], cases: [Case]) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw InputError(line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
            default:
                throw InputError(line: 1, column: 1, message: "invalid YAML: \(error)")
            }
        }
        func place(_ node: Node?) -> (Int, Int) { (node?.mark?.line ?? 1, node?.mark?.column ?? 1) }
        func error(_ node: Node?, _ message: String) -> InputError {
            let (line, column) = place(node)
            return InputError(line: line, column: column, message: message)
        }
        guard let root, let mapping = root.mapping else { throw error(root, "the file must be a mapping with `lists` and `requests`") }
        guard let listsNode = mapping["lists"], let listSequence = listsNode.sequence, !listSequence.isEmpty else {
            throw error(mapping["lists"] ?? root, "`lists` must be a non-empty sequence of rule list paths")
        }
        var lists: [String] = []
        for item in listSequence {
            guard let value = item.scalar?.string else { throw error(item, "a list path must be a string") }
            lists.append(value)
        }
        guard let requestsNode = mapping["requests"], let requestSequence = requestsNode.sequence else {
            throw error(mapping["requests"] ?? root, "`requests` must be a sequence of requests")
        }
        var cases: [Case] = []
        for item in requestSequence {
            guard let entry = item.mapping else { throw error(item, "a request must be a mapping with `url` and `expect`") }
            func string(_ key: String) throws -> String? {
                guard let node = entry[key] else { return nil }
                guard let value = node.scalar?.string else { throw error(node, "`\(key)` must be a string") }
                return value
            }
            guard let url = try string("url") else { throw error(item, "the request has no `url`") }
            let typeName = try string("type") ?? (entry["top"] == nil ? "document" : "script")
            guard let type = RequestResourceType(name: typeName) else { throw error(entry["type"], "unknown request type '\(typeName)'") }
            var request = MatchRequest(url: url, resourceType: type, topURL: try string("top"), frameURL: try string("frame"))
            if let context = try string("load-context") {
                guard let value = LoadContext(rawValue: context) else {
                    throw error(entry["load-context"], "unknown load context '\(context)'")
                }
                request.loadContext = value
            }
            if let method = try string("method") {
                guard let value = RequestMethod(rawValue: method.lowercased()) else {
                    throw error(entry["method"], "unknown method '\(method)'")
                }
                request.method = value
            }
            guard let expectNode = entry["expect"] else { throw error(item, "the request has no `expect`") }
            let expectation: Expectation
            if let word = expectNode.scalar?.string {
                switch word {
                case "block": expectation = .block
                case "allow": expectation = .allow
                case "block-cookies": expectation = .blockCookies
                default:
                    throw error(
                        expectNode,
                        "unknown expectation '\(word)'; expected block, allow, block-cookies, hide: [selectors] or redirect: URL")
                }
            } else if let hideNode = expectNode.mapping?["hide"], let selectors = hideNode.sequence {
                expectation = .hide(
                    try selectors.map { node in
                        guard let value = node.scalar?.string else { throw error(node, "a selector must be a string") }
                        return value
                    })
            } else if let redirectNode = expectNode.mapping?["redirect"] {
                guard let url = redirectNode.scalar?.string, CanonicalURL(url) != nil else {
                    throw error(redirectNode, "`redirect` must be an absolute URL")
                }
                expectation = .redirect(url)
            } else {
                throw error(expectNode, "`expect` must be block, allow, block-cookies, {hide: [selectors]} or {redirect: URL}")
            }
            let (line, column) = place(item)
            cases.append(Case(request: request, expectation: expectation, line: line, column: column))
        }
        return (lists, cases)
    }
}
