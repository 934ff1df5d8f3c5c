/// What a byte means to the scanner, found by one look-up in a table of 256 entries: the kind of token (or
/// space) it starts, whether it continues an ASCII name, whether it stops a name that may go on (a `\` or a
/// non-ASCII byte), and for a lowercase letter, the lengths of the reserved words that begin with it.
///
/// An entry is a `UInt32`: bits 0-4 the `Kind`, bit 5 `namePart`, bit 6 `nameSlow`, and bit
/// `8 + n` set when a reserved word of `n` bytes (2 to 10) starts with the byte.
enum ScannerByteClass {
    /// The byte continues an ASCII name (`A`-`Z`, `a`-`z`, `0`-`9`, `$`, `_`).
    static let namePart: UInt32 = 0x20
    /// The byte may continue a name only through the slow path (`\` of an escape, or a non-ASCII character).
    static let nameSlow: UInt32 = 0x40
    /// The kind bits of an entry.
    static let kindMask: UInt32 = 0x1F

    /// The table, allocated once and never freed (it lives as long as the process).
    package nonisolated(unsafe) static let table: UnsafePointer<UInt32> = {
        let entries = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        for byte in 0..<256 { entries[byte] = entry(UInt8(byte)) }
        for code in JavaScriptKeywords.reservedWordCodes {
            // A word's first byte is its code's lowest; its length is the number of its non-zero bytes.
            let length = (64 - code.leadingZeroBitCount + 7) / 8
            entries[Int(code & 0xFF)] |= 1 << UInt32(8 + length)
        }
        entries[Int(UInt8(ascii: "i"))] |= 1 << (8 + 10)  // `instanceof`, whose code (10 bytes) is 0
        return UnsafePointer(entries)
    }()

    /// Whether a reserved word of `length` bytes starts with the byte of `entry` (false for lengths outside 2-10).
    @inline(__always)
    static func mayBeReservedWord(_ entry: UInt32, length: Int) -> Bool {
        UInt(bitPattern: length &- 2) < 9 && (entry &>> UInt32(truncatingIfNeeded: 8 &+ length)) & 1 != 0
    }

    /// The kind of `entry`.
    @inline(__always)
    package static func kind(_ entry: UInt32) -> Kind {
        // Only kinds are stored in the low five bits, and every raw value below the case count is a case.
        unsafeBitCast(UInt8(truncatingIfNeeded: entry & kindMask), to: Kind.self)
    }

    /// The entry of `byte`, without the reserved words' lengths.
    private static func entry(_ byte: UInt8) -> UInt32 {
        let kind: Kind
        var flags: UInt32 = 0
        switch byte {
        case 0x20, 0x09, 0x0B, 0x0C: kind = .space
        case 0x0A: kind = .lineFeed
        case 0x0D: kind = .carriageReturn
        case 0x2F: kind = .slash
        case 0x22, 0x27: kind = .quote
        case 0x60: kind = .backquote
        case 0x30...0x39:
            kind = .digit
            flags = namePart
        case 0x2E: kind = .dot
        case 0x41...0x5A, 0x61...0x7A, 0x24, 0x5F:
            kind = .nameStart
            flags = namePart
        case 0x5C:
            kind = .backslash
            flags = nameSlow
        case 0x23: kind = .hash
        case 0x80...0xFF:
            kind = .nonASCII
            flags = nameSlow
        case 0x28, 0x5B, 0x7B: kind = .openBracket
        case 0x29, 0x5D, 0x7D: kind = .closeBracket
        case 0x3B: kind = .semicolon
        case 0x2C: kind = .comma
        case 0x21, 0x25, 0x26, 0x2A, 0x2B, 0x2D, 0x3A, 0x3C, 0x3D, 0x3E, 0x3F, 0x40, 0x5E, 0x7C, 0x7E: kind = .punctuator
        default: kind = .unexpected
        }
        return UInt32(kind.rawValue) | flags
    }

    /// The kind of token (or space) a byte starts, as the scanner dispatches on it.
    package enum Kind: UInt8 {
        /// Space, tab, vertical tab, form feed.
        case space
        /// `\n`.
        case lineFeed
        /// `\r`.
        case carriageReturn
        /// `/`: a comment, a regular expression or division.
        case slash
        /// `"` or `'`.
        case quote
        /// `` ` ``.
        case backquote
        /// `0`-`9`.
        case digit
        /// `.`: a number, `.` or `...`.
        case dot
        /// An ASCII letter, `$` or `_`.
        case nameStart
        /// `\`: a name starting with an escape.
        case backslash
        /// `#`: a private name.
        case hash
        /// A byte of 0x80 or more: a non-ASCII space, line separator or name, or an error.
        case nonASCII
        /// `(`, `[`, `{`.
        case openBracket
        /// `)`, `]`, `}`.
        case closeBracket
        /// `;`.
        case semicolon
        /// `,`.
        case comma
        /// Any other punctuator's first byte.
        case punctuator
        /// A byte no token starts with.
        case unexpected
    }
}
