import BlockListCompiler
import FuzzDriver

/// Parses arbitrary bytes as JSON; on success walks every node, checking that ranges stay in the source
/// and that strings, numbers and members can be read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? JSONReader().parse(bytes) else { return 0 }
    var pending = [document.root]
    var visited = 0
    while let index = pending.popLast() {
        visited += 1
        let node = document[index]
        guard node.start >= 0, node.start <= node.end, Int(node.end) <= bytes.count else {
            fatalError("node \(index) range \(node.start)..<\(node.end) is outside the \(bytes.count)-byte source")
        }
        switch node.kind {
        case .array: pending.append(contentsOf: document.elements(of: index))
        case .object:
            for member in document.members(of: index) {
                _ = document.string(member.key)
                pending.append(member.value)
            }
        case .string: _ = document.string(index)
        case .number: _ = document.number(index)
        default: _ = document.rawText(index)
        }
    }
    guard visited <= document.nodes.count else { fatalError("visited \(visited) nodes of \(document.nodes.count)") }
    return 0
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzJSONReader)
