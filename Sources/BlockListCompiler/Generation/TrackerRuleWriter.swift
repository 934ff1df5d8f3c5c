/// Writes tracker rules in firefox-ios's exact byte format.
///
/// A rule is `{"action":{"type":"block"},"trigger":{"url-filter":"^https?://([^/]+\\.)?example\\.com","load-type":["third-party"],"unless-domain":["*a.com"]}}`
/// (that key order, no spaces; `unless-domain` left out when empty). A list is `[`, newline, the rules joined by `,` and
/// newline, newline, `]`, with no newline after the final `]`.
public struct TrackerRuleWriter: Sendable {
    private var output: [UInt8] = []
    private var ruleCount = 0

    /// Creates an empty list.
    public init() {
        output.append(contentsOf: "[\n".utf8)
    }

    /// Number of rules written so far.
    public var count: Int { ruleCount }

    /// The `,"unless-domain":[...]` fragment for `domains` (each gets a leading `*`), or nothing when empty.
    public static func unlessDomainFragment(_ domains: [String]) -> [UInt8] {
        guard !domains.isEmpty else { return [] }
        var bytes = Array(#","unless-domain":["#.utf8)
        for (index, domain) in domains.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #""*"#.utf8)
            appendEscaped(domain, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// Appends the rule for `domain` with `action`, followed by a precomputed `unlessDomain` fragment.
    public mutating func append(domain: String, action: TrackerAction, unlessDomain: [UInt8]) {
        if ruleCount > 0 { output.append(contentsOf: ",\n".utf8) }
        output.append(contentsOf: #"{"action":{"type":""#.utf8)
        output.append(contentsOf: action.rawValue.utf8)
        output.append(contentsOf: #""},"trigger":{"url-filter":"^https?://([^/]+\\.)?"#.utf8)
        for byte in domain.utf8 {
            if byte == UInt8(ascii: ".") {
                output.append(contentsOf: #"\\."#.utf8)
            } else {
                Self.appendEscaped(byte, to: &output)
            }
        }
        output.append(contentsOf: #"","load-type":["third-party"]"#.utf8)
        output.append(contentsOf: unlessDomain)
        output.append(contentsOf: "}}".utf8)
        ruleCount += 1
    }

    /// The finished list.
    public func finish() -> [UInt8] {
        output + Array("\n]".utf8)
    }

    private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 { appendEscaped(byte, to: &bytes) }
    }

    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(byte)
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: "\\u00".utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        default:
            bytes.append(byte)
        }
    }
}
