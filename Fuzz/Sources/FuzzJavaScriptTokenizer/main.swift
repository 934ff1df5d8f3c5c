import FuzzDriver
import ScriptBundler

/// Tokenizes arbitrary bytes; on success checks that tokens are ordered, in bounds, and that only
/// whitespace and line terminators lie between them (comments included), so re-joining gives the source.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJavaScriptTokenizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for includeComments in [true, false] {
        guard let tokenization = try? JavaScriptTokenizer.tokenize(bytes, includeComments: includeComments) else {
            continue
        }
        var previousEnd = 0
        for token in tokenization.tokens {
            guard token.start >= previousEnd, token.end > token.start, token.end <= bytes.count else {
                fatalError("token \(token.kind) at \(token.range) overlaps or leaves the source (previous end \(previousEnd))")
            }
            if includeComments, !FuzzTrivia.isTrivia(bytes[previousEnd..<token.start]) {
                fatalError("non-trivia bytes between tokens at \(previousEnd)..<\(token.start)")
            }
            previousEnd = token.end
        }
        if includeComments, !FuzzTrivia.isTrivia(bytes[previousEnd...]) {
            fatalError("non-trivia bytes after the last token at \(previousEnd)")
        }
    }
    return 0
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzJavaScriptTokenizer)
