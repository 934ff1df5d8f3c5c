/// Builds the term tree of a pattern while `URLFilterDelegate` applies WebKit's restrictions to it.
struct URLFilterTermBuilder: PatternDelegate {
    var checker = URLFilterDelegate()
    let isCaseSensitive: Bool
    private(set) var isAnchoredAtStart = false
    /// Open sequences: the top level, then one per open group.
    private var stack: [[URLFilterTerm]] = [[]]
    private var classSet = ASCIISet()
    private var classInverted = false

    /// A builder; `capacity` (the pattern's length, an upper bound of its top-level terms) is room made at once
    /// for the top-level terms, which grew by doubling.
    init(isCaseSensitive: Bool, capacity: Int = 0) {
        self.isCaseSensitive = isCaseSensitive
        stack[0].reserveCapacity(capacity)
    }

    /// The top-level terms once the scan is over.
    var terms: [URLFilterTerm] { stack.first ?? [] }

    private mutating func append(_ set: ASCIISet) {
        let folded = isCaseSensitive ? set : set.addingOtherCases()
        stack[stack.count - 1].append(URLFilterTerm(atom: .set(folded)))
    }

    mutating func character(_ value: UInt32, at start: Int) {
        checker.character(value, at: start)
        var set = ASCIISet()
        if value < 128 { set.insert(UInt8(value)) }
        append(set)
    }

    mutating func dot(at start: Int) {
        checker.dot(at: start)
        append(.anyCharacter)
    }

    mutating func builtInClass(at start: Int, _ name: String) { checker.builtInClass(at: start, name) }

    mutating func quantify(minimum: UInt64, maximum: UInt64?, at start: Int) {
        checker.quantify(minimum: minimum, maximum: maximum, at: start)
        let quantifier: URLFilterTerm.Quantifier
        switch (minimum, maximum) {
        case (0, 1): quantifier = .zeroOrOne
        case (0, nil): quantifier = .zeroOrMore
        case (1, nil): quantifier = .oneOrMore
        case (1, 1): quantifier = .one
        default: return
        }
        let level = stack.count - 1
        guard let last = stack[level].indices.last else { return }
        stack[level][last].quantifier = quantifier
    }

    mutating func backReference(at start: Int) { checker.backReference(at: start) }

    mutating func startOfLine(at start: Int) {
        checker.startOfLine(at: start)
        isAnchoredAtStart = true
    }

    mutating func endOfLine(at start: Int) {
        checker.endOfLine(at: start)
        stack[stack.count - 1].append(URLFilterTerm(atom: .set(.endOfLine)))
    }

    mutating func wordBoundary(at start: Int) { checker.wordBoundary(at: start) }

    mutating func characterClassBegin(at start: Int) { characterClassBegin(at: start, inverted: false) }

    mutating func characterClassBegin(at start: Int, inverted: Bool) {
        checker.characterClassBegin(at: start)
        classSet = ASCIISet()
        classInverted = inverted
    }

    mutating func characterClassBuiltIn(at start: Int, _ name: String) { checker.characterClassBuiltIn(at: start, name) }

    mutating func characterClassCharacter(_ value: UInt32, at start: Int) {
        checker.characterClassCharacter(value, at: start)
        if value < 128 { classSet.insert(UInt8(value)) }
    }

    mutating func characterClassRange(_ low: UInt32, _ high: UInt32, at start: Int) {
        classSet.insert(range: low, high)
    }

    mutating func rangeBeyondASCII(at start: Int) { checker.rangeBeyondASCII(at: start) }

    mutating func characterClassEnd(onlyNUL: Bool) {
        checker.characterClassEnd(onlyNUL: onlyNUL)
        var set = isCaseSensitive ? classSet : classSet.addingOtherCases()
        if classInverted { set = set.inverted }
        stack[stack.count - 1].append(URLFilterTerm(atom: .set(set)))
    }

    mutating func groupBegin(at start: Int) {
        checker.groupBegin(at: start)
        stack.append([])
    }

    mutating func unsupportedGroup(at start: Int, _ kind: String) { checker.unsupportedGroup(at: start, kind) }

    mutating func groupEnd(at start: Int) {
        checker.groupEnd(at: start)
        guard stack.count > 1, let group = stack.popLast() else { return }
        stack[stack.count - 1].append(URLFilterTerm(atom: .group(group)))
    }

    mutating func disjunction(at start: Int) { checker.disjunction(at: start) }
}
