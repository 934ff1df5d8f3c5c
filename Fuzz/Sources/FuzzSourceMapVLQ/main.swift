import FuzzDriver
import ScriptBundler

/// Two properties: (1) any 32-bit values survive VLQ encode/decode, also through `SourceMapBuilder`;
/// (2) any bytes either fail to decode as `mappings` or decode to segments that re-encode to the same segments.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSourceMapVLQ(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkValueRoundTrip(bytes)
    checkMappingsRoundTrip(bytes)
    return 0
}

private func checkValueRoundTrip(_ bytes: [UInt8]) {
    var values: [Int] = []
    var index = 0
    while index + 4 <= bytes.count {
        var word: UInt32 = 0
        for offset in 0..<4 { word = word << 8 | UInt32(bytes[index + offset]) }
        values.append(Int(Int32(bitPattern: word)))
        index += 4
    }
    var encoded: [UInt8] = []
    for value in values { Base64VLQ.encode(value, into: &encoded) }
    var position = 0
    for value in values {
        guard let decoded = Base64VLQ.decode(encoded, at: &position), decoded == value else {
            fatalError("VLQ round trip failed for \(value)")
        }
    }
    guard position == encoded.count else { fatalError("VLQ decode left \(encoded.count - position) bytes") }
}

private func checkMappingsRoundTrip(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let lines = SourceMapMappings.decode(text) else { return }
    // SourceMapBuilder only takes segments in increasing column order on each line with non-negative values.
    let plausible = lines.allSatisfy { segments in
        zip(segments, segments.dropFirst()).allSatisfy { $0.generatedColumn <= $1.generatedColumn }
            && segments.allSatisfy { $0.generatedColumn >= 0 && ($0.source ?? 0) >= 0 && $0.originalLine >= 0 && $0.originalColumn >= 0 }
    }
    guard plausible else { return }
    var builder = SourceMapBuilder()
    for (line, segments) in lines.enumerated() {
        for segment in segments {
            if let source = segment.source {
                builder.addMapping(
                    generatedLine: line, generatedColumn: segment.generatedColumn, source: source,
                    originalLine: segment.originalLine, originalColumn: segment.originalColumn)
            } else {
                builder.addUnmapped(generatedLine: line, generatedColumn: segment.generatedColumn)
            }
        }
    }
    // The document ends with `"mappings":"…"}\n`, and mappings never contain a quote.
    let json = builder.json(file: "f.js").dropLast(3)
    guard let quote = json.lastIndex(of: 0x22) else { fatalError("no mappings in the built source map") }
    guard let again = SourceMapMappings.decode(String(decoding: json[(quote + 1)...], as: UTF8.self)) else {
        fatalError("built mappings do not decode")
    }
    // The builder omits trailing empty lines, so compare line by line up to the shorter length.
    let trimmed = { (lines: [[SourceMapSegment]]) in Array(lines.reversed().drop(while: \.isEmpty).reversed()) }
    guard trimmed(again) == trimmed(lines) else {
        fatalError("mappings round trip changed the segments")
    }
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzSourceMapVLQ)
