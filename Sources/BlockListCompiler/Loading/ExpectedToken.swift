/// A JSON token of up to 24 bytes that a reader expects next (a quoted key with its colon, or a quoted name),
/// compared with the bytes at a place in three word loads: cheaper than looking the string up when the guess is
/// right, and when it is wrong the reader looks the string up as before.
struct ExpectedToken: Sendable {
    /// The token's bytes as three little-endian words, zero past its end.
    let words: (UInt64, UInt64, UInt64)
    /// Per word, all ones over the token's bytes.
    let masks: (UInt64, UInt64, UInt64)
    /// The token's length in bytes.
    let count: Int

    /// The token spelled `text` (ASCII, at most 24 bytes).
    init(_ text: String) {
        let bytes = Array(text.utf8.prefix(24))
        var words: [UInt64] = [0, 0, 0]
        var masks: [UInt64] = [0, 0, 0]
        for (offset, byte) in bytes.enumerated() {
            words[offset / 8] |= UInt64(byte) << (offset % 8 * 8)
            masks[offset / 8] |= 0xFF << (offset % 8 * 8)
        }
        self.words = (words[0], words[1], words[2])
        self.masks = (masks[0], masks[1], masks[2])
        count = bytes.count
    }

    /// Whether the token is at `offset` of `base`, which has at least 24 bytes from `offset` on.
    @inline(__always) func isAt(_ offset: Int, in base: UnsafePointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(base + offset)
        return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & masks.0 == words.0
            && UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & masks.1 == words.1
            && UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) & masks.2 == words.2
    }
}
