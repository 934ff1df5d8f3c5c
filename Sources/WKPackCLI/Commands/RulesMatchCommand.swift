import ArgumentParser
import BlockListCompiler

/// `wkpack rules match LIST... --url URL`: what WebKit would do with a request, and which rules decided it.
public struct RulesMatchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Evaluate a request against content-blocking lists the way WebKit does.",
        discussion: """
            Prints the decision (blocked, cookies blocked, https upgrade, redirects, notifications, hidden selectors) and \
            every rule that fired, with its index and JSON pointer, including cancelled rules and the rule that cancelled \
            them. --requests FILE evaluates many requests given one JSON object a line (webkit-match-oracle format). \
            The resource type defaults to document without --top-url and to script with it. \
            A document load is a navigation of the main frame: its top URL is the new URL, and it is evaluated with the \
            frame's current document (default about:blank) as frame URL. A child-document load is evaluated in the new \
            child frame: frame URL about:blank unless --frame-url names the frame's current document. Other loads take \
            the top URL as frame URL unless --frame-url is given. Fragments, pings and CSP reports are evaluated as \
            WebKit does (see docs/matching.md). \
            Exit status: 0 on success, 1 when a list or request cannot be read, 2 on usage errors.
            """
    )

    @Option(name: .long, help: "The URL being loaded.") var url: String?
    @Option(
        name: .customLong("resource-type"),
        help: "Request type: \(RequestResourceType.allCases.map(\.rawValue).joined(separator: ", ")), or document, raw.")
    var resourceType: String?
    @Option(
        name: .customLong("top-url"),
        help: "URL of the main document (default: the URL itself; a document load's top URL is always the new URL).") var topURL: String?
    @Option(
        name: .customLong("frame-url"),
        help:
            "URL of the document in the frame where the load is evaluated (default: the top URL; about:blank for document and child-document loads)."
    ) var frameURL: String?
    @Option(name: .customLong("load-context"), help: "top-frame or child-frame (default: derived).") var loadContext: String?
    @Option(
        name: .long,
        help: "HTTP method as the rule list sees it (default GET; WebKitGTK 2.50 sees GET for every load, see docs/matching.md).")
    var method: String?
    @Option(name: .long, help: "A JSON Lines file of requests to evaluate instead of --url.") var requests: String?
    @Option(
        name: .long,
        help:
            "Output format: text, json, decisions (json without the request's echo, css-display-none rules counted, not listed), or summary (counts and time, for --requests)."
    ) var format: String = "text"
    @Argument(help: "Rule list files.") var lists: [String] = []

    public init() {}

    public func run() throws {
        let options = RulesMatchRunner.Options(
            lists: lists, url: url, resourceType: resourceType, topURL: topURL, frameURL: frameURL,
            loadContext: loadContext, method: method, requestsFile: requests, format: format)
        // Results go out batch by batch (a requests file of any length runs in bounded memory).
        let console = Console.standard
        let outcome = RulesMatchRunner.run(options) { console.write($0) }
        try outcome.emit(to: console)
    }
}
