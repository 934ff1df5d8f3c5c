/// Reads requests written one JSON object a line, in the format of `webkit-match-oracle`:
/// `{"url": ..., "type": ..., "top": ..., "frame": ..., "method": ..., "load-context": ...}`.
/// As in the oracle, `frame` is the child frame issuing the load; for a `child-document` load (an iframe created in
/// that frame) WebKit evaluates the load in the new frame, so the frame URL is `about:blank` whatever `frame` says.
public enum MatchRequestDecoder {
    /// A line that is not a request.
    public struct Problem: Error, Sendable, Equatable {
        /// 1-based line.
        public var line: Int
        /// Why the line is not a request.
        public var message: String
    }

    /// The requests of a JSON Lines text; blank lines are skipped.
    public static func decodeLines(_ bytes: [UInt8]) throws(Problem) -> [MatchRequest] {
        var requests: [MatchRequest] = []
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                requests.append(try decode(Array(line)))
            } catch {
                throw Problem(line: lineNumber, message: error.message)
            }
        }
        return requests
    }

    /// One request object.
    public static func decode(_ bytes: [UInt8]) throws(Problem) -> MatchRequest {
        let document: JSONDocument
        do {
            document = try JSONReader().parse(bytes)
        } catch {
            throw Problem(line: 1, message: "invalid JSON: \(error.reason)")
        }
        let root = document.root
        guard document[root].kind == .object else { throw Problem(line: 1, message: "a request must be a JSON object") }
        func string(_ key: String) throws(Problem) -> String? {
            guard let node = document.member(key, in: root) else { return nil }
            guard let value = document.stringValue(node) else { throw Problem(line: 1, message: "\"\(key)\" must be a string") }
            return value
        }
        guard let url = try string("url") else { throw Problem(line: 1, message: "a request needs a \"url\"") }
        let typeName = try string("type") ?? "script"
        guard var type = RequestResourceType(name: typeName) else {
            throw Problem(line: 1, message: "unknown request type \"\(typeName)\"")
        }
        if typeName == "document" { type = .topDocument }
        let frame = try string("frame")
        var request = MatchRequest(url: url, resourceType: type, topURL: try string("top"), frameURL: type == .childDocument ? nil : frame)
        if let method = try string("method") {
            guard let value = RequestMethod(rawValue: method.lowercased()) else {
                throw Problem(line: 1, message: "unknown method \"\(method)\"")
            }
            request.method = value
        }
        if let context = try string("load-context") {
            guard let value = LoadContext(rawValue: context) else { throw Problem(line: 1, message: "unknown load context \"\(context)\"") }
            request.loadContext = value
        }
        return request
    }
}
