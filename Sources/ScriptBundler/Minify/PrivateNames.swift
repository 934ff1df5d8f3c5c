/// Writes class private names (`#entries`) short: `#a`, `#b`, ..., the most written first. A private name is
/// visible only inside the class body that declares it (and nested code), never through a string or reflection,
/// so every spelling in the code is mapped to one new spelling, one to one: the same declarations and the same
/// shadowing between nested classes, under shorter names.
///
/// Left alone: code with a direct-`eval`-able `eval` (an evaluated string may name a private name of its class)
/// and code spelling a private name with an escape (`#\u0061` is `#a`: spellings would no longer tell names apart).
struct PrivateNames<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]

    /// A spelling in the text, compared and hashed by its bytes without copying them (valid during `run`).
    private struct Spelling: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>

        static func == (a: Spelling, b: Spelling) -> Bool { a.bytes.elementsEqual(b.bytes) }

        func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
    }

    func run(_ edits: inout TokenEdits) {
        // Most code declares no private name: nothing to do then, and no `eval` to look for.
        guard tokens.contains(where: { $0.kind == .privateName }) else { return }
        // Per distinct spelling (numbered in order of first appearance): how often it is written; per private-name
        // token, its spelling's number.
        var numbers: [Spelling: Int] = [:]
        var counts: [Int] = []
        var spellingOf: [(token: Int, spelling: Int)] = []
        for (k, token) in tokens.enumerated() {
            switch token.kind {
            case .privateName:
                let spelling = Spelling(bytes: text.text(token))
                if spelling.bytes.contains(0x5C) { return }
                let number: Int
                if let known = numbers[spelling] {
                    number = known
                } else {
                    number = counts.count
                    numbers[spelling] = number
                    counts.append(0)
                }
                counts[number] += 1
                spellingOf.append((k, number))
            case .identifier:
                if token.end - token.start == 4, JavaScriptToken.spells(text.text(token), "eval") { return }
            default:
                break
            }
        }
        guard !counts.isEmpty else { return }
        // Most written first (ties in order of first appearance), so they take the one-letter names.
        let ranked = counts.indices.sorted { a, b in counts[a] != counts[b] ? counts[a] > counts[b] : a < b }
        var names = NameSequence(forbidden: [])
        var newNames = [String](repeating: "", count: counts.count)
        for (rank, number) in ranked.enumerated() {
            newNames[number] = "#" + String(decoding: names.name(rank), as: UTF8.self)
        }
        // Every private name is written anew (a kept one could equal a new one): none may be edited already.
        for (k, _) in spellingOf where edits.isEdited(Int32(truncatingIfNeeded: k)) { return }
        for (k, number) in spellingOf {
            let k32 = Int32(truncatingIfNeeded: k)
            edits.replace(k32, with: [edits.text(newNames[number], .privateName, origin: k32)])
        }
    }
}
