/// The regular expression WebKit builds from an `if-domain` / `unless-domain` entry (`getDomainList`).
struct DomainRegex {
    /// The regex text, as UTF-16 units.
    var units: [UInt16]
    private let hasSubdomains: Bool
    private let domainUnits: [UInt16]

    private static let prefix = Array("[a-z][a-z+.-]*:\\/\\/".utf16)
    private static let subdomains = Array("([^/]*\\.)*".utf16)
    private static let suffix = Array("[:/]".utf16)

    /// How many backslashes WebKit puts before a domain character: one before `\ { } . ? * $`, and two before `[`
    /// (so the `[` then opens a character set, as WebKit 2.50 does).
    @inline(__always) private static func backslashes(before unit: UInt16) -> Int {
        switch unit {
        case 0x5C, 0x7B, 0x7D, 0x2E, 0x3F, 0x2A, 0x24: return 1  // \ { } . ? * $
        case 0x5B: return 2  // [
        default: return 0
        }
    }

    /// Whether `domain` is lower-case letters, digits, `-` and `.`, with an optional leading `*`: its regex is then
    /// the fixed prefix, the escaped text and the fixed suffix, which WebKit's URL-filter parser always accepts.
    static func isPlain(_ domain: String) -> Bool {
        var first = true
        for unit in domain.utf8 {
            defer { first = false }
            if !isPlain(unit, first: first) { return false }
        }
        return true
    }

    /// Whether the domain spelled by `base[start..<end]` is plain (as `isPlain(_:)`).
    static func isPlain(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        if index < end && base[index] == 0x2A { index += 1 }
        while index + 8 <= end {
            guard arePlainCharacters(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))) else {
                return false
            }
            index += 8
        }
        while index < end {
            guard isPlainCharacter(base[index]) else { return false }
            index += 1
        }
        return true
    }

    /// For a JSON string whose text starts at `start` (after its opening quote) and that holds a plain domain
    /// (`isPlain(_:)`, not empty), the offset of its closing quote; nil for any other string. One pass, eight bytes
    /// a load: the first byte that is not a plain character must be the closing quote.
    @inline(__always) static func plainStringEnd(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int? {
        var at = start
        if at < count && base[at] == 0x2A { at += 1 }
        while true {
            if at + 8 <= count {
                let others = nonPlainCharacters(UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)))
                if others == 0 {
                    at += 8
                    continue
                }
                at += others.trailingZeroBitCount >> 3
            } else {
                while at < count && isPlainCharacter(base[at]) { at += 1 }
            }
            guard at < count, at > start, base[at] == 0x22 else { return nil }
            return at
        }
    }

    @inline(__always) private static func isPlain(_ unit: UInt8, first: Bool) -> Bool {
        isPlainCharacter(unit) || (first && unit == 0x2A)
    }

    /// Whether `unit` is a lower-case letter, a digit, `-` or `.`: one bit of `plainBelow64` or `plainFrom64`.
    @inline(__always) static func isPlainCharacter(_ unit: UInt8) -> Bool {
        unit < 64 ? plainBelow64 >> unit & 1 != 0 : unit < 128 && plainFrom64 >> (unit &- 64) & 1 != 0
    }

    /// Whether all eight bytes of `word` are plain characters (`isPlainCharacter`).
    @inline(__always) static func arePlainCharacters(_ word: UInt64) -> Bool {
        nonPlainCharacters(word) == 0
    }

    /// The high bit of each byte of `word` that is not a plain character (`isPlainCharacter`), tested for all bytes
    /// at once: zero when all eight are plain. The lowest set bit is always exact; bits above a non-ASCII byte may
    /// not be (adding to it carries into the next byte), bits above an ASCII byte are (adding to an ASCII byte
    /// carries into no other byte).
    @inline(__always) static func nonPlainCharacters(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        // A byte's high bit after adding 0x80 - low is set when it is at least low; after adding 0x7F - high,
        // when it is above high.
        func inRange(_ low: UInt64, _ high: UInt64) -> UInt64 { (word &+ ones &* (0x80 - low)) & ~(word &+ ones &* (0x7F - high)) }
        let plain = inRange(0x61, 0x7A) | inRange(0x30, 0x39) | inRange(0x2D, 0x2E)
        return (word | ~plain) & highs
    }

    /// The bits of `isPlainCharacter` for bytes 0-63 (`-`, `.`, `0`-`9`) and 64-127 (`a`-`z`), one bit per byte value.
    static let plainBelow64: UInt64 = 0x03FF_6000_0000_0000
    static let plainFrom64: UInt64 = 0x07FF_FFFE_0000_0000

    /// Writes the regex of `domain` into `units`, reusing its storage.
    static func fill(domain: String, into units: inout [UInt16]) {
        units.removeAll(keepingCapacity: true)
        units.append(contentsOf: prefix)
        var characters = domain.utf16[...]
        if characters.first == 0x2A {
            units.append(contentsOf: subdomains)
            characters = characters.dropFirst()
        }
        for unit in characters {
            for _ in 0..<backslashes(before: unit) { units.append(0x5C) }
            units.append(unit)
        }
        units.append(contentsOf: suffix)
    }

    init(domain: String) {
        var units = DomainRegex.prefix
        units.reserveCapacity(domain.utf8.count * 2 + 40)
        var characters = domain.utf16[...]
        hasSubdomains = characters.first == 0x2A
        if hasSubdomains {
            units += DomainRegex.subdomains
            characters = characters.dropFirst()
        }
        for unit in characters {
            for _ in 0..<DomainRegex.backslashes(before: unit) { units.append(0x5C) }
            units.append(unit)
        }
        domainUnits = Array(characters)
        units += DomainRegex.suffix
        self.units = units
    }

    /// The index of the domain character that regex unit `offset` came from (nil for the generated parts).
    func sourceIndex(ofRegexOffset offset: Int) -> Int? {
        var regexIndex = DomainRegex.prefix.count
        guard offset >= regexIndex else { return nil }
        var domainIndex = 0
        if hasSubdomains {
            if offset < regexIndex + DomainRegex.subdomains.count { return 0 }
            regexIndex += DomainRegex.subdomains.count
            domainIndex = 1
        }
        var cursor = regexIndex
        for unit in domainUnits {
            let width = DomainRegex.backslashes(before: unit) + 1
            if offset < cursor + width { return domainIndex }
            cursor += width
            domainIndex += 1
        }
        return nil
    }

    var text: String { String(decoding: units, as: UTF16.self) }
}
