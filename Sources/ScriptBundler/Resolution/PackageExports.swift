/// Resolves a subpath through a package.json `exports` value (Node's algorithm, for the given conditions):
/// a string, a condition object, an array of alternatives, or a subpath map with `*` patterns.
enum PackageExports {
    static func resolve(_ exports: Any, subpath: String, conditions: [String]) -> String? {
        if let map = exports as? [String: Any], map.keys.contains(where: { $0.hasPrefix(".") }) {
            if let exact = map[subpath] { return target(exact, conditions: conditions, match: nil) }
            var best: (key: String, match: String, prefixLength: Int)?
            for key in map.keys.sorted() {
                guard let star = key.firstIndex(of: "*") else { continue }
                let prefix = String(key[..<star]), suffix = String(key[key.index(after: star)...])
                guard subpath.hasPrefix(prefix), subpath.hasSuffix(suffix), subpath.count >= prefix.count + suffix.count else { continue }
                let match = String(subpath.dropFirst(prefix.count).dropLast(suffix.count))
                if prefix.count > best?.prefixLength ?? -1 { best = (key, match, prefix.count) }
            }
            if let best, let value = map[best.key] { return target(value, conditions: conditions, match: best.match) }
            return nil
        }
        guard subpath == "." else { return nil }
        return target(exports, conditions: conditions, match: nil)
    }

    private static func target(_ value: Any, conditions: [String], match: String?) -> String? {
        if let string = value as? String {
            guard string.hasPrefix("./") else { return nil }
            guard let match else { return string }
            return string.replacingOccurrences(of: "*", with: match)
        }
        if let array = value as? [Any] {
            for item in array {
                if let found = target(item, conditions: conditions, match: match) { return found }
            }
            return nil
        }
        if let object = value as? [String: Any] {
            // Conditions are tried in the object's key order; JSONSerialization loses it, so prefer our order.
            for condition in conditions {
                if let nested = object[condition], let found = target(nested, conditions: conditions, match: match) { return found }
            }
            return nil
        }
        return nil
    }
}
