import BlockListCompiler

/// The work behind `wkpack rules generate disconnect`.
public enum RulesGenerateRunner {
    public static func run(
        blacklist: String?, entityList: String, fingerprinting: String?, categoryLists: [String], output: String,
        fileSystem: any ListFileSystem = LocalListFileSystem()
    ) -> ListCommandOutcome {
        var outcome = ListCommandOutcome()
        func fail(_ message: String, code: Int32 = 1) -> ListCommandOutcome {
            outcome.standardError += message + "\n"
            outcome.exitCode = code
            return outcome
        }
        func load(_ path: String) -> Result<SourceInput, ListFileProblem> {
            fileSystem.read(path).map { SourceInput(path: path, bytes: $0) }
                .mapError { ListFileProblem("\(path): error: \($0.message)") }
        }
        var categories: [DisconnectCategory: SourceInput] = [:]
        for argument in categoryLists {
            guard let equals = argument.firstIndex(of: "="),
                let category = DisconnectCategory(name: String(argument[..<equals]))
            else {
                return fail(
                    "error: --category-list needs CATEGORY=FILE with a category among \(DisconnectCategory.allCases.map(\.rawValue).joined(separator: ", ")), not '\(argument)'",
                    code: 2)
            }
            switch load(String(argument[argument.index(after: equals)...])) {
            case .success(let input): categories[category] = input
            case .failure(let problem): return fail(problem.message)
            }
        }
        if blacklist == nil && categories.isEmpty && fingerprinting == nil {
            return fail("error: give --blacklist, --category-list or --fingerprinting", code: 2)
        }
        let input: DisconnectListGenerator.Input
        do {
            input = DisconnectListGenerator.Input(
                entityList: try load(entityList).get(),
                blacklist: try blacklist.map { try load($0).get() },
                categoryLists: categories,
                fingerprinting: try fingerprinting.map { try load($0).get() })
        } catch {
            return fail((error as? ListFileProblem)?.message ?? "error: \(error)")
        }
        let result: GenerationResult
        do {
            result = try DisconnectListGenerator.generate(input)
        } catch {
            return fail(error.description)
        }
        for warning in result.warnings { outcome.standardError += warning.description + "\n" }
        for list in result.lists {
            let path = output.hasSuffix("/") ? output + list.name : output + "/" + list.name
            do {
                try fileSystem.writeAtomically(list.bytes, to: path)
            } catch {
                return fail("\(path): error: \(error.message)")
            }
            outcome.standardOutput += "\(list.name): \(list.ruleCount) rules, \(list.bytes.count) bytes\n"
        }
        return outcome
    }
}
