@testable import BlockListCompiler

/// The hidden selectors of the rule lists an equivalence check compares, interned once per check: every
/// comma-separated selector of every `css-display-none` rule gets a small ID, so a request's hidden selectors
/// become a bit set instead of thousands of split and hashed strings.
struct SelectorTable {
    /// The selectors, by ID.
    private(set) var names: [String] = []
    private var ids: [String: Int32] = [:]

    /// Number of 64-bit words a bit set of every ID needs.
    var wordCount: Int { (names.count + 63) / 64 }

    /// The selectors of one `css-display-none` action: split at commas, spaces around each trimmed.
    static func parts(of text: String) -> [String] {
        text.utf8.split(separator: 0x2C).map { part -> String in
            var slice: Substring.UTF8View = part
            while slice.first == 0x20 { slice = slice.dropFirst() }
            while slice.last == 0x20 { slice = slice.dropLast() }
            return String(decoding: slice, as: UTF8.self)
        }
    }

    /// The IDs of the selectors of `text`, giving new ones to selectors not seen yet.
    mutating func intern(_ text: String) -> [Int32] {
        SelectorTable.parts(of: text).map { part in
            if let id = ids[part] { return id }
            let id = Int32(names.count)
            ids[part] = id
            names.append(part)
            return id
        }
    }

    /// The ID of one selector, nil when no rule of the check has it.
    func id(of selector: String) -> Int32? { ids[selector] }

    /// The rules of each list with their selector text and IDs, by rule index (nil for other actions).
    mutating func internSelectors(of lists: [[Rule]]) -> [[RuleSelectors?]] {
        lists.map { rules in
            rules.map { rule in
                guard case .cssDisplayNone(let selector) = rule.action.kind else { return nil }
                return RuleSelectors(text: selector, ids: intern(selector))
            }
        }
    }
}

/// One `css-display-none` rule's selector text and the IDs of its selectors.
struct RuleSelectors {
    var text: String
    var ids: [Int32]
}
