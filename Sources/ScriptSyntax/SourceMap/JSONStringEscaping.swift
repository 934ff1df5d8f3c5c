import WKPackSupport

/// Writes UTF-8 text as a JSON string literal.
package enum JSONStringEscaping {
    /// Appends `text` (valid UTF-8) quoted and escaped; U+2028/U+2029 are escaped too.
    package static func append(_ text: [UInt8], to out: inout [UInt8]) {
        text.withUnsafeBufferPointer { append($0, to: &out) }
    }

    /// Input bytes escaped per round: the output of one round (at most six bytes per input byte) goes through
    /// a scratch buffer into `out` with one copy.
    static let chunkSize = 4096

    /// Appends `bytes` (valid UTF-8) quoted and escaped; U+2028/U+2029 are escaped too.
    ///
    /// A chunk at a time, written through a pointer into scratch memory: sixteen bytes at a time while none needs a
    /// look (control, quote, backslash, 0xE2), escapes written in place, then the chunk's output appended at once
    /// (no append per line break or per run of plain text).
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else {
            out.append(0x22)
            return
        }
        // A round reads at most `chunkSize` + 17 bytes (a last vector, a separator's 3 bytes) and writes at most
        // six bytes per byte read, plus a vector stored ahead.
        let chunk = min(count, chunkSize)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 * (chunk + 24) + 32) { scratch in
            guard let target = scratch.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let digits = hexDigits.utf8Start
            // Compared with vectors, not scalars (a scalar operand was compiled lane by lane).
            let controlLimit = SIMD16<UInt8>(repeating: 0x20), quotes = SIMD16<UInt8>(repeating: 0x22)
            let backslashes = SIMD16<UInt8>(repeating: 0x5C), leads = SIMD16<UInt8>(repeating: 0xE2)
            var i = 0
            while i < count {
                let roundEnd = min(count, i &+ chunk)
                // Below this, sixteen bytes are left to read (step 5h: one comparison a vector, where the loop tested
                // the round's end and the bytes left).
                let vectorEnd = min(roundEnd, count &- 15)
                var o = 0
                while i < roundEnd {
                    while i < vectorEnd {
                        // Sixteen bytes at a time (step 4p): four vector compares and one test, about a quarter of
                        // the instructions of two word tests.
                        let vector = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                        // Stored whole; bytes from the first special one on are overwritten next.
                        UnsafeMutableRawPointer(target + o).storeBytes(of: vector, as: SIMD16<UInt8>.self)
                        // The special lanes are bytes of all ones: read as two words, which the optimizer keeps in
                        // the vector register until one is not zero (`any(_:)` and scalar comparisons were compiled
                        // lane by lane).
                        let lanes = unsafeBitCast(
                            (vector .< controlLimit) .| (vector .== quotes) .| (vector .== backslashes) .| (vector .== leads),
                            to: SIMD2<UInt64>.self)
                        let low = UInt64(littleEndian: lanes[0]), high = UInt64(littleEndian: lanes[1])
                        if low | high == 0 {
                            i &+= 16
                            o &+= 16
                            continue
                        }
                        let plain = low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ (high.trailingZeroBitCount &>> 3)
                        i &+= plain
                        o &+= plain
                        // A line break, a quote or a backslash, most special bytes of a source, escaped here and not
                        // by the switch below (step 4w: line breaks; step 5h: quotes and backslashes).
                        let b = base[i]
                        if b == 0x0A {
                            target[o] = 0x5C
                            target[o &+ 1] = 0x6E
                            i &+= 1
                            o &+= 2
                            continue
                        }
                        if b == 0x22 || b == 0x5C {
                            target[o] = 0x5C
                            target[o &+ 1] = b
                            i &+= 1
                            o &+= 2
                            continue
                        }
                        break
                    }
                    guard i < roundEnd else { break }
                    if count &- i < 16, count &- i >= 8 {
                        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        // Stored whole; bytes from the first special one on are overwritten next.
                        UnsafeMutableRawPointer(target + o).storeBytes(of: word, as: UInt64.self)
                        let mask = specialBytes(UInt64(littleEndian: word))
                        if mask == 0 {
                            i &+= 8
                            o &+= 8
                            continue
                        }
                        let plain = mask.trailingZeroBitCount &>> 3
                        i &+= plain
                        o &+= plain
                    }
                    let b = base[i]
                    i &+= 1
                    switch b {
                    case 0x22, 0x5C:
                        target[o] = 0x5C
                        target[o &+ 1] = b
                        o &+= 2
                    case 0x0A:
                        target[o] = 0x5C
                        target[o &+ 1] = 0x6E
                        o &+= 2
                    case 0x0D:
                        target[o] = 0x5C
                        target[o &+ 1] = 0x72
                        o &+= 2
                    case 0x09:
                        target[o] = 0x5C
                        target[o &+ 1] = 0x74
                        o &+= 2
                    case 0..<0x20:
                        target[o] = 0x5C
                        target[o &+ 1] = 0x75
                        target[o &+ 2] = 0x30
                        target[o &+ 3] = 0x30
                        target[o &+ 4] = digits[Int(b &>> 4)]
                        target[o &+ 5] = digits[Int(b & 15)]
                        o &+= 6
                    case 0xE2 where LineTerminator.isSeparator(UnsafeBufferPointer(start: base, count: count), at: i &- 1, end: count):
                        // U+2028 or U+2029.
                        target[o] = 0x5C
                        target[o &+ 1] = 0x75
                        target[o &+ 2] = 0x32
                        target[o &+ 3] = 0x30
                        target[o &+ 4] = 0x32
                        target[o &+ 5] = base[i &+ 1] == 0xA8 ? 0x38 : 0x39
                        o &+= 6
                        i &+= 2
                    default:
                        target[o] = b
                        o &+= 1
                    }
                }
                out.append(contentsOf: UnsafeBufferPointer(start: target, count: o))
            }
        }
        out.append(0x22)
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each of the eight bytes of `word` (first byte lowest) that is below 0x20 or is `"`, `\\` or
    /// 0xE2, exact up to the first such byte: a byte after it may be marked too (a borrow from it), so the lowest set
    /// bit marks the first such byte and the result is 0 exactly when there is none, which is all the escaping reads.
    /// Each test is the classic subtract-and-mask one (three operations), not an exact one (six).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        // A byte below 0x20 borrows in `word - 0x20…` and has its high bit clear in `word`; a byte equal to `c` is one
        // below 0x01 in `word ^ c…`.
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let lead = word ^ (ones &* 0xE2)
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((lead &- ones) & ~lead)) & highBits
    }
}
