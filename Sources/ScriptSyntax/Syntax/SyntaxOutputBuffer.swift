import WKPackSupport

/// The bytes a `SyntaxPrinter` writes, in memory of its own written through a pointer.
///
/// The printer appends a few bytes at a time (a `(`, a name, a keyword), hundreds of thousands of times a build: as an
/// `Array`, every append checked the array's uniqueness and capacity (a call and a dozen instructions per byte), and
/// a slice of the source appended retained and released the source. Here an append is a capacity check and a store;
/// the bytes are copied into an array once, when the printer is done (`bytes`).
///
/// A value of this type owns its memory through a private object, so a copy of it shares the bytes: the printer keeps
/// its one buffer in place (`SyntaxPrinter.out`) and never copies it.
package struct SyntaxOutputBuffer {
    /// Frees the memory when the buffer goes.
    private final class Storage {
        package var base: UnsafeMutablePointer<UInt8>

        package init(capacity: Int) { base = .allocate(capacity: capacity) }

        deinit { base.deallocate() }
    }

    private var storage: Storage
    /// `storage.base`, read without going through the object.
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    package private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes (it grows as needed).
    package init(capacity: Int) {
        self.capacity = max(64, capacity)
        storage = Storage(capacity: self.capacity)
        base = storage.base
    }

    package var isEmpty: Bool { count == 0 }

    /// The last byte written.
    package var last: UInt8? { count > 0 ? base[count &- 1] : nil }

    /// Always inlined (`@_transparent`), also into the printer's largest functions, which the optimizer does not
    /// inline into.
    @_transparent
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count &+ 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        if capacity &- count < length { grow(toHold: count &+ length) }
        if length <= 16 {
            // Most are names and punctuation: copied in place, not through a call of `memcpy`, as two words (or two
            // half words) that overlap where the length is not their sum (step 4p: a loop of a store a byte before).
            let target = base + count
            if length >= 8 {
                let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
                let tail = UnsafeRawPointer(source + (length &- 8)).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
                UnsafeMutableRawPointer(target + (length &- 8)).storeBytes(of: tail, as: UInt64.self)
            } else if length >= 4 {
                let head = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
                let tail = UnsafeRawPointer(source + (length &- 4)).loadUnaligned(as: UInt32.self)
                UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt32.self)
                UnsafeMutableRawPointer(target + (length &- 4)).storeBytes(of: tail, as: UInt32.self)
            } else {
                for k in 0..<length { target[k] = source[k] }
            }
        } else {
            (base + count).initialize(from: source, count: length)
        }
        count &+= length
    }

    package mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    package mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends bytes `start..<end` of `source` (without making a slice of it).
    @inline(__always)
    package mutating func append(_ source: [UInt8], from start: Int, to end: Int) {
        precondition(start >= 0 && start <= end && end <= source.count, "range outside the source")
        source.withUnsafeBufferPointer { all in
            if let first = all.baseAddress { append(contentsOf: UnsafeBufferPointer(start: first + start, count: end - start)) }
        }
    }

    package mutating func removeLast() {
        precondition(count > 0, "removeLast on an empty buffer")
        count &-= 1
    }

    /// The bytes that can join the byte before them into another token (word bytes; `+`, `-`, `/`, `*`, `!`, `>`),
    /// by byte below 64 and from 64 to 127 (every byte from 128 on is a word byte).
    static let joiningLow: UInt64 =
        1 << 0x24 | 0x3FF << 0x30 | 1 << 0x2B | 1 << 0x2D | 1 << 0x2F | 1 << 0x2A | 1 << 0x21 | 1 << 0x3E
    static let joiningHigh: UInt64 = 0x3FF_FFFF << (0x41 - 64) | 1 << (0x5C - 64) | 1 << (0x5F - 64) | 0x3FF_FFFF << (0x61 - 64)

    /// Whether byte `first` can join the byte before it into another token (whatever that byte is): false for most
    /// punctuation (`(`, `,`, `.`, `;`, `=`, `{`), for which `needsSpace(before:)` is false without looking back.
    @_transparent
    static func mayJoin(_ first: UInt8) -> Bool {
        first >= 0x80 || ((first < 64 ? joiningLow : joiningHigh) >> UInt64(first & 63)) & 1 != 0
    }

    /// Whether `first` written next would join the last byte written into another token (a method of the buffer,
    /// not of the printer: a call of a non-mutating method of the printer from a mutating one copied the printer).
    /// Most bytes written first are punctuation that joins nothing (`(`, `,`, `.`, `;`, `=`, `{`): that test is
    /// inlined always (`@_transparent`), and a constant where the byte is.
    /// A word byte (the first byte of most names and literals the printer copies) is tested first: it joins only a
    /// word byte, one mask test of each (step 4p: the test whether it may join at all came first, then the word
    /// tests).
    @_transparent
    func needsSpace(before first: UInt8) -> Bool {
        if SyntaxPrinter.isWordByte(first) { return count > 0 && SyntaxPrinter.isWordByte(base[count &- 1]) }
        if !Self.mayJoin(first) { return false }
        return joinsLast(first)
    }

    /// `needsSpace(before:)` for a byte that may join the one before it (also inlined always: as a call it cost
    /// about 42 instructions, 290,000 times in a production build of the firefox-shaped tree).
    @_transparent
    func joinsLast(_ first: UInt8) -> Bool {
        guard count > 0 else { return false }
        let last = base[count &- 1]
        // A word byte joins only a word byte (none of the pairs below starts with one).
        if SyntaxPrinter.isWordByte(first) { return SyntaxPrinter.isWordByte(last) }
        switch (last, first) {
        case (0x2B, 0x2B), (0x2D, 0x2D), (0x2F, 0x2F), (0x2F, 0x2A), (0x3C, 0x21), (0x2D, 0x3E): return true
        default: break
        }
        // A number ending in digits followed by `.` is not produced (number objects are parenthesized).
        return false
    }

    /// Moves `line` and `column` (0-based, the column in UTF-16 units) past the bytes written from `start` to `end`
    /// (at most `count`), which start on that line at that column.
    /// Inlined into the printer's mapping step (a call and the positions passed through memory cost more than the few
    /// steps most mappings take).
    @inline(__always)
    package func advance(from start: Int, to end: Int, line: inout Int, column: inout Int) {
        var i = start
        while i < end {
            // Eight bytes at a time while none is below 0x20 (a line terminator, a tab) or from 0x80 on (a column
            // of its own): most of minified code is printable ASCII.
            if end &- i >= 8 {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let special = (~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x6060_6060_6060_6060) | word) & 0x8080_8080_8080_8080
                if special == 0 {
                    column &+= 8
                    i &+= 8
                    continue
                }
                let plain = special.trailingZeroBitCount &>> 3
                column &+= plain
                i &+= plain
            } else if end >= 8 {
                // Fewer than eight bytes left (most mappings are a few bytes apart): the word ending at `end`, its
                // bytes before `i` shifted out, tested at once.
                let left = end &- i
                let word = UnsafeRawPointer(base + (end &- 8)).loadUnaligned(as: UInt64.self)
                let special =
                    ((~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x6060_6060_6060_6060) | word) & 0x8080_8080_8080_8080)
                    &>> UInt64(truncatingIfNeeded: 64 &- 8 &* left)
                if special == 0 {
                    column &+= left
                    i = end
                    break
                }
                let plain = special.trailingZeroBitCount &>> 3
                column &+= plain
                i &+= plain
            }
            let b = base[i]
            if b >= 0x20 && b < 0x80 {
                column &+= 1
                i &+= 1
                continue
            }
            let length = LineTerminator.length(UnsafeBufferPointer(start: base, count: end), at: i, end: end)
            if length > 0 {
                i &+= length
                line &+= 1
                column = 0
            } else {
                column &+= SyntaxPrintedMapping.utf16Units(b)
                i &+= 1
            }
        }
    }

    /// Calls `body` with the bytes written so far.
    package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// The bytes written, as an array.
    package var bytes: [UInt8] {
        withUnsafeBufferPointer { Array($0) }
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let grown = Storage(capacity: larger)
        grown.base.initialize(from: base, count: count)
        storage = grown
        base = grown.base
        capacity = larger
    }
}
