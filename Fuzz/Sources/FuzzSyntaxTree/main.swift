import FuzzDriver
import ScriptBundler

/// Parses arbitrary bytes into a syntax tree; whatever parses must print (readable and minified) to code that
/// parses again to the same tree (ranges aside).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSyntaxTree(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tree = try? SyntaxParser.parse(bytes) else { return 0 }
    for style in [SyntaxPrinter.Style.readable, .minified] {
        let printed = SyntaxPrinter.print(tree, style: style)
        let reparsed: SyntaxTree
        do {
            reparsed = try SyntaxParser.parse(Array(printed.utf8))
        } catch {
            fatalError("\(style) output does not parse (\(error.line):\(error.column): \(error.message)):\n\(printed)")
        }
        if let difference = tree.firstDifference(from: reparsed) {
            fatalError("\(style) output parses to another tree: \(difference)\n\(printed)")
        }
    }
    return 0
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzSyntaxTree)
