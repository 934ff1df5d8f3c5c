/// Reads lines of Adblock Plus / uBlock Origin filter syntax into `ParsedFilter`s.
///
/// It recognises what the converter can act on precisely and classifies everything else (scriptlets, procedural
/// and CSS-injecting cosmetics, HTML filters, options WebKit has no equivalent for) as `.unsupported` with the
/// column of the construct at fault.
public struct FilterListParser: Sendable {
    /// Whether network filters read on their bytes get their `identity` (empty when false). The converter asks for
    /// it only where a `$badfilter` names the filter's pattern: the identity's lowercased, sorted option texts and
    /// its string were two or more allocations per filter, compared for 39 lines of EasyList + EasyPrivacy.
    var makesIdentities = true

    /// Creates a parser.
    public init() {}

    /// The filter on one line, or nil for blank lines, comments (`!`, `# `) and headers (`[Adblock Plus 2.0]`).
    public func parse(line rawLine: Substring) -> ParsedFilter? {
        // Nearly every line of a real list is ASCII: it is read on its bytes (no array of scalars, no string per
        // option), with the same results.
        let read = rawLine.utf8.withContiguousStorageIfAvailable { bytes -> ASCIILine in
            for byte in bytes where byte >= 0x80 { return .notASCII }
            return .parsed(parseASCII(bytes))
        }
        if case .parsed(let filter)? = read { return filter }
        return parse(scalarsOf: rawLine)
    }

    /// `parse(line:)` read as Unicode scalars: the way for lines holding a non-ASCII character (a column counts
    /// scalars), and the reference the byte reading of ASCII lines is tested against.
    func parse(scalarsOf rawLine: Substring) -> ParsedFilter? {
        let scalars = Array(rawLine.unicodeScalars)
        var start = 0, end = scalars.count
        while start < end, scalars[start].isWhitespace { start += 1 }
        while end > start, scalars[end - 1].isWhitespace { end -= 1 }
        guard start < end else { return nil }
        let text = Array(scalars[start..<end])
        let offset = start
        if text[0] == "!" || (text[0] == "[" && text[text.count - 1] == "]") { return nil }
        if text[0] == "#" && (text.count == 1 || text[1] == " " || text[1] == "!") { return nil }
        if let marker = cosmeticMarker(in: text) {
            return parseCosmetic(text, marker: marker, offset: offset)
        }
        return parseNetwork(text, offset: offset)
    }

    /// What the byte reading of a line gave: the filter (nil for a blank line or a comment), or nothing because the
    /// line holds a non-ASCII character (read as scalars then).
    private enum ASCIILine {
        case parsed(ParsedFilter?)
        case notASCII
    }

    // MARK: ASCII lines, read on their bytes

    @inline(__always) private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        (byte >= 0x09 && byte <= 0x0D) || byte == 0x20
    }

    /// `parse(line:)` of a line of ASCII bytes: a column is a byte offset plus one, as it is a scalar's.
    private func parseASCII(_ line: UnsafeBufferPointer<UInt8>) -> ParsedFilter? {
        var start = 0, end = line.count
        while start < end, FilterListParser.isASCIIWhitespace(line[start]) { start += 1 }
        while end > start, FilterListParser.isASCIIWhitespace(line[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        let text = UnsafeBufferPointer(rebasing: line[start..<end])
        let first = text[0]
        if first == UInt8(ascii: "!") || (first == UInt8(ascii: "[") && text[text.count - 1] == UInt8(ascii: "]")) { return nil }
        if first == UInt8(ascii: "#") && (text.count == 1 || text[1] == UInt8(ascii: " ") || text[1] == UInt8(ascii: "!")) { return nil }
        if let marker = cosmeticMarker(inASCII: text) {
            let selectorStart = marker.start + marker.length
            return cosmetic(
                selector: String(decoding: text[selectorStart...], as: UTF8.self),
                domains: String(decoding: text[..<marker.start], as: UTF8.self), marker: marker,
                markerColumn: start + marker.start + 1, selectorColumn: start + selectorStart + 1, offset: start)
        }
        return parseNetwork(ascii: text, offset: start)
    }

    private static let markerBytes = markers.map { Array($0.utf8) }

    /// `cosmeticMarker(in:)` on bytes.
    private func cosmeticMarker(inASCII text: UnsafeBufferPointer<UInt8>) -> Marker? {
        for index in text.indices where text[index] == UInt8(ascii: "#") || text[index] == UInt8(ascii: "$") {
            for (spelling, bytes) in zip(FilterListParser.markers, FilterListParser.markerBytes)
            where index + bytes.count <= text.count && text[index..<(index + bytes.count)].elementsEqual(bytes) {
                // The domains before a marker never hold '/', '|' or '^'; a network pattern usually does.
                for byte in text[..<index] {
                    switch byte {
                    case UInt8(ascii: "/"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "="): return nil
                    default: continue
                    }
                }
                if bytes[0] == UInt8(ascii: "$") && index == 0 { return nil }
                return Marker(start: index, length: bytes.count, spelling: spelling)
            }
            if text[index] == UInt8(ascii: "#") { return nil }
        }
        return nil
    }

    /// `parseNetwork` on bytes: the options are byte ranges, each turned into a string only for its name (short
    /// strings take no allocation) and, for `domain=`, its value.
    private func parseNetwork(ascii text: UnsafeBufferPointer<UInt8>, offset: Int) -> ParsedFilter {
        let slash = UInt8(ascii: "/"), dollar = UInt8(ascii: "$"), comma = UInt8(ascii: ",")
        var position = 0
        let isException = text.count >= 2 && text[0] == UInt8(ascii: "@") && text[1] == UInt8(ascii: "@")
        if isException { position = 2 }
        // Split off the options: after the last '$' (for a /regex/, after the closing '/').
        var patternEnd = text.count
        var optionsStart: Int?
        var searchFrom = position
        if position < text.count && text[position] == slash, let lastSlash = text[(position + 1)...].lastIndex(of: slash) {
            searchFrom = lastSlash + 1
        }
        if searchFrom < text.count, let found = text[searchFrom...].lastIndex(of: dollar),
            FilterListParser.looksLikeOptions(ascii: text[(found + 1)...])
        {
            patternEnd = found
            optionsStart = found + 1
        }
        var options = FilterOptions()
        // The options kept for the identity, lowercased.
        var optionTexts: [[UInt8]] = []
        if let optionsStart {
            var partStart = optionsStart
            while true {
                var partEnd = partStart
                while partEnd < text.count && text[partEnd] != comma { partEnd += 1 }
                let part = text[partStart..<partEnd]
                // The name is what precedes the first '=', the value what follows it.
                let equals = part.firstIndex(of: UInt8(ascii: "="))
                let name = FilterListParser.lowercased(part[..<(equals ?? partEnd)])
                let value = equals.map { String(decoding: text[($0 + 1)..<partEnd], as: UTF8.self) }
                if let problem = apply(
                    name: String(decoding: name, as: UTF8.self), value: value, to: &options, column: offset + partStart + 1,
                    isException: isException)
                {
                    return .unsupported(problem)
                }
                if makesIdentities {
                    let lowered = FilterListParser.lowercased(part)
                    if !lowered.elementsEqual("badfilter".utf8) { optionTexts.append(lowered) }
                }
                if partEnd == text.count { break }
                partStart = partEnd + 1
            }
        }
        let patternText = text[position..<patternEnd]
        let patternColumn = offset + position + 1
        let pattern: NetworkFilter.Pattern
        if patternText.count >= 2, patternText.first == slash, patternText.last == slash {
            pattern = .regex(String(decoding: patternText.dropFirst().dropLast(), as: UTF8.self))
        } else {
            var body = patternText
            var hostAnchored = false, startAnchored = false, endAnchored = false
            let bar = UInt8(ascii: "|")
            if body.count >= 2 && body[body.startIndex] == bar && body[body.startIndex + 1] == bar {
                hostAnchored = true; body = body.dropFirst(2)
            } else if body.first == bar {
                startAnchored = true; body = body.dropFirst()
            }
            if body.last == bar { endAnchored = true; body = body.dropLast() }
            pattern = .plain(
                String(decoding: body, as: UTF8.self), hostAnchored: hostAnchored, startAnchored: startAnchored, endAnchored: endAnchored)
        }
        guard makesIdentities else {
            return .network(
                NetworkFilter(isException: isException, pattern: pattern, options: options, patternColumn: patternColumn, identity: ""))
        }
        // "@@" if an exception, the pattern, "$", then the options lowercased, sorted and joined by ',' (byte order
        // is the strings' order for ASCII).
        var identity: [UInt8] = []
        identity.reserveCapacity(patternText.count + 3 + optionTexts.reduce(0) { $0 + $1.count + 1 })
        if isException { identity.append(contentsOf: [UInt8(ascii: "@"), UInt8(ascii: "@")]) }
        identity.append(contentsOf: patternText)
        identity.append(dollar)
        if optionTexts.count > 1 { optionTexts.sort { $0.lexicographicallyPrecedes($1) } }
        for (index, option) in optionTexts.enumerated() {
            if index > 0 { identity.append(comma) }
            identity.append(contentsOf: option)
        }
        return .network(
            NetworkFilter(
                isException: isException, pattern: pattern, options: options, patternColumn: patternColumn,
                identity: String(decoding: identity, as: UTF8.self)))
    }

    /// `looksLikeOptions` on bytes: every ','-separated part names an option (its name is the first run of bytes
    /// other than '=').
    private static func looksLikeOptions(ascii candidate: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard !candidate.isEmpty else { return false }
        for part in candidate.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let nameStart = part.firstIndex { $0 != UInt8(ascii: "=") } ?? part.endIndex
            let rest = part[nameStart...]
            guard isOptionName(rest[..<(rest.firstIndex(of: UInt8(ascii: "=")) ?? rest.endIndex)]) else { return false }
        }
        return true
    }

    /// ASCII `bytes` with the upper-case letters lowered.
    private static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    }

    // MARK: Cosmetic filters

    private struct Marker {
        var start: Int
        var length: Int
        var spelling: String
    }

    private static let markers = ["#@$?#", "#@%#", "#@$#", "#@?#", "#$?#", "#@#", "#?#", "#$#", "#%#", "##", "$@$", "$$"]

    private func cosmeticMarker(in text: [Unicode.Scalar]) -> Marker? {
        for index in text.indices where text[index] == "#" || text[index] == "$" {
            // The domains before a marker never hold '/', '|' or '^'; a network pattern usually does.
            for spelling in FilterListParser.markers where matches(text, at: index, spelling) {
                let prefix = text[..<index]
                if prefix.contains(where: { $0 == "/" || $0 == "|" || $0 == "^" || $0 == "$" || $0 == "=" }) { return nil }
                if spelling.hasPrefix("$") && prefix.isEmpty { return nil }
                return Marker(start: index, length: spelling.unicodeScalars.count, spelling: spelling)
            }
            if text[index] == "#" { return nil }
        }
        return nil
    }

    private func matches(_ text: [Unicode.Scalar], at index: Int, _ spelling: String) -> Bool {
        var position = index
        for scalar in spelling.unicodeScalars {
            guard position < text.count, text[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private static let proceduralOperators = [
        ":has-text(", ":-abp-contains(", ":-abp-has(", ":-abp-properties(", ":contains(", ":xpath(", ":upward(", ":remove(",
        ":matches-css(", ":matches-css-before(", ":matches-css-after(", ":min-text-length(", ":watch-attr(", ":matches-path(",
        ":others(", ":nth-ancestor(", ":if(", ":if-not(", ":remove-attr(", ":remove-class(", ":matches-attr(", ":matches-prop(",
        ":matches-media(", ":shadow(", ":-ext-", ":properties(",
    ]

    private static let proceduralOperatorBytes = proceduralOperators.map { Array($0.utf8) }
    private static let styleOperatorBytes = Array(":style(".utf8)

    /// Where `needle` first occurs in `haystack` (a byte offset), or nil.
    static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var start = 0
        while start <= haystack.count - needle.count {
            if haystack[start] == first && haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
            start += 1
        }
        return nil
    }

    /// The pieces of `text` between the bytes `separator` (an ASCII byte other than a carriage return), empty
    /// pieces kept: the separator's offsets found on the bytes in place, then one substring per piece. For a comma
    /// this is `split(separator: ",", omittingEmptySubsequences: false)` when no comma is followed by a combining
    /// mark (which would make the two one character); text that is not ASCII is split by characters as before.
    static func pieces(of text: String, cutAt separator: UInt8) -> [Substring] {
        var text = text
        var isASCII = true
        let cuts: [Int] = text.withUTF8 { bytes in
            var cuts: [Int] = []
            // Eight bytes at a time past those that are ASCII and not the separator (most of a list's bytes).
            let separators = UInt64(separator) &* 0x0101_0101_0101_0101
            var offset = 0
            while offset < bytes.count {
                if offset + 8 <= bytes.count, let base = bytes.baseAddress {
                    let eight = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                    let zeroAtSeparator = eight ^ separators
                    let separatorOrHigh = ((zeroAtSeparator &- 0x0101_0101_0101_0101) & ~zeroAtSeparator) | eight
                    if separatorOrHigh & 0x8080_8080_8080_8080 == 0 {
                        offset += 8
                        continue
                    }
                }
                let byte = bytes[offset]
                if byte == separator { cuts.append(offset) }
                if byte >= 0x80 { isASCII = false }
                offset += 1
            }
            return cuts
        }
        if !isASCII && separator != 0x0A {
            return text.split(separator: Character(Unicode.Scalar(separator)), omittingEmptySubsequences: false)
        }
        let utf8 = text.utf8
        var pieces: [Substring] = []
        pieces.reserveCapacity(cuts.count + 1)
        var pieceStart = utf8.startIndex
        for cut in cuts {
            let pieceEnd = utf8.index(utf8.startIndex, offsetBy: cut)
            pieces.append(text[pieceStart..<pieceEnd])
            pieceStart = utf8.index(after: pieceEnd)
        }
        pieces.append(text[pieceStart..<utf8.endIndex])
        return pieces
    }

    /// The number of Unicode scalars in valid UTF-8 `bytes` (the bytes that are not continuation bytes).
    static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The text of `scalars`, encoded once into a string's UTF-8 storage (not appended scalar by scalar to a
    /// `String.UnicodeScalarView`, which checks and grows its storage at each one).
    static func string<Scalars: Collection<Unicode.Scalar>>(_ scalars: Scalars) -> String {
        var byteCount = 0
        for scalar in scalars { byteCount += UTF8.width(scalar) }
        return String(unsafeUninitializedCapacity: byteCount) { buffer in
            var written = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    buffer[written] = byte
                    written += 1
                }
            }
            return written
        }
    }

    private func parseCosmetic(_ text: [Unicode.Scalar], marker: Marker, offset: Int) -> ParsedFilter {
        let selectorStart = marker.start + marker.length
        return cosmetic(
            selector: FilterListParser.string(text[selectorStart...]), domains: FilterListParser.string(text[..<marker.start]),
            marker: marker, markerColumn: offset + marker.start + 1, selectorColumn: offset + selectorStart + 1, offset: offset)
    }

    /// The cosmetic filter of `domains` (the text before the marker), `marker` and `selector` (the text after it),
    /// with the columns of the marker and the selector; `offset` is the 0-based column of the filter's start.
    private func cosmetic(selector: String, domains: String, marker: Marker, markerColumn: Int, selectorColumn: Int, offset: Int)
        -> ParsedFilter
    {
        switch marker.spelling {
        case "#?#", "#@?#", "#$?#", "#@$?#":
            return .unsupported(
                FilterProblem(
                    kind: .proceduralCosmetic, column: markerColumn,
                    message: "procedural cosmetic filter ('\(marker.spelling)'): WebKit runs no script to evaluate it"))
        case "#$#", "#@$#":
            return .unsupported(
                FilterProblem(
                    kind: .cssInjection, column: markerColumn,
                    message: "CSS injection ('\(marker.spelling)'): WebKit can only hide elements (css-display-none)"))
        case "#%#", "#@%#":
            return .unsupported(
                FilterProblem(
                    kind: .scriptlet, column: markerColumn,
                    message: "script injection ('\(marker.spelling)'): WebKit content blockers cannot run scripts"))
        case "$$", "$@$":
            return .unsupported(
                FilterProblem(
                    kind: .htmlFilter, column: markerColumn,
                    message: "HTML filter ('\(marker.spelling)'): WebKit cannot filter the HTML source"))
        default: break
        }
        let isException = marker.spelling == "#@#"
        if selector.hasPrefix("+js(") {
            return .unsupported(
                FilterProblem(
                    kind: .scriptlet, column: selectorColumn, message: "scriptlet '+js(...)': WebKit content blockers cannot run scripts"))
        }
        if selector.hasPrefix("^") {
            return .unsupported(
                FilterProblem(
                    kind: .htmlFilter, column: selectorColumn, message: "HTML filter ('##^'): WebKit cannot filter the HTML source"))
        }
        if selector.isEmpty {
            return .unsupported(FilterProblem(kind: .malformed, column: selectorColumn, message: "empty selector"))
        }
        // Every operator starts with ':' (so does ':style('); most selectors hold none, and those are not searched.
        if selector.utf8.contains(UInt8(ascii: ":")) {
            let lowered = Array(selector.lowercased().utf8)
            for (found, spelling) in zip(FilterListParser.proceduralOperators, FilterListParser.proceduralOperatorBytes) {
                guard let offset = FilterListParser.firstOffset(of: spelling, in: lowered) else { continue }
                let column = selectorColumn + FilterListParser.scalarCount(lowered[..<offset])
                return .unsupported(
                    FilterProblem(
                        kind: .proceduralCosmetic, column: column,
                        message: "procedural operator '\(found))': WebKit runs no script to evaluate it"))
            }
            if let offset = FilterListParser.firstOffset(of: FilterListParser.styleOperatorBytes, in: lowered) {
                let column = selectorColumn + FilterListParser.scalarCount(lowered[..<offset])
                return .unsupported(
                    FilterProblem(
                        kind: .cssInjection, column: column,
                        message: "':style()' injects CSS: WebKit can only hide elements (css-display-none)"))
            }
        }
        var included: [String] = [], excluded: [String] = []
        var column = offset + 1
        for part in FilterListParser.pieces(of: domains, cutAt: UInt8(ascii: ",")) {
            defer { column += part.unicodeScalars.count + 1 }
            let entry = part.trimmingWhitespace()
            if entry.isEmpty { continue }
            let negated = entry.hasPrefix("~")
            let domain = String(negated ? entry.dropFirst() : entry[...]).lowercased()
            if let problem = DomainOption.problem(with: domain) {
                return .unsupported(FilterProblem(kind: .unsupportedDomain, column: column, message: problem))
            }
            if negated { excluded.append(domain) } else { included.append(domain) }
        }
        return .cosmetic(
            CosmeticFilter(
                isException: isException, includedDomains: included, excludedDomains: excluded,
                selector: selector, selectorColumn: selectorColumn))
    }

    // MARK: Network filters

    private func parseNetwork(_ text: [Unicode.Scalar], offset: Int) -> ParsedFilter {
        var position = 0
        let isException = text.count >= 2 && text[0] == "@" && text[1] == "@"
        if isException { position = 2 }
        // Split off the options: after the last '$' (for a /regex/, after the closing '/').
        var patternEnd = text.count
        var optionsStart: Int?
        let isRegexShaped = position < text.count && text[position] == "/"
        let searchFrom: Int
        if isRegexShaped, let lastSlash = text[(position + 1)...].lastIndex(of: "/") {
            searchFrom = lastSlash + 1
        } else {
            searchFrom = position
        }
        if searchFrom < text.count, let dollar = text[searchFrom...].lastIndex(of: "$") {
            let candidate = Array(text[(dollar + 1)...])
            if looksLikeOptions(candidate) {
                patternEnd = dollar
                optionsStart = dollar + 1
            }
        }
        var options = FilterOptions()
        var optionTexts: [String] = []
        if let optionsStart {
            var column = offset + optionsStart + 1
            for part in FilterListParser.string(text[optionsStart...]).split(separator: ",", omittingEmptySubsequences: false) {
                defer { column += part.unicodeScalars.count + 1 }
                let option = String(part)
                if let problem = apply(option, to: &options, column: column, isException: isException) {
                    return .unsupported(problem)
                }
                if option.lowercased() != "badfilter" { optionTexts.append(option) }
            }
        }
        let patternText = Array(text[position..<patternEnd])
        let patternColumn = offset + position + 1
        if let bad = patternText.firstIndex(where: { !$0.isASCII }) {
            return .unsupported(
                FilterProblem(
                    kind: .unsupportedPattern, column: patternColumn + bad,
                    message: "non-ASCII character in the pattern: WebKit matches the encoded URL with ASCII patterns only"))
        }
        let pattern: NetworkFilter.Pattern
        if patternText.count >= 2, patternText.first == "/", patternText.last == "/" {
            pattern = .regex(FilterListParser.string(patternText[1..<(patternText.count - 1)]))
        } else {
            var body = patternText[...]
            var hostAnchored = false, startAnchored = false, endAnchored = false
            if body.starts(with: ["|", "|"]) {
                hostAnchored = true; body = body.dropFirst(2)
            } else if body.first == "|" {
                startAnchored = true; body = body.dropFirst()
            }
            if body.last == "|" { endAnchored = true; body = body.dropLast() }
            pattern = .plain(
                FilterListParser.string(body), hostAnchored: hostAnchored, startAnchored: startAnchored, endAnchored: endAnchored)
        }
        let identity =
            (isException ? "@@" : "") + FilterListParser.string(patternText) + "$"
            + optionTexts.map { $0.lowercased() }.sorted().joined(separator: ",")
        return .network(
            NetworkFilter(isException: isException, pattern: pattern, options: options, patternColumn: patternColumn, identity: identity))
    }

    private func looksLikeOptions(_ scalars: [Unicode.Scalar]) -> Bool {
        guard !scalars.isEmpty else { return false }
        for part in FilterListParser.string(scalars).split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            guard name.unicodeScalars.allSatisfy(\.isASCII), FilterListParser.isOptionName(name.utf8) else { return false }
        }
        return true
    }

    /// Whether `name` (ASCII) is an option's name: letters, digits, '-' and '_', after one optional '~'.
    private static func isOptionName<Bytes: Collection<UInt8>>(_ name: Bytes) -> Bool {
        let bare = name.first == UInt8(ascii: "~") ? name.dropFirst() : name[...]
        return !bare.isEmpty && bare.allSatisfy(isOptionNameByte)
    }

    @inline(__always) private static func isOptionNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static let unsupportedOptionReasons: [String: String] = [
        "csp": "injects a Content-Security-Policy header",
        "redirect": "replaces the response with a local resource",
        "redirect-rule": "replaces the response with a local resource",
        "rewrite": "replaces the response with a local resource",
        "removeparam": "removes query parameters per request, with patterns WebKit's url transforms cannot select",
        "queryprune": "removes query parameters per request, with patterns WebKit's url transforms cannot select",
        "replace": "rewrites response bodies",
        "header": "matches response headers",
        "permissions": "injects a Permissions-Policy header",
        "urltransform": "rewrites URLs with a regular expression",
        "cookie": "edits cookies by name",
        "hls": "edits HLS playlists",
        "jsonprune": "edits JSON responses",
        "empty": "answers with an empty response",
        "mp4": "answers with an empty video",
        "inline-script": "acts on inline scripts through a CSP",
        "inline-font": "acts on inline fonts through a CSP",
        "webrtc": "acts on WebRTC connections",
        "genericblock": "disables generic network filters on a page",
        "urlblock": "disables network filters on a page",
        "content": "disables HTML filtering",
        "specifichide": "disables site-specific cosmetic filters only",
        "shide": "disables site-specific cosmetic filters only",
        "to": "matches the request's domain list",
        "denyallow": "excludes request domains",
        "method": "matches the request method (WebKit's request-method takes one method and is Safari 26 only)",
        "sitekey": "matches a signed site key",
        "all": "also matches pop-ups and inline resources",
        "strict1p": "compares hosts, not registrable domains",
        "strict3p": "compares hosts, not registrable domains",
        "strict-first-party": "compares hosts, not registrable domains",
        "strict-third-party": "compares hosts, not registrable domains",
        "network": "AdGuard network-level filtering",
        "app": "filters native applications",
        "stealth": "AdGuard stealth mode",
        "popunder": "acts on pop-unders",
        "ipaddress": "matches the server's IP address",
        "reason": "shows a reason page",
        "object": "WebKit has no resource type for plug-in objects",
    ]

    /// Applies one option; returns the problem when the filter cannot be converted.
    private func apply(_ option: String, to options: inout FilterOptions, column: Int, isException: Bool) -> FilterProblem? {
        let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return apply(
            name: String(parts[0]).lowercased(), value: parts.count > 1 ? String(parts[1]) : nil, to: &options, column: column,
            isException: isException)
    }

    /// Applies the option `rawName` (lowercased, with its `~`), with the text after its first '=', if any.
    private func apply(name rawName: String, value: String?, to options: inout FilterOptions, column: Int, isException: Bool)
        -> FilterProblem?
    {
        let negated = rawName.hasPrefix("~")
        let name = negated ? String(rawName.dropFirst()) : rawName
        switch name {
        case "third-party", "3p": options.party = negated ? .first : .third; return nil
        case "first-party", "1p": options.party = negated ? .third : .first; return nil
        case "match-case": options.matchCase = !negated; return nil
        case "important": options.important = true; return nil
        case "badfilter": options.badfilter = true; return nil
        case "elemhide", "ehide", "generichide", "ghide":
            guard isException else {
                return FilterProblem(
                    kind: .malformed, column: column, message: "'$\(name)' is only meaningful on an exception filter ('@@')")
            }
            if name.hasPrefix("e") { options.elemhide = true } else { options.generichide = true }
            return nil
        case "domain", "from":
            guard let value, !value.isEmpty else {
                return FilterProblem(kind: .malformed, column: column, message: "'$\(name)=' needs a list of domains")
            }
            options.domainColumn = column
            for entry in value.split(separator: "|") {
                let negatedDomain = entry.hasPrefix("~")
                let domain = String(negatedDomain ? entry.dropFirst() : entry[...]).lowercased()
                if let problem = DomainOption.problem(with: domain) {
                    return FilterProblem(kind: .unsupportedDomain, column: column, message: problem)
                }
                if negatedDomain { options.excludedDomains.append(domain) } else { options.includedDomains.append(domain) }
            }
            return nil
        default: break
        }
        if name != "object", let type = FilterResourceType(optionName: name) {
            if negated { options.excludedTypes.insert(type) } else { options.includedTypes.insert(type) }
            return nil
        }
        if name == "object" {
            // A negated or additional $object narrows nothing WebKit can see; record it and decide in the converter.
            if negated { options.excludedTypes.insert(.object) } else { options.includedTypes.insert(.object) }
            return nil
        }
        if let reason = FilterListParser.unsupportedOptionReasons[name] {
            return FilterProblem(
                kind: .unsupportedOption, column: column, message: "'$\(name)' \(reason): WebKit content blockers cannot express it")
        }
        return FilterProblem(kind: .unsupportedOption, column: column, message: "unknown option '$\(name)'")
    }
}

extension Substring {
    /// The text without leading and trailing whitespace.
    func trimmingWhitespace() -> Substring {
        // Most lines start and end with an ASCII character that is not whitespace: nothing to trim, told from
        // two bytes (an ASCII byte is a scalar of its own).
        if let first = utf8.first, let last = utf8.last, Substring.isPrintableEnd(first), Substring.isPrintableEnd(last) {
            return self
        }
        var slice = self
        while let first = slice.unicodeScalars.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.unicodeScalars.last, last.isWhitespace { slice = slice.dropLast() }
        return slice
    }
}

extension Substring {
    /// An ASCII byte that is not whitespace (`Unicode.Scalar.isWhitespace`'s ASCII part).
    @inline(__always) fileprivate static func isPrintableEnd(_ byte: UInt8) -> Bool {
        byte < 0x80 && !(byte >= 0x09 && byte <= 0x0D) && byte != 0x20
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace`, answered without the property table for ASCII (tab to carriage return, space).
    @inline(__always) var isWhitespace: Bool {
        value < 0x80 ? (value >= 0x09 && value <= 0x0D) || value == 0x20 : properties.isWhitespace
    }
}
