import BlockListCompiler

/// Reads a rule list and checks it as WebKit would, for the commands that work only on a valid list
/// (`rules optimize`, `rules split`, `rules cost`).
struct CheckedListReader {
    /// A list that WebKit would accept: its bytes and what the loader made of them.
    struct CheckedList {
        var bytes: [UInt8]
        var list: LoadedRuleList
    }

    var fileSystem: any ListFileSystem

    /// The list at `path`, or the one error line to print: `path: error: ...` when it cannot be read,
    /// `path:line:col: error: ...` for its first error.
    func read(_ path: String) -> Result<CheckedList, ListFileProblem> {
        let bytes: [UInt8]
        switch fileSystem.read(path) {
        case .failure(let problem): return .failure(ListFileProblem("\(path): error: \(problem.message)"))
        case .success(let read): bytes = read
        }
        let list = RuleListLoader().load(bytes)
        if let error = list.webKitError ?? list.errors.first {
            return .failure(ListFileProblem("\(path):\(error.line):\(error.column): error: \(error.message)"))
        }
        return .success(CheckedList(bytes: bytes, list: list))
    }
}
