import Foundation

/// Reads the source map a bundle carries inline, in its trailing `//# sourceMappingURL=data:` comment.
enum InlineSourceMap {
    static let prefix = Array("//# sourceMappingURL=data:application/json;charset=utf-8;base64,".utf8)

    /// The map's JSON, or `nil` when the bundle's last line is no such comment or not valid base64.
    static func json(in code: [UInt8]) -> [UInt8]? {
        var end = code.count
        if end > 0, code[end - 1] == 0x0A { end -= 1 }
        var start = end
        while start > 0, code[start - 1] != 0x0A { start -= 1 }
        let line = code[start..<end]
        guard line.starts(with: prefix) else { return nil }
        let payload = Data(line.dropFirst(prefix.count))
        guard let decoded = Data(base64Encoded: payload) else { return nil }
        return Array(decoded)
    }
}
