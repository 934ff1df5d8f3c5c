/// What `PatternScanner` reports while it walks a pattern: WebKit's restrictions (`URLFilterDelegate`) or the
/// term tree (`URLFilterTermBuilder`).
protocol PatternDelegate {
    mutating func character(_ value: UInt32, at start: Int)
    mutating func dot(at start: Int)
    mutating func builtInClass(at start: Int, _ name: String)
    mutating func quantify(minimum: UInt64, maximum: UInt64?, at start: Int)
    mutating func backReference(at start: Int)
    mutating func startOfLine(at start: Int)
    mutating func endOfLine(at start: Int)
    mutating func wordBoundary(at start: Int)
    mutating func characterClassBegin(at start: Int)
    mutating func characterClassBegin(at start: Int, inverted: Bool)
    mutating func characterClassBuiltIn(at start: Int, _ name: String)
    mutating func characterClassCharacter(_ value: UInt32, at start: Int)
    mutating func characterClassRange(_ low: UInt32, _ high: UInt32, at start: Int)
    mutating func rangeBeyondASCII(at start: Int)
    mutating func characterClassEnd(onlyNUL: Bool)
    mutating func groupBegin(at start: Int)
    mutating func unsupportedGroup(at start: Int, _ kind: String)
    mutating func groupEnd(at start: Int)
    mutating func disjunction(at start: Int)
}

extension PatternDelegate {
    mutating func characterClassBegin(at start: Int, inverted: Bool) { characterClassBegin(at: start) }
    mutating func characterClassRange(_ low: UInt32, _ high: UInt32, at start: Int) {}
}
