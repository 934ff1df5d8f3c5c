/// A byte range of a UTF-8 source: `start..<end`, 32-bit like the tokenizer's offsets (sources are at most
/// `JavaScriptToken.maximumSourceSize` bytes).
public struct SourceRange: Sendable, Equatable, Hashable {
    /// Offset of the first byte.
    public var start: UInt32
    /// Offset just past the last byte.
    public var end: UInt32

    /// A range from `Int` offsets (truncated to 32 bits).
    public init(start: Int, end: Int) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
    }

    /// The range as `Int` offsets.
    public var offsets: Range<Int> { Int(start)..<max(Int(start), Int(end)) }
}
