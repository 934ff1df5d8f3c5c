/// The short names in order (`a`...`z`, `A`...`Z`, `_`, `$`, then two characters, ...), skipping forbidden ones.
struct NameSequence {
    private static let first: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$".utf8)
    private static let rest: [UInt8] = first + Array("0123456789".utf8)

    let forbidden: Set<String>
    /// Whether `ReservedNames.words` are skipped too (the shared set, not copied into `forbidden`).
    let avoidingReservedWords: Bool
    private var names: [[UInt8]] = []
    private var counter = 0

    init(forbidden: Set<String>, avoidingReservedWords: Bool = false) {
        self.forbidden = forbidden
        self.avoidingReservedWords = avoidingReservedWords
    }

    /// The name of `slot` (0-based).
    mutating func name(_ slot: Int) -> [UInt8] {
        while names.count <= slot {
            let candidate = Self.spell(counter)
            counter += 1
            let spelled = String(decoding: candidate, as: UTF8.self)
            if !forbidden.contains(spelled), !(avoidingReservedWords && ReservedNames.words.contains(spelled)) {
                names.append(candidate)
            }
        }
        return names[slot]
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

    private static func spell(_ number: Int) -> [UInt8] {
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
