import BlockListCompiler

/// The work behind `wkpack rules merge`.
public enum RulesMergeRunner {
    public static func run(
        lists: [String], output: String, safelist: String?, safelistDomains: [String], target targetName: String,
        maxRules: Int?, maxBytes: Int?, fileSystem: any ListFileSystem = LocalListFileSystem()
    ) -> ListCommandOutcome {
        var outcome = ListCommandOutcome()
        func fail(_ message: String, code: Int32 = 1) -> ListCommandOutcome {
            outcome.standardError += message + "\n"
            outcome.exitCode = code
            return outcome
        }
        guard let target = WebKitTarget(rawValue: targetName) else {
            return fail(
                "error: unknown target '\(targetName)'; expected one of \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", "))",
                code: 2)
        }
        if let maxRules, maxRules < 0 { return fail("error: --max-rules needs a non-negative integer", code: 2) }
        if let maxBytes, maxBytes < 0 { return fail("error: --max-bytes needs a non-negative integer", code: 2) }
        guard !lists.isEmpty else { return fail("error: no rule list given", code: 2) }

        var inputs: [SourceInput] = []
        for path in lists {
            switch fileSystem.read(path) {
            case .success(let bytes): inputs.append(SourceInput(path: path, bytes: bytes))
            case .failure(let problem): return fail("\(path): error: \(problem.message)")
            }
        }
        var allowed = Safelist()
        var warnings: [GenerationDiagnostic] = []
        do {
            if let safelist {
                switch fileSystem.read(safelist) {
                case .success(let bytes): warnings += try allowed.add(contentsOf: SourceInput(path: safelist, bytes: bytes))
                case .failure(let problem): return fail("\(safelist): error: \(problem.message)")
                }
            }
            for domain in safelistDomains { warnings += try allowed.add(domain: domain, path: "--safelist-domain") }
            let merged = try RuleListMerger(target: target, maximumRuleCount: maxRules, maximumByteCount: maxBytes)
                .merge(inputs, safelist: allowed, outputPath: output)
            warnings += merged.warnings
            for warning in warnings { outcome.standardError += warning.description + "\n" }
            do {
                try fileSystem.writeAtomically(merged.bytes, to: output)
            } catch {
                return fail("\(output): error: \(error.message)")
            }
            outcome.standardOutput += "\(output): \(merged.ruleCount) rules, \(merged.bytes.count) bytes\n"
        } catch {
            for warning in warnings { outcome.standardError += warning.description + "\n" }
            return fail(error.description)
        }
        return outcome
    }
}
