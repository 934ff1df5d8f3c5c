import ArgumentParser

/// `wkpack rules test EXPECTATIONS.yml`: checks that lists block, allow, block cookies or hide what CI expects.
public struct RulesTestCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check the decisions of content-blocking lists against a YAML file of expected outcomes.",
        discussion: """
            The YAML file has `lists:` (paths relative to the file) and `requests:`, each with `url`, optional `type`, \
            `top`, `frame`, `load-context`, `method`, and `expect: block | allow | block-cookies`, `expect: {hide: [selectors]}` or `expect: {redirect: URL}`. \
            `frame` and `top` mean what --frame-url and --top-url mean for `wkpack rules match` (a document load's top is the new URL; \
            document and child-document loads are evaluated with frame URL about:blank unless `frame` is given). \
            Failures name the rule responsible. Exit status: 0 when every expectation holds, 1 otherwise or on bad input.
            """
    )

    @Argument(help: "The expectations file.") var expectations: String

    @Flag(name: .shortAndLong, help: "Print only failures and the summary line, not one PASS line per request.")
    var quiet = false

    public init() {}

    public func run() throws {
        let outcome = RulesTestRunner.run(path: expectations, quiet: quiet)
        try outcome.emit()
    }
}
