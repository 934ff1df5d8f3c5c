import Foundation

/// The Markdown documentation (README.md and docs/), read for the tests that keep it true: its `sh` blocks, with
/// the HTML comments that say how to run them, and its relative links.
struct DocumentationPages {
    /// The repository's root folder.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// README.md and every page under docs/, as paths relative to the root, sorted.
    static let paths: [String] = {
        var found = ["README.md"]
        let docs = root + "/docs"
        if let walker = FileManager.default.enumerator(atPath: docs) {
            for case let relative as String in walker where relative.hasSuffix(".md") {
                found.append("docs/" + relative)
            }
        }
        return found.sorted()
    }()

    /// One fenced block of a page.
    struct Block: Sendable, CustomStringConvertible {
        /// The page, relative to the root.
        var page: String
        /// The 1-based line of the opening fence.
        var line: Int
        /// The info string after the fence (`sh`, `yaml`, ...).
        var language: String
        /// The lines between the fences.
        var lines: [String]
        /// The `<!-- doc-test: ... -->` comment right before the block, without its delimiters.
        var marker: String?

        var description: String { "\(page):\(line)" }

        /// The commands of an `sh` block: its lines without blank lines, comment lines and trailing comments
        /// (a `#` after two spaces).
        var commands: [String] {
            lines.compactMap { line in
                var command = line
                if let comment = command.range(of: #"\s{2,}#\s.*$"#, options: .regularExpression) {
                    command.removeSubrange(comment)
                }
                command = command.trimmingCharacters(in: .whitespaces)
                return command.isEmpty || command.hasPrefix("#") ? nil : command
            }
        }
    }

    /// Every fenced block of `page`, in order.
    static func blocks(of page: String) throws -> [Block] {
        let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        var blocks: [Block] = []
        var open: Block?
        var previous: String?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
                continue
            }
            if trimmed.hasPrefix("```") {
                var marker: String?
                if let previous, previous.hasPrefix("<!-- doc-test:"), previous.hasSuffix("-->") {
                    marker = String(previous.dropFirst("<!-- doc-test:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
                }
                open = Block(page: page, line: index + 1, language: String(trimmed.dropFirst(3)), lines: [], marker: marker)
                continue
            }
            if !trimmed.isEmpty { previous = trimmed }
        }
        return blocks
    }

    /// The relative link targets of `page` (`[text](target)`), with their 1-based lines.
    static func links(of page: String) throws -> [(line: Int, target: String)] {
        let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var links: [(Int, String)] = []
        var inFence = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                guard let target = Range(match.range(at: 1), in: line).map({ String(line[$0]) }) else { continue }
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                links.append((index + 1, target))
            }
        }
        return links
    }

    /// GitHub's anchor names of a page's headings (`## Size report` is `#size-report`).
    static func anchors(of page: String) throws -> Set<String> {
        let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        var anchors: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = heading.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }
}
