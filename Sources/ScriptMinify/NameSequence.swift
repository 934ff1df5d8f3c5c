import ScriptSyntax

/// The short names in order (`a`...`z`, `A`...`Z`, `_`, `$`, then two characters, ...), skipping forbidden ones.
struct NameSequence {
    private static let first: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$".utf8)
    private static let rest: [UInt8] = first + Array("0123456789".utf8)
    /// Per byte, its place in `first` and in `rest`, or -1.
    private static let firstDigits: [Int8] = NameSequence.digits(of: NameSequence.first)
    private static let restDigits: [Int8] = NameSequence.digits(of: NameSequence.rest)
    /// The numbers (`number(of:)`) of `ReservedNames.words` that are names of the sequence, in order.
    private static let reservedNumbers: [Int] = ReservedNames.words.compactMap { NameSequence.number(of: $0) }.sorted()

    /// Whether `ReservedNames.words` are skipped too.
    let avoidingReservedWords: Bool
    /// The numbers of the names skipped (`number(of:)` of the forbidden names that are names of the sequence), in
    /// order: the candidates are looked at in order, so each list is read by a place that only moves forward, and no
    /// candidate is spelled or hashed before it is taken (step 4u; each candidate was spelled into an array and a
    /// string and hashed twice).
    private let forbiddenNumbers: [Int]
    private var nextForbidden = 0
    private var nextReserved = 0
    private var names: [[UInt8]] = []
    /// How many candidates were looked at (names given and names skipped).
    private(set) var counter = 0

    package init(forbidden: Set<String>, avoidingReservedWords: Bool = false) {
        self.init(forbiddenNumbers: forbidden.compactMap { Self.number(of: $0) }, avoidingReservedWords: avoidingReservedWords)
    }

    /// The sequence skipping the names of `numbers` (`number(of:)`; in any order, repeats allowed).
    package init(forbiddenNumbers numbers: [Int], avoidingReservedWords: Bool = false) {
        self.avoidingReservedWords = avoidingReservedWords
        forbiddenNumbers = numbers.sorted()
    }

    /// The name of `slot` (0-based).
    package mutating func name(_ slot: Int) -> [UInt8] {
        while names.count <= slot {
            let number = counter
            counter += 1
            while nextForbidden < forbiddenNumbers.count, forbiddenNumbers[nextForbidden] < number { nextForbidden += 1 }
            if nextForbidden < forbiddenNumbers.count, forbiddenNumbers[nextForbidden] == number { continue }
            if avoidingReservedWords {
                let reserved = Self.reservedNumbers
                while nextReserved < reserved.count, reserved[nextReserved] < number { nextReserved += 1 }
                if nextReserved < reserved.count, reserved[nextReserved] == number { continue }
            }
            names.append(Self.spell(number))
        }
        return names[slot]
    }

    /// The number of `word` in the sequence when it skips nothing (`spell` inverted), `nil` for a word that is no
    /// name of it (or longer than eight bytes).
    package static func number(of word: String) -> Int? {
        let bytes = word.utf8
        guard let head = bytes.first, bytes.count <= 8 else { return nil }
        let firstDigit = Int(firstDigits[Int(head)])
        guard firstDigit >= 0 else { return nil }
        // The first byte is the number modulo `first.count`; each next one a digit of the rest (numbered from 1),
        // the last the most significant.
        var rest = 0
        for byte in bytes.dropFirst().reversed() {
            let digit = Int(restDigits[Int(byte)])
            guard digit >= 0 else { return nil }
            rest = rest * Self.rest.count + digit + 1
        }
        return rest * first.count + firstDigit
    }

    /// Whether `word` is one of the first `count` names of the sequence when it skips nothing (`spell(0..<count)`).
    static func isAmong(_ word: String, first count: Int) -> Bool {
        guard count > 0, word.utf8.count <= spelledLength(count - 1), let found = number(of: word) else { return false }
        return found < count
    }

    private static func digits(of alphabet: [UInt8]) -> [Int8] {
        var digits = [Int8](repeating: -1, count: 256)
        for (index, byte) in alphabet.enumerated() { digits[Int(byte)] = Int8(index) }
        return digits
    }

    /// The length of the `number`-th name (0-based), skipping nothing: a name of `NameSequence(forbidden: f)`'s first
    /// `n` is never longer than `spelledLength(n - 1 + f.count)`.
    static func spelledLength(_ number: Int) -> Int {
        var n = number / first.count
        var length = 1
        while n > 0 {
            n -= 1
            length += 1
            n /= rest.count
        }
        return length
    }

    /// The one-byte names, spelled once (step 5p: most names given are one byte, and each was an array allocated).
    private static let oneByteNames: [[UInt8]] = first.map { [$0] }

    private static func spell(_ number: Int) -> [UInt8] {
        if number < oneByteNames.count { return oneByteNames[number] }
        var n = number
        var bytes = [first[n % first.count]]
        n /= first.count
        while n > 0 {
            n -= 1
            bytes.append(rest[n % rest.count])
            n /= rest.count
        }
        return bytes
    }
}
