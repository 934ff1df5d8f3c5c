/// Where a ``JSONDocument``'s bytes are: an array it owns, or a buffer it borrows.
///
/// A borrowed buffer is valid only during the call that parsed it (`JSONReader.parse(borrowing:)` and
/// `parseValue(in:at:depth:)`); such documents never leave the checker or loader call that made them, which is what
/// makes the unchecked `Sendable` conformance hold.
enum JSONSource: @unchecked Sendable {
    /// Bytes the document keeps alive.
    case owned([UInt8])
    /// Bytes someone else keeps alive for as long as the document is used.
    case borrowed(UnsafeBufferPointer<UInt8>)
}
