/// A package.json `sideEffects` field: `false` (no file of the package has side effects), or an array of globs
/// naming the files that have some (the others have none). Absent, `true` or anything else: every file may.
///
/// Globs are relative to the package folder (`./` optional); `*` matches within a path segment, `**` across
/// segments, `?` one character; a glob without `/` matches a file name in any folder, as webpack reads it.
struct PackageSideEffects: Equatable {
    private let globs: [String]?

    /// The rule of a parsed package.json; `nil` when it declares nothing (every file may have side effects).
    package init?(_ package: PackageJSONValue) {
        switch package["sideEffects"] {
        case .boolean(false)?:
            globs = []
        case .array(let items)?:
            var globs: [String] = []
            for item in items {
                guard let glob = item.string else { return nil }
                globs.append(glob)
            }
            self.globs = globs
        default:
            return nil
        }
    }

    /// Whether the file at `relativePath` (from the package folder, `/`-separated) is declared free of effects.
    func isSideEffectFree(_ relativePath: String) -> Bool {
        guard let globs else { return false }
        let path = Array(relativePath.utf8)
        return !globs.contains { glob in
            var pattern = Array(glob.utf8)
            if pattern.starts(with: Array("./".utf8)) { pattern.removeFirst(2) }
            if !pattern.contains(UInt8(ascii: "/")) { pattern = Array("**/".utf8) + pattern }
            return Self.matches(pattern[...], path[...])
        }
    }

    /// Glob matching with `*` (not `/`), `**` (anything; `**/` also nothing) and `?`.
    private static func matches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/")
        if first == star {
            let rest = pattern.dropFirst()
            if rest.first == star {
                let afterStars = rest.dropFirst()
                // `**/` may also match no folder at all.
                if afterStars.first == slash, matches(afterStars.dropFirst(), text) { return true }
                var index = text.startIndex
                while true {
                    if matches(afterStars, text[index...]) { return true }
                    if index == text.endIndex { return false }
                    index += 1
                }
            }
            var index = text.startIndex
            while true {
                if matches(rest, text[index...]) { return true }
                if index == text.endIndex || text[index] == slash { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == UInt8(ascii: "?") ? character != slash : first == character {
            return matches(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }
}
