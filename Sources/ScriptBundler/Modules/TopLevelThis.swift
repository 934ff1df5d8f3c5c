/// The `this` keywords of a module's top level (outside every function and class body; arrow functions keep the
/// `this` and `arguments` around them), which a hoisted ES module must read as `undefined`.
enum TopLevelThis {
    /// Their token indexes, ascending; `nil` when the scopes' extents cannot be found from the brackets.
    static func tokens(in record: ModuleRecord) -> [Int]? {
        guard record.analysis != nil else { return nil }
        guard let facts = record.facts else { return findTokens(in: record) }
        return facts.topLevelThis { findTokens(in: record) }
    }

    private static func findTokens(in record: ModuleRecord) -> [Int]? {
        var thisTokens: [Int] = []
        for (index, token) in record.tokens.enumerated() where token.kind == .keyword && token.isKeyword("this", in: record.bytes) {
            thisTokens.append(index)
        }
        return atTopLevel(thisTokens, in: record)
    }

    /// Whether the module reads a free `arguments` at its top level (not inside a function); `nil` when unknown.
    static func readsArguments(_ record: ModuleRecord) -> Bool? {
        guard record.analysis != nil else { return nil }
        guard let facts = record.facts else { return findReadsArguments(record) }
        return facts.readsArguments { findReadsArguments(record) }
    }

    private static func findReadsArguments(_ record: ModuleRecord) -> Bool? {
        guard let analysis = record.analysis else { return nil }
        var candidates: [Int] = []
        for reference in analysis.references where reference.declaration == nil && analysis.name(of: reference) == "arguments" {
            candidates.append(reference.token)
        }
        candidates.sort()
        return atTopLevel(candidates, in: record).map { !$0.isEmpty }
    }

    /// The tokens of `candidates` (ascending) outside every function and class body.
    static func atTopLevel(_ candidates: [Int], in record: ModuleRecord) -> [Int]? {
        guard let analysis = record.analysis else { return nil }
        let tokens = record.tokens
        let bytes = record.bytes
        let thisTokens = candidates
        guard !thisTokens.isEmpty else { return [] }
        // Matching brackets (a template substitution's braces belong to its template tokens).
        var match = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuator && token.end - token.start == 1 {
            switch bytes[token.start] {
            case 0x28, 0x5B, 0x7B:
                open.append(index)
            case 0x29, 0x5D, 0x7D:
                guard let opener = open.popLast() else { return nil }
                match[opener] = index
                match[index] = opener
            default:
                continue
            }
        }
        guard open.isEmpty else { return nil }
        // +1 where a function or class body starts, -1 after it ends.
        var depthChange = [Int](repeating: 0, count: tokens.count + 1)
        func isToken(_ index: Int, _ byte: UInt8) -> Bool {
            index >= 0 && index < tokens.count && tokens[index].kind == .punctuator && tokens[index].end - tokens[index].start == 1
                && bytes[tokens[index].start] == byte
        }
        for scope in analysis.scopes {
            let first = scope.firstToken
            var start = -1, end = -1
            switch scope.kind {
            case .function:
                if isToken(first, 0x28), match[first] >= 0, isToken(match[first] + 1, 0x7B) {
                    (start, end) = (first, match[match[first] + 1])
                } else if isToken(first, 0x7B) {
                    (start, end) = (first, match[first])
                } else {
                    return nil
                }
            case .classBody:
                guard isToken(first - 1, 0x7B) else { return nil }
                (start, end) = (first - 1, match[first - 1])
            default:
                continue
            }
            guard start >= 0, end >= start else { return nil }
            depthChange[start] += 1
            depthChange[end + 1] -= 1
        }
        var result: [Int] = []
        var depth = 0
        var next = 0
        for index in tokens.indices {
            depth += depthChange[index]
            if next < thisTokens.count, thisTokens[next] == index {
                if depth == 0 { result.append(index) }
                next += 1
            }
        }
        return result
    }
}
