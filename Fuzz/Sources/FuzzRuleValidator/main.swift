import BlockListCompiler
import FuzzDriver

/// Checks arbitrary bytes as a content-blocking rule list: it must produce a report, never crash or hang,
/// an invalid list must say why at a 1-based position inside the source, and the check without rules
/// (`keepsRules: false`, what `wkpack rules check` runs) must report the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleValidator(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let report = RuleListChecker().check(bytes)
    if !report.isValid, report.webKitError == nil, report.errors.isEmpty {
        fatalError("an invalid list without an error")
    }
    // The check the CLI runs (rules read on their bytes, no `Rule` kept) must report exactly what the whole-list
    // path reports.
    let scanned = RuleListChecker(keepsRules: false).check(bytes)
    guard scanned.diagnostics == report.diagnostics, scanned.webKitError == report.webKitError,
        scanned.isValid == report.isValid, scanned.ruleCount == report.ruleCount,
        scanned.actionCounts == report.actionCounts, scanned.ruleIndices == report.ruleIndices
    else {
        fatalError("the check without rules differs from the whole-list check")
    }
    for diagnostic in report.diagnostics {
        guard diagnostic.line >= 1, diagnostic.column >= 1, diagnostic.offset >= 0, diagnostic.offset <= bytes.count else {
            fatalError("diagnostic '\(diagnostic.message)' at \(diagnostic.line):\(diagnostic.column) offset \(diagnostic.offset)")
        }
    }
    return 0
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzRuleValidator)
