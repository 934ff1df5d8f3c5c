/// The literal runs of a url-filter (`RequiredLiterals.of` its parsed pattern), read straight from the text for the
/// forms the filter-list converter writes: literal characters and escaped punctuation, `.` and `.*`, a leading `^`
/// or the converter's host anchor, a trailing `$`, and the converter's two character classes.
///
/// Containment indexes every rule of a group by these runs; parsing each url-filter into terms and walking them
/// was about a sixth of `rules optimize` (callgrind, the 1/10 slice of EasyList + EasyPrivacy). Anything else
/// (other classes, groups, quantifiers but `.*`, alternatives, escapes of letters or digits, a filter without a
/// literal) is left to the parser: `runs(of:)` is nil.
enum URLFilterLiteralRuns {
    /// The runs of `filter`, lower-cased, or nil when it holds a construct outside the forms read here.
    static func runs(of filter: String) -> [[UInt8]]? {
        var store = LiteralRunStore()
        guard append(filter, to: &store) else { return nil }
        return store.runs.map { Array(store.bytes[$0]) }
    }

    /// Whether `filter` is one of the forms read here. Such a filter holds a literal every match contains, so it is
    /// never universal, and it parses (both tested). Nothing is written: the conversion's check and the optimizer
    /// ask this of most rules, and writing runs only to drop them was most of its cost.
    static func isReadable(_ filter: String) -> Bool {
        var filter = filter
        return filter.withUTF8 { text in
            var sink = RunSkipper()
            return read(text, into: &sink)
        }
    }

    /// Whether WebKit's grammar accepts `filter` with status `ok`, known without parsing it: one of the forms read
    /// here (every one parses with status `ok`: tested) no longer than YARR's pattern limit, above which every
    /// pattern is refused (false: parse it to know).
    static func isKnownAccepted(_ filter: String) -> Bool {
        filter.utf8.count <= URLFilterParser.maximumPatternLength && isReadable(filter)
    }

    /// A string `filter` matches, made from its text for the forms read here (nil for others): the literals as
    /// they are read (lower-cased), `a` for a `.`, `/` for each of the two classes, and nothing for `.*`, `^` and
    /// `$` (the host anchor gives its `://`). Containment asks one of each rule; the caller checks it on the
    /// filter's automaton (a case-sensitive filter with capitals does not match it), where a search for a
    /// shortest match cost about 40,000 instructions a rule.
    static func witness(of filter: String) -> [UInt8]? {
        var filter = filter
        return filter.withUTF8 { text in
            var sink = WitnessWriter()
            return read(text, into: &sink) ? sink.bytes : nil
        }
    }

    /// Appends the runs of `filter` (as `runs(of:)` gives them) to `store`; false, with `store` unchanged, when
    /// the filter holds a construct outside the forms read here.
    static func append(_ filter: String, to store: inout LiteralRunStore) -> Bool {
        var filter = filter
        let byteCount = store.bytes.count, runCount = store.ends.count
        // The runs hold at most the filter's bytes: room for them is made at once and written through a pointer,
        // then cut to what was written (appending byte by byte checked the array's uniqueness and room each time).
        let end: Int? = filter.withUTF8 { text in
            guard !text.isEmpty else { return nil }
            store.bytes.append(contentsOf: repeatElement(0, count: text.count))
            var ends: [Int32] = []
            swap(&ends, &store.ends)
            defer { swap(&ends, &store.ends) }
            return store.bytes.withUnsafeMutableBufferPointer { bytes -> Int? in
                guard let base = bytes.baseAddress else { return nil }
                var sink = RunWriter(bytes: base, count: byteCount)
                swap(&sink.ends, &ends)
                defer { swap(&sink.ends, &ends) }
                return read(text, into: &sink) ? sink.count : nil
            }
        }
        guard let end else {
            store.truncate(runs: runCount, bytes: byteCount)
            return false
        }
        store.bytes.removeLast(store.bytes.count - end)
        return true
    }

    /// The converter's host anchor, `^[^:]*://([^/:@]*\.)?`, whose only run is `://`.
    private static let hostPrefix: [UInt8] = URLFilterParser.hostPrefix.map { UInt8(truncatingIfNeeded: $0) }
    /// The classes the converter writes (`^`'s separator and what may follow a bare host): several units each.
    private static let knownClasses: [[UInt8]] = [Array("[^a-zA-Z0-9_.%-]".utf8), Array("[/:?#]".utf8)]

    /// Reads the runs of `text` into `sink` (a run's bytes as they are read, then its end), or false at the first
    /// construct outside the forms read here (the caller then drops what was written).
    private static func read<Sink: LiteralRunSink>(_ text: UnsafeBufferPointer<UInt8>, into sink: inout Sink) -> Bool {
        var index = 0
        if hasPrefix(text, at: 0, hostPrefix) {
            // The host anchor's run, `://`.
            sink.literal(UInt8(ascii: ":"))
            sink.literal(UInt8(ascii: "/"))
            sink.literal(UInt8(ascii: "/"))
            sink.endRun()
            index = hostPrefix.count
        } else if text.first == UInt8(ascii: "^") {
            index = 1
        }
        var literalCount = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < text.count, isPunctuation(text[index + 1]) else { return false }
                sink.literal(text[index + 1])
                literalCount += 1
                index += 2
            case UInt8(ascii: "."):
                sink.endRun()
                if index + 1 < text.count && text[index + 1] == UInt8(ascii: "*") {
                    index += 2
                } else {
                    sink.unit(matching: UInt8(ascii: "a"))
                    index += 1
                }
            case UInt8(ascii: "["):
                guard let length = knownClassLength(text, at: index) else { return false }
                sink.endRun()
                sink.unit(matching: UInt8(ascii: "/"))
                index += length
            case UInt8(ascii: "$"):
                guard index == text.count - 1 else { return false }
                index += 1
            default:
                guard isLiteral(byte) else { return false }
                // The whole run of literals at once (a quantifier after the last one is refused below, as after
                // any atom; none can follow one inside the run, as no quantifier is a literal).
                var end = index
                repeat {
                    let literal = text[end]
                    sink.literal(literal >= 0x41 && literal <= 0x5A ? literal + 32 : literal)
                    end += 1
                } while end < text.count && isLiteral(text[end])
                literalCount += end - index
                index = end
            }
            // A quantifier after an atom (but the `*` of `.*`, taken above) is left to the parser.
            if index < text.count && isQuantifier(text[index]) { return false }
        }
        guard literalCount > 0 else { return false }
        sink.endRun()
        return true
    }

    /// The length of the known class at `index`, or nil.
    private static func knownClassLength(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        for known in knownClasses where hasPrefix(text, at: index, known) { return known.count }
        return nil
    }

    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: [UInt8]) -> Bool {
        guard text.count - index >= prefix.count else { return false }
        for offset in prefix.indices where text[index + offset] != prefix[offset] { return false }
        return true
    }

    /// A printable ASCII character that stands for itself outside a class: a bit per byte below 128 (all of
    /// 0x21-0x7E but `\\ ^ $ . | ? * + ( ) [ ] { }`).
    @inline(__always) static func isLiteral(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x7FFF_B0EE_0000_0000, high: UInt64 = 0x47FF_FFFF_87FF_FFFF
        return byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 && (high >> UInt64(byte - 64)) & 1 != 0
    }

    /// Printable ASCII that is not a letter or digit: escaped, it stands for itself.
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !CanonicalURL.isAlpha(byte) && !CanonicalURL.isDigit(byte)
    }

    private static func isQuantifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "{")
    }
}

/// Literal runs of many url-filters in one buffer: the runs of a containment group without an array per run.
struct LiteralRunStore {
    /// Every run's bytes, one after the other (and the bytes of the run being read, after the last complete one).
    var bytes: [UInt8] = []
    /// Where each complete run ends in `bytes`; run `i` starts where run `i - 1` ends (or at 0).
    var ends: [Int32] = []

    /// The bytes of run `index`.
    func run(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    /// Every complete run's bytes, in order.
    var runs: [Range<Int>] { ends.indices.map(run) }

    /// Ends the run being read, if it holds a byte.
    @inline(__always) mutating func endRun() {
        let end = Int32(truncatingIfNeeded: bytes.count)
        if end != (ends.last ?? 0) { ends.append(end) }
    }

    /// Appends `run` as a complete run (nothing when it is empty).
    mutating func append(_ run: [UInt8]) {
        bytes.append(contentsOf: run)
        endRun()
    }

    /// Drops the runs after the first `runs` and the bytes after the first `bytes`.
    mutating func truncate(runs: Int, bytes byteCount: Int) {
        ends.removeLast(ends.count - runs)
        bytes.removeLast(bytes.count - byteCount)
    }
}

/// Where `URLFilterLiteralRuns` puts what it reads: a run's bytes one by one, then the run's end; and for each
/// atom that is not a literal (`.`, a class), a unit it matches.
private protocol LiteralRunSink {
    mutating func literal(_ byte: UInt8)
    mutating func endRun()
    mutating func unit(matching byte: UInt8)
}

extension LiteralRunSink {
    /// Runs take nothing from the atoms that are not literals.
    @inline(__always) mutating func unit(matching byte: UInt8) {}
}

/// Takes no runs: for asking only whether a filter is one of the forms read.
private struct RunSkipper: LiteralRunSink {
    @inline(__always) mutating func literal(_ byte: UInt8) {}
    @inline(__always) mutating func endRun() {}
}

/// Writes a string the filter matches: every unit in turn.
private struct WitnessWriter: LiteralRunSink {
    var bytes: [UInt8] = []

    @inline(__always) mutating func literal(_ byte: UInt8) { bytes.append(byte) }
    @inline(__always) mutating func endRun() {}
    @inline(__always) mutating func unit(matching byte: UInt8) { bytes.append(byte) }
}

/// Writes runs into room made beforehand in a `LiteralRunStore`'s bytes, with their ends.
private struct RunWriter: LiteralRunSink {
    let bytes: UnsafeMutablePointer<UInt8>
    /// The store's byte count so far (where the next byte goes).
    var count: Int
    /// The store's run ends (moved in while writing).
    var ends: [Int32] = []

    init(bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    @inline(__always) mutating func literal(_ byte: UInt8) {
        bytes[count] = byte
        count += 1
    }

    /// Ends the run being written, if it holds a byte (as `LiteralRunStore.endRun` does).
    @inline(__always) mutating func endRun() {
        let end = Int32(truncatingIfNeeded: count)
        if end != (ends.last ?? 0) { ends.append(end) }
    }
}
