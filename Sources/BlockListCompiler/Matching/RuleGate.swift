/// The cheap checks of one rule's trigger (flag masks, request method, a literal the URL must contain), held as a
/// plain value with no references, so the per-request candidate loop rejects most candidates without touching the
/// rule's automata (and without reference counting).
struct RuleGate: Sendable {
    var resourceMask: UInt32
    /// Bit 0 first-party, bit 1 third-party.
    var loadTypeMask: UInt8
    /// Bit 0 top-frame, bit 1 child-frame.
    var loadContextMask: UInt8
    var method: RequestMethod?
    /// Where the rule's required lower-cased URL literal starts in the matcher's literal pool.
    var literalStart: Int32
    /// The literal's length; 0 when the literal is too short to be worth checking.
    var literalCount: Int32

    /// Shortest literal worth a substring search before running the automaton.
    static let minimumLiteralCount = 5

    /// The gate of `rule`, appending its literal (when long enough) to `pool`.
    init(_ rule: CompiledRule, pool: inout [UInt8]) {
        resourceMask = rule.masks.resourceMask
        loadTypeMask = rule.masks.loadTypeMask
        loadContextMask = rule.masks.loadContextMask
        method = rule.method
        if rule.urlLiteral.count >= RuleGate.minimumLiteralCount {
            literalStart = Int32(pool.count)
            literalCount = Int32(rule.urlLiteral.count)
            pool += rule.urlLiteral
        } else {
            literalStart = 0
            literalCount = 0
        }
    }

    /// Whether `haystack` contains `needle`.
    @inline(__always)
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return needle.isEmpty }
        let limit = haystack.count - needle.count
        var start = 0
        while start <= limit {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
