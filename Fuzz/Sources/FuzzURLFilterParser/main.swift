import BlockListCompiler
import FuzzDriver

/// Parses arbitrary text as a `url-filter` (as UTF-8 and as raw UTF-16 units, lone surrogates included):
/// a verdict, never a crash or a hang; a rejection names an offset inside the pattern.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLFilterParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let parser = URLFilterParser()
    let text = String(decoding: bytes, as: UTF8.self)
    check(parser.parse(text), length: text.utf16.count)
    var units: [UInt16] = []
    var index = 0
    while index + 1 < size {
        units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        index += 2
    }
    check(parser.parse(units: units), length: units.count)
    return 0
}

private func check(_ result: URLFilterResult, length: Int) {
    if let offset = result.offset, offset < 0 || offset > length {
        fatalError("offset \(offset) outside a pattern of \(length) units")
    }
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzURLFilterParser)
