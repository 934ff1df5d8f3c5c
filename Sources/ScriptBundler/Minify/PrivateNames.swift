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

    func run(_ edits: inout TokenEdits) {
        // Most code declares no private name: nothing to do then, and no `eval` to look for.
        guard tokens.contains(where: { $0.kind == .privateName }) else { return }
        var counts: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        for token in tokens {
            switch token.kind {
            case .privateName:
                let spelling = Array(text.text(token))
                if spelling.contains(0x5C) { return }
                if counts[spelling] == nil { order.append(spelling) }
                counts[spelling, default: 0] += 1
            case .identifier:
                if JavaScriptToken.spells(text.text(token), "eval") { return }
            default:
                break
            }
        }
        guard !order.isEmpty else { return }
        // Most written first (ties in order of first appearance), so they take the one-letter names.
        let ranked = order.enumerated().sorted { a, b in
            let ca = counts[a.element] ?? 0, cb = counts[b.element] ?? 0
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        var names = NameSequence(forbidden: [])
        var newNames: [[UInt8]: String] = [:]
        for (rank, spelling) in ranked.enumerated() {
            newNames[spelling] = "#" + String(decoding: names.name(rank), as: UTF8.self)
        }
        // Every private name is written anew (a kept one could equal a new one): none may be edited already.
        for (k, token) in tokens.enumerated() where token.kind == .privateName && edits.isEdited(Int32(truncatingIfNeeded: k)) {
            return
        }
        for (k, token) in tokens.enumerated() where token.kind == .privateName {
            let k32 = Int32(truncatingIfNeeded: k)
            guard let name = newNames[Array(text.text(token))] else { continue }
            edits.replace(k32, with: [edits.text(name, .privateName, origin: k32)])
        }
    }
}
