/// A url-filter compiled to a position (Glushkov) automaton: no empty moves, so a URL is matched in one pass
/// over its bytes with a bit set of live positions, never backtracking.
public final class URLAutomaton: Sendable {
    /// Number of positions (character-set occurrences in the pattern).
    public let positionCount: Int
    /// 64-bit words per position set.
    let wordCount: Int
    /// Whether the pattern starts with `^`, so a match must start at the URL's first byte.
    public let isAnchoredAtStart: Bool
    /// WebKit treats the pattern as matching every URL.
    public let matchesEverything: Bool
    /// The character set of each position.
    public let positionSets: [ASCIISet]
    /// Equivalence class of each ASCII unit (units with the same positions).
    let classOfUnit: [UInt8]
    /// Positions accepting each class, `wordCount` words per class.
    let classMasks: [UInt64]
    /// Positions that may follow each position, `wordCount` words per position.
    let follow: [UInt64]
    let first: [UInt64]
    let last: [UInt64]

    /// Compiles an accepted pattern.
    public init(pattern: URLFilterPattern) {
        let count = GlushkovBuilder<UInt64>.positionCount(pattern.terms)
        let words = max(1, (count + 63) / 64)
        positionCount = count
        wordCount = words
        isAnchoredAtStart = pattern.isAnchoredAtStart
        matchesEverything = pattern.matchesEverything
        if words == 1 {
            // Up to 64 positions (nearly every url-filter): the sets are single words, no array per set.
            var builder = GlushkovBuilder<UInt64>()
            let fragment = builder.sequence(pattern.terms)
            positionSets = builder.sets
            first = [fragment.first]
            last = [fragment.last]
            follow = builder.follow
        } else {
            var builder = GlushkovBuilder<SortedPositions>()
            let fragment = builder.sequence(pattern.terms)
            positionSets = builder.sets
            func bits(_ positions: SortedPositions) -> [UInt64] {
                var result = [UInt64](repeating: 0, count: words)
                for position in positions.list { result[position >> 6] |= 1 << UInt64(position & 63) }
                return result
            }
            first = bits(fragment.first)
            last = bits(fragment.last)
            var followWords = [UInt64](repeating: 0, count: count * words)
            for position in 0..<count {
                for next in builder.follow[position].list { followWords[position * words + (next >> 6)] |= 1 << UInt64(next & 63) }
            }
            follow = followWords
        }
        let positionSets = self.positionSets
        var masks: [UInt64] = []
        var classOf = [UInt8](repeating: 0, count: 128)
        if words == 1 {
            var unitMasks = [UInt64](repeating: 0, count: 128)
            for position in 0..<count {
                let set = positionSets[position]
                var low = set.low, high = set.high
                while low != 0 { unitMasks[low.trailingZeroBitCount] |= 1 << UInt64(position); low &= low &- 1 }
                while high != 0 { unitMasks[64 + high.trailingZeroBitCount] |= 1 << UInt64(position); high &= high &- 1 }
            }
            // Classes numbered in order of their first unit, found in an open-addressing table of 256 slots (at
            // most 128 classes): a dictionary hashed every unit's mask with SipHash and grew several times.
            var slotMasks = [UInt64](repeating: 0, count: 256)
            var slotClasses = [UInt8](repeating: 0, count: 256)  // 0 = empty, else the class + 1
            for unit in 0..<128 {
                let mask = unitMasks[unit]
                var slot = Int(truncatingIfNeeded: (mask &* 0x9E37_79B9_7F4A_7C15) >> 56)
                while slotClasses[slot] != 0 && slotMasks[slot] != mask { slot = (slot + 1) & 255 }
                if slotClasses[slot] == 0 {
                    slotMasks[slot] = mask
                    slotClasses[slot] = UInt8(truncatingIfNeeded: masks.count + 1)
                    masks.append(mask)
                }
                classOf[unit] = slotClasses[slot] - 1
            }
            classOfUnit = classOf
            classMasks = masks
            return
        }
        var classes: [[UInt64]: UInt8] = [:]
        for unit in 0..<128 {
            var mask = [UInt64](repeating: 0, count: words)
            for position in 0..<count where positionSets[position].contains(UInt8(unit)) {
                mask[position >> 6] |= 1 << UInt64(position & 63)
            }
            if let existing = classes[mask] {
                classOf[unit] = existing
            } else {
                let index = UInt8(truncatingIfNeeded: classes.count)
                classes[mask] = index
                classOf[unit] = index
                masks += mask
            }
        }
        classOfUnit = classOf
        classMasks = masks
    }

    /// Whether the pattern matches somewhere in `url` (ASCII bytes, without a terminator).
    public func matches(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        if matchesEverything { return true }
        if positionCount == 0 { return false }
        return wordCount == 1 ? matchesOneWord(url) : matchesManyWords(url)
    }

    /// Whether the pattern matches somewhere in `url`.
    public func matches(_ url: [UInt8]) -> Bool {
        url.withUnsafeBufferPointer { matches($0) }
    }

    private func matchesOneWord(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = self.first[0], last = self.last[0]
        let anchored = isAnchoredAtStart
        return follow.withUnsafeBufferPointer { follow in
            classMasks.withUnsafeBufferPointer { masks in
                classOfUnit.withUnsafeBufferPointer { classOf in
                    var state: UInt64 = 0
                    let count = url.count
                    var index = 0
                    while index <= count {
                        let unit = index < count ? url[index] : 0
                        var next: UInt64 = anchored && index > 0 ? 0 : first
                        var live = state
                        while live != 0 {
                            next |= follow[live.trailingZeroBitCount]
                            live &= live &- 1
                        }
                        next &= unit < 128 ? masks[Int(classOf[Int(unit)])] : 0
                        if next & last != 0 { return true }
                        if next == 0 && anchored { return false }
                        state = next
                        index += 1
                    }
                    return false
                }
            }
        }
    }

    private func matchesManyWords(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        let words = wordCount
        var state = [UInt64](repeating: 0, count: words)
        var next = [UInt64](repeating: 0, count: words)
        let count = url.count
        for index in 0...count {
            let unit = index < count ? url[index] : 0
            let useFirst = !(isAnchoredAtStart && index > 0)
            for word in 0..<words { next[word] = useFirst ? first[word] : 0 }
            for word in 0..<words {
                var live = state[word]
                while live != 0 {
                    let position = word * 64 + live.trailingZeroBitCount
                    for target in 0..<words { next[target] |= follow[position * words + target] }
                    live &= live &- 1
                }
            }
            var any = false, accepted = false
            let base = unit < 128 ? Int(classOfUnit[Int(unit)]) * words : -1
            for word in 0..<words {
                next[word] &= base >= 0 ? classMasks[base + word] : 0
                if next[word] != 0 { any = true }
                if next[word] & last[word] != 0 { accepted = true }
            }
            if accepted { return true }
            if !any && isAnchoredAtStart { return false }
            swap(&state, &next)
        }
        return false
    }
}

/// A set of automaton positions, as `GlushkovBuilder` unions them.
protocol GlushkovPositions {
    /// The empty set.
    static var none: Self { get }
    /// The set holding `position` alone.
    init(position: Int)
    /// The union of the two sets.
    func union(_ other: Self) -> Self
    /// Calls `body` with each position, in increasing order.
    func forEachPosition(_ body: (Int) -> Void)
}

/// Positions 0-63 as the bits of one word.
extension UInt64: GlushkovPositions {
    static var none: UInt64 { 0 }

    init(position: Int) {
        self = 1 << UInt64(position)
    }

    func union(_ other: UInt64) -> UInt64 { self | other }

    func forEachPosition(_ body: (Int) -> Void) {
        var rest = self
        while rest != 0 {
            body(rest.trailingZeroBitCount)
            rest &= rest &- 1
        }
    }
}

/// Any number of positions, as a sorted list without duplicates.
struct SortedPositions: GlushkovPositions {
    var list: [Int]

    static var none: SortedPositions { SortedPositions(list: []) }

    init(list: [Int]) {
        self.list = list
    }

    init(position: Int) {
        list = [position]
    }

    /// Merged in one pass (both lists are sorted).
    func union(_ other: SortedPositions) -> SortedPositions {
        let a = list, b = other.list
        if a.isEmpty { return other }
        if b.isEmpty { return self }
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var left = 0, right = 0
        while left < a.count && right < b.count {
            if a[left] < b[right] {
                result.append(a[left])
                left += 1
            } else if b[right] < a[left] {
                result.append(b[right])
                right += 1
            } else {
                result.append(a[left])
                left += 1
                right += 1
            }
        }
        result.append(contentsOf: a[left...])
        result.append(contentsOf: b[right...])
        return SortedPositions(list: result)
    }

    func forEachPosition(_ body: (Int) -> Void) {
        for position in list { body(position) }
    }
}

/// Builds the positions, first/last sets and follow relation of a term tree.
struct GlushkovBuilder<Positions: GlushkovPositions> {
    struct Fragment {
        var nullable: Bool
        var first: Positions
        var last: Positions
    }

    var sets: [ASCIISet] = []
    var follow: [Positions] = []

    /// The number of positions (character-set atoms) of `terms`.
    static func positionCount(_ terms: [URLFilterTerm]) -> Int {
        var count = 0
        for term in terms {
            switch term.atom {
            case .set: count += 1
            case .group(let inner): count += positionCount(inner)
            }
        }
        return count
    }

    mutating func sequence(_ terms: [URLFilterTerm]) -> Fragment {
        var result = Fragment(nullable: true, first: .none, last: .none)
        for term in terms {
            let part = self.term(term)
            result.last.forEachPosition { follow[$0] = follow[$0].union(part.first) }
            let first = result.nullable ? result.first.union(part.first) : result.first
            let last = part.nullable ? result.last.union(part.last) : part.last
            result = Fragment(nullable: result.nullable && part.nullable, first: first, last: last)
        }
        return result
    }

    mutating func term(_ term: URLFilterTerm) -> Fragment {
        var fragment: Fragment
        switch term.atom {
        case .set(let set):
            let position = sets.count
            sets.append(set)
            follow.append(.none)
            fragment = Fragment(nullable: false, first: Positions(position: position), last: Positions(position: position))
        case .group(let terms):
            fragment = sequence(terms)
        }
        switch term.quantifier {
        case .one: break
        case .zeroOrOne: fragment.nullable = true
        case .zeroOrMore, .oneOrMore:
            let first = fragment.first
            fragment.last.forEachPosition { follow[$0] = follow[$0].union(first) }
            if term.quantifier == .zeroOrMore { fragment.nullable = true }
        }
        return fragment
    }
}
