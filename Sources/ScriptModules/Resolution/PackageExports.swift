/// Resolves a subpath through a package.json `exports` value (Node's algorithm, for the given conditions):
/// a string, a condition object (tried in file order), an array of alternatives, or a subpath map with `*`
/// patterns.
enum PackageExports {
    package static func resolve(_ exports: PackageJSONValue, subpath: String, conditions: [String]) -> String? {
        if case .object(let pairs) = exports, pairs.contains(where: { $0.key.hasPrefix(".") }) {
            if let exact = exports[subpath] { return target(exact, conditions: conditions, match: nil) }
            var best: (value: PackageJSONValue, match: String, prefixLength: Int)?
            for (key, value) in pairs {
                guard let star = key.firstIndex(of: "*") else { continue }
                let prefix = String(key[..<star]), suffix = String(key[key.index(after: star)...])
                guard subpath.hasPrefix(prefix), subpath.hasSuffix(suffix), subpath.count >= prefix.count + suffix.count else { continue }
                let match = String(subpath.dropFirst(prefix.count).dropLast(suffix.count))
                if prefix.count > best?.prefixLength ?? -1 { best = (value, match, prefix.count) }
            }
            if let best { return target(best.value, conditions: conditions, match: best.match) }
            return nil
        }
        guard subpath == "." else { return nil }
        return target(exports, conditions: conditions, match: nil)
    }

    private static func target(_ value: PackageJSONValue, conditions: [String], match: String?) -> String? {
        switch value {
        case .string(let string):
            guard string.hasPrefix("./") else { return nil }
            guard let match else { return string }
            return string.replacingOccurrences(of: "*", with: match)
        case .array(let items):
            for item in items {
                if let found = target(item, conditions: conditions, match: match) { return found }
            }
            return nil
        case .object(let pairs):
            for (condition, nested) in pairs where conditions.contains(condition) {
                if let found = target(nested, conditions: conditions, match: match) { return found }
            }
            return nil
        case .boolean, .other:
            return nil
        }
    }
}
