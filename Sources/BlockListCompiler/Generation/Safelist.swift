/// Domains where no rule of a merged list applies: one `ignore-previous-rules` rule appended after all other rules,
/// `{"trigger":{"url-filter":".*","if-domain":["*a.com",...]},"action":{"type":"ignore-previous-rules"}}`,
/// as firefox-ios and its Safari extension add at run time.
///
/// A safelist file is either a JSON array of domain strings or text with one domain per line (blank lines and `#`
/// comments ignored). `a.com`, `*a.com` and `*.a.com` all mean a.com and its subdomains (`*a.com`). Non-ASCII domains
/// become punycode and upper case becomes lower case, each with a warning; anything else that is not a host name is an
/// error. Repeated domains are dropped with a warning.
public struct Safelist: Sendable, Equatable {
    /// The domains, lower-case ASCII, without the leading `*`, in input order.
    public private(set) var domains: [String] = []
    private var seen: Set<String> = []

    /// Creates an empty safelist (no rule is appended).
    public init() {}

    /// Whether there is no domain.
    public var isEmpty: Bool { domains.isEmpty }

    /// Reads a safelist file; returns the warnings about changed or repeated entries.
    public mutating func add(contentsOf input: SourceInput) throws(GenerationError) -> [GenerationDiagnostic] {
        let firstByte = input.bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        var warnings: [GenerationDiagnostic] = []
        if firstByte == UInt8(ascii: "[") {
            let parsed = try ParsedInput(input)
            for entry in try parsed.strings(ofArray: parsed.document.root, what: "a safelist") {
                let (line, column) = parsed.locator.location(of: Int(parsed.document[entry.node].start))
                try add(entry.text, path: input.path, line: line, column: column, warnings: &warnings)
            }
            return warnings
        }
        guard let text = String(validating: input.bytes, as: UTF8.self) else {
            throw GenerationError(
                GenerationDiagnostic(severity: .error, path: input.path, line: 1, column: 1, message: "the safelist is not UTF-8 text"))
        }
        var lineNumber = 0
        // Cut at every line feed: split by the character "\n", a CR LF file would be one line (CR LF is one
        // character); the carriage return left at a line's end is trimmed below.
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine).prefix { $0 != "#" }
            let leading = line.prefix { $0 == " " || $0 == "\t" }
            line = line.dropFirst(leading.count)
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            try add(String(line), path: input.path, line: lineNumber, column: leading.utf8.count + 1, warnings: &warnings)
        }
        return warnings
    }

    /// Adds one domain given outside a file (e.g. on the command line), reported as `path:1:1`.
    public mutating func add(domain: String, path: String) throws(GenerationError) -> [GenerationDiagnostic] {
        var warnings: [GenerationDiagnostic] = []
        try add(domain, path: path, line: 1, column: 1, warnings: &warnings)
        return warnings
    }

    private mutating func add(_ entry: String, path: String, line: Int, column: Int, warnings: inout [GenerationDiagnostic])
        throws(GenerationError)
    {
        func diagnostic(_ severity: GenerationDiagnostic.Severity, _ message: String) -> GenerationDiagnostic {
            GenerationDiagnostic(severity: severity, path: path, line: line, column: column, message: message)
        }
        var domain = Substring(entry)
        if domain.hasPrefix("*.") { domain = domain.dropFirst(2) } else if domain.hasPrefix("*") { domain = domain.dropFirst() }
        let normalized: String
        switch DomainNormalizer.normalize(String(domain), role: .siteDomain) {
        case .accepted(let text):
            normalized = text
        case .changed(let text, let note):
            warnings.append(diagnostic(.warning, "safelist entry \"\(entry)\": \(note)"))
            normalized = text
        case .refused(let reason):
            throw GenerationError(diagnostic(.error, "safelist entry \"\(entry)\": \(reason)"))
        }
        if !seen.insert(normalized).inserted {
            warnings.append(diagnostic(.warning, "safelist entry \"\(entry)\" repeats \"\(normalized)\"; dropped"))
            return
        }
        domains.append(normalized)
    }

    /// The `ignore-previous-rules` rule, or nothing when the safelist is empty.
    public var ruleBytes: [UInt8] {
        guard !domains.isEmpty else { return [] }
        var bytes = Array(#"{"trigger":{"url-filter":".*","if-domain":["#.utf8)
        for (index, domain) in domains.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #""*"#.utf8)
            bytes.append(contentsOf: domain.utf8)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(contentsOf: #"]},"action":{"type":"ignore-previous-rules"}}"#.utf8)
        return bytes
    }
}
