/// Rewrites a url-filter into a simpler pattern WebKit matches on exactly the same URLs: redundant leading `.*`
/// (after an optional `^`) and trailing `.*` go, and letters outside character sets are lower-cased when the
/// filter is case-insensitive. A rewrite is kept only if WebKit still accepts it with the same status.
public enum URLFilterCanonicalizer {
    /// The canonical form of `pattern`.
    public static func canonicalize(_ pattern: String, isCaseSensitive: Bool) -> String {
        // Most filters (all the converter writes) have nothing to rewrite, which one look at the bytes tells
        // without copying them: the arrays made below were about a tenth of the optimizer's instructions.
        mayRewrite(pattern, isCaseSensitive: isCaseSensitive) ? rewrite(pattern, isCaseSensitive: isCaseSensitive) : pattern
    }

    /// `canonicalize` without the look that most patterns need no rewrite.
    static func rewrite(_ pattern: String, isCaseSensitive: Bool) -> String {
        let original = Array(pattern.utf8)
        let units = rewritten(original, isCaseSensitive: isCaseSensitive)
        // Nothing to rewrite: every verdict of the parse below keeps the pattern, except a simple universal
        // spelling, so most filters are not parsed at all.
        if units == original && !isSimpleUniversal(pattern) { return pattern }
        let parser = URLFilterParser()
        let verdict = parser.parse(pattern)
        guard verdict.isAccepted, verdict.status != .matchesEverything else {
            return verdict.status == .matchesEverything && pattern != ".*" && isSimpleUniversal(pattern) ? ".*" : pattern
        }
        let candidate = String(decoding: units, as: UTF8.self)
        guard candidate != pattern, !candidate.isEmpty else { return pattern }
        let result = parser.parse(candidate)
        return result.status == verdict.status ? candidate : pattern
    }

    /// False when `canonicalize` surely returns `pattern` as it is: no leading `.*` or `^.*`, no trailing `.*`, no
    /// upper-case letter when the filter is case-insensitive, and no spelling `isSimpleUniversal` may name (those
    /// start with `^.`, `^(`, `(` or `.*`). True says only that the full rewrite and its check must decide.
    static func mayRewrite(_ pattern: String, isCaseSensitive: Bool) -> Bool {
        var pattern = pattern
        return pattern.withUTF8 { units in
            if units.count >= 2 {
                let first = units[0], second = units[1]
                if first == 0x28 || (first == 0x2E && second == 0x2A) || (first == 0x5E && (second == 0x2E || second == 0x28)) {
                    return true
                }
                if units[units.count - 2] == 0x2E && units[units.count - 1] == 0x2A { return true }
            } else if units.first == 0x28 {
                return true
            }
            if !isCaseSensitive {
                for unit in units where unit >= 0x41 && unit <= 0x5A { return true }
            }
            return false
        }
    }

    /// The pattern's units with the redundant `.*` dropped and, unless `isCaseSensitive`, letters outside sets
    /// lower-cased (the rewrite before its check).
    private static func rewritten(_ original: [UInt8], isCaseSensitive: Bool) -> [UInt8] {
        var units = original
        // Leading `.*` (a search is unanchored anyway); `^.*` too.
        var start = 0
        if units.starts(with: Array("^.*".utf8)) { start = 3 }
        while units.count - start > 2, units[start] == 0x2E, units[start + 1] == 0x2A, units[start + 2] != 0x3F, units[start + 2] != 0x2A,
            units[start + 2] != 0x2B
        {
            start += 2
        }
        if start > 0 { units = Array(units[start...]) }
        // Trailing `.*` unless escaped or after `$`.
        while units.count > 2, units[units.count - 1] == 0x2A, units[units.count - 2] == 0x2E, !isEscaped(units, at: units.count - 2) {
            units.removeLast(2)
        }
        if !isCaseSensitive { units = lowercasedOutsideSets(units) }
        return units
    }

    private static func isSimpleUniversal(_ pattern: String) -> Bool {
        pattern == "^.*" || pattern == ".*.*" || pattern == "(.*)" || pattern == "^(.*)"
    }

    private static func isEscaped(_ units: [UInt8], at index: Int) -> Bool {
        var backslashes = 0
        var cursor = index - 1
        while cursor >= 0 && units[cursor] == 0x5C { backslashes += 1; cursor -= 1 }
        return backslashes % 2 == 1
    }

    /// Lower-cases letters that are literal atoms (not escapes, not inside `[...]`, not group names).
    private static func lowercasedOutsideSets(_ units: [UInt8]) -> [UInt8] {
        var result = units
        var index = 0
        var inSet = false
        while index < result.count {
            let unit = result[index]
            if unit == 0x5C { index += 2; continue }
            if inSet {
                if unit == 0x5D { inSet = false }
            } else if unit == 0x5B {
                inSet = true
            } else if unit == 0x28, index + 2 < result.count, result[index + 1] == 0x3F, result[index + 2] == 0x3C {
                // A named group: leave its name alone.
                while index < result.count && result[index] != 0x3E { index += 1 }
            } else if unit >= 0x41 && unit <= 0x5A {
                result[index] = unit + 32
            }
            index += 1
        }
        return result
    }
}
