/// A `regex-substitution` redirect, computed the way WebKit's `RegexSubstitutionAction::applyToURL` does it:
/// `url.match(new RegExp(urlFilter))` in JavaScript (no flags, so case-sensitive whatever
/// `url-filter-is-case-sensitive` says), then each `\0`...`\9` in the substitution replaced, in that order, by
/// the whole match and the capture groups that exist (an unmatched group gives the text `undefined`), and the
/// result used when it is a valid URL.
///
/// The url-filter runs through a small backtracking matcher with JavaScript's semantics for the subset WebKit
/// accepts (sets, `.`, groups, `?`, `*`, `+`, `^`, `$`); it gives up (not computed) past a step budget.
enum RegexSubstitution {
    enum Outcome: Sendable, Equatable {
        case replaced(CanonicalURL)
        /// The regular expression does not match: WebKit keeps the URL.
        case noMatch
        /// The substituted text is not a valid URL: WebKit keeps the URL.
        case invalidResult(String)
        case notComputed(String)
    }

    indirect enum Node: Sendable {
        case set(ASCIISet, URLFilterTerm.Quantifier)
        case end(URLFilterTerm.Quantifier)
        /// `capture` is the group's number (1-based) when it captures; `inner` the numbers of the groups inside.
        case group(capture: Int?, inner: Range<Int>, body: [Node], URLFilterTerm.Quantifier)
    }

    static let maximumURLLength = 8192
    static let stepBudget = 200_000
    static let maximumGroupIterations = 500

    static func apply(_ substitution: String, urlFilter: String, to url: CanonicalURL) -> Outcome {
        let units = Array(urlFilter.utf16)
        guard let capturing = capturingGroups(units) else {
            return .notComputed("the url-filter uses a construct wkpack's matcher does not model")
        }
        let parsed = URLFilterParser().parseTerms(units: units, isCaseSensitive: true)
        guard let pattern = parsed.pattern else { return .notComputed("WebKit refuses the url-filter") }
        var numbering = GroupNumbering(capturing: capturing)
        let nodes = numbering.nodes(pattern.terms)
        guard numbering.position == capturing.count else {
            return .notComputed("the url-filter's groups could not be numbered")
        }
        let input = url.bytes
        guard input.count <= maximumURLLength else { return .notComputed("the URL is longer than \(maximumURLLength) bytes") }
        let matcher = Backtracker(input: input, groupCount: numbering.captureCount, budget: stepBudget)
        guard let groups = matcher.firstMatch(nodes, anchored: pattern.isAnchoredAtStart) else {
            return matcher.exhausted
                ? .notComputed(
                    "the regular expression needs more than \(stepBudget) steps or \(maximumGroupIterations) repetitions of a group")
                : .noMatch
        }
        var text = substitution
        for number in 0..<min(10, groups.count) {
            let value = groups[number].map { String(decoding: input[$0], as: UTF8.self) } ?? "undefined"
            text = replacingAll(in: text, "\\" + String(number), with: value)
        }
        guard let result = CanonicalURL(text) else { return .invalidResult(text) }
        return .replaced(result)
    }

    /// Whether each group of the url-filter, in the order its `(` appears, captures; nil for a construct this
    /// scan does not model (a `{` quantifier).
    static func capturingGroups(_ units: [UInt16]) -> [Bool]? {
        var result: [Bool] = []
        var index = 0
        var inClass = false
        while index < units.count {
            let unit = units[index]
            if unit == 0x5C { index += 2; continue }
            if inClass {
                if unit == 0x5D { inClass = false }
            } else if unit == 0x5B {
                inClass = true
            } else if unit == 0x7B {
                return nil
            } else if unit == 0x28 {
                if index + 1 < units.count && units[index + 1] == 0x3F {
                    let kind = index + 2 < units.count ? units[index + 2] : 0
                    let next = index + 3 < units.count ? units[index + 3] : 0
                    // `(?<name>` captures; `(?:`, lookarounds do not.
                    result.append(kind == 0x3C && next != 0x3D && next != 0x21)
                } else {
                    result.append(true)
                }
            }
            index += 1
        }
        return result
    }

    /// Numbers the groups of a term tree in pre-order, which is the order of their `(`.
    struct GroupNumbering {
        let capturing: [Bool]
        var position = 0
        var captureCount = 0

        mutating func nodes(_ terms: [URLFilterTerm]) -> [Node] {
            terms.map { term in
                switch term.atom {
                case .set(let set):
                    return set == .endOfLine ? .end(term.quantifier) : .set(set, term.quantifier)
                case .group(let body):
                    let captures = position < capturing.count ? capturing[position] : false
                    position += 1
                    var capture: Int?
                    if captures {
                        captureCount += 1
                        capture = captureCount
                    }
                    let first = captureCount + 1
                    let inner = nodes(body)
                    return .group(capture: capture, inner: first..<(captureCount + 1), body: inner, term.quantifier)
                }
            }
        }
    }

    /// Leftmost match with greedy quantifiers and backtracking, as JavaScript's `RegExp` finds it.
    final class Backtracker {
        let input: [UInt8]
        var captures: [Range<Int>?]
        var steps: Int
        var exhausted = false

        init(input: [UInt8], groupCount: Int, budget: Int) {
            self.input = input
            self.captures = Array(repeating: nil, count: groupCount + 1)
            self.steps = budget
        }

        /// The whole match and the groups, or nil when nothing matches (or the budget ran out).
        func firstMatch(_ nodes: [Node], anchored: Bool) -> [Range<Int>?]? {
            let lastStart = anchored ? 0 : input.count
            for start in 0...lastStart {
                for index in captures.indices { captures[index] = nil }
                var end = -1
                if sequence(
                    nodes, 0, start,
                    { position in
                        end = position; return true
                    })
                {
                    captures[0] = start..<end
                    return captures
                }
                if exhausted { return nil }
            }
            return nil
        }

        private func bounds(_ quantifier: URLFilterTerm.Quantifier) -> (Int, Int) {
            switch quantifier {
            case .one: return (1, 1)
            case .zeroOrOne: return (0, 1)
            case .zeroOrMore: return (0, Int.max)
            case .oneOrMore: return (1, Int.max)
            }
        }

        private func sequence(_ nodes: [Node], _ index: Int, _ position: Int, _ next: (Int) -> Bool) -> Bool {
            steps -= 1
            if steps < 0 { exhausted = true }
            if exhausted { return false }
            guard index < nodes.count else { return next(position) }
            switch nodes[index] {
            case .end(let quantifier):
                let (minimum, _) = bounds(quantifier)
                if position == input.count || minimum == 0 { return sequence(nodes, index + 1, position, next) }
                return false
            case .set(let set, let quantifier):
                let (minimum, maximum) = bounds(quantifier)
                var count = 0
                while count < maximum && position + count < input.count && set.contains(input[position + count]) { count += 1 }
                while count >= minimum {
                    if sequence(nodes, index + 1, position + count, next) { return true }
                    if exhausted { return false }
                    count -= 1
                }
                return false
            case .group(let capture, let inner, let body, let quantifier):
                return repeatGroup(capture, inner, body, bounds(quantifier), 0, position) { end in
                    self.sequence(nodes, index + 1, end, next)
                }
            }
        }

        private func repeatGroup(
            _ capture: Int?, _ inner: Range<Int>, _ body: [Node], _ bounds: (Int, Int), _ count: Int,
            _ position: Int, _ next: (Int) -> Bool
        ) -> Bool {
            // Each iteration of a group nests deeper: stop (not computed) before the stack could run out.
            if count > maximumGroupIterations { exhausted = true }
            if exhausted { return false }
            if count < bounds.1 {
                let saved = captures
                for number in inner { captures[number] = nil }
                let matched = sequence(body, 0, position) { end in
                    if count >= bounds.0 && end == position { return false }
                    let previous = capture.map { self.captures[$0] } ?? nil
                    if let capture { self.captures[capture] = position..<end }
                    if self.repeatGroup(capture, inner, body, bounds, count + 1, end, next) { return true }
                    if let capture { self.captures[capture] = previous }
                    return false
                }
                if matched { return true }
                captures = saved
                if exhausted { return false }
            }
            return count >= bounds.0 && next(position)
        }
    }

    /// `text` with every occurrence of `target` replaced, left to right.
    static func replacingAll(in text: String, _ target: String, with replacement: String) -> String {
        let source = Array(text.utf8), pattern = Array(target.utf8), value = Array(replacement.utf8)
        guard !pattern.isEmpty, source.count >= pattern.count else { return text }
        var output: [UInt8] = []
        var index = 0
        while index < source.count {
            if index + pattern.count <= source.count && source[index..<(index + pattern.count)].elementsEqual(pattern) {
                output += value
                index += pattern.count
            } else {
                output.append(source[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
