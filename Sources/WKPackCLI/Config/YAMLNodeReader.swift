import ScriptBundler
import Yams

/// Typed, located access to composed YAML nodes of one configuration file.
struct YAMLNodeReader {
    /// The configuration file's path, as shown in errors.
    let path: String

    func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(path: path) }
        return SourceLocation(path: path, line: mark.line, column: mark.column)
    }

    func isNull(_ node: Node) -> Bool { node.null != nil }

    /// The node's tag as Yams' default resolver would give it. The configuration is composed with
    /// `Resolver.basic` (no regular expressions to compile), so untagged plain scalars are resolved here;
    /// `Node.tag` must not be used on scalars (it would resolve them with the basic resolver, to `str`).
    func tagName(of node: Node) -> Tag.Name {
        guard let scalar = node.scalar else { return Tag.Name(rawValue: node.tag.rawValue) }
        let raw = scalar.tag.rawValue
        if raw == Tag.Name.implicit.rawValue { return YAMLPlainScalarType.tag(of: scalar.string) }
        if raw == Tag.Name.nonSpecific.rawValue { return .str }
        return Tag.Name(rawValue: raw)
    }

    /// The key/value pairs of a mapping (null counts as empty); rejects unknown and duplicate keys.
    func mapping(_ node: Node, allowedKeys: [String], context: String) throws(ConfigError) -> [(key: String, keyNode: Node, value: Node)] {
        if isNull(node) { return [] }
        guard let mapping = node.mapping else {
            throw ConfigError(at: location(of: node), "\(context) must be a mapping")
        }
        var seen: Set<String> = []
        var pairs: [(String, Node, Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                throw ConfigError(at: location(of: keyNode), "keys of \(context) must be plain strings")
            }
            guard allowedKeys.contains(key) else {
                throw ConfigError(
                    at: location(of: keyNode), "unknown key '\(key)' in \(context)" + KeySuggestion.hint(for: key, in: allowedKeys))
            }
            guard seen.insert(key).inserted else {
                throw ConfigError(at: location(of: keyNode), "duplicate key '\(key)' in \(context)")
            }
            pairs.append((key, keyNode, value))
        }
        return pairs
    }

    func string(_ node: Node, key: String) throws(ConfigError) -> String {
        guard let scalar = node.scalar, tagName(of: node) == .str, !scalar.string.isEmpty else {
            throw ConfigError(at: location(of: node), "'\(key)' must be a non-empty string")
        }
        return scalar.string
    }

    func bool(_ node: Node, key: String) throws(ConfigError) -> Bool {
        guard let scalar = node.scalar, tagName(of: node) == .bool, let value = Bool.construct(from: scalar) else {
            throw ConfigError(at: location(of: node), "'\(key)' must be true or false")
        }
        return value
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, key: String, as type: T.Type) throws(ConfigError) -> T
    where T.RawValue == String {
        let text = try string(node, key: key)
        guard let value = T(rawValue: text) else {
            let options = T.allCases.map(\.rawValue)
            var message = "invalid value '\(text)' for '\(key)'; expected one of: " + options.joined(separator: ", ")
            if let match = KeySuggestion.closest(to: text, in: options) { message += " (did you mean '\(match)'?)" }
            throw ConfigError(at: location(of: node), message)
        }
        return value
    }

    /// A non-negative integer.
    func count(_ node: Node, key: String) throws(ConfigError) -> Int {
        guard let scalar = node.scalar, let value = Int(scalar.string), value >= 0 else {
            throw ConfigError(at: location(of: node), "'\(key)' must be a non-negative integer")
        }
        return value
    }

    func sequence(_ node: Node, key: String) throws(ConfigError) -> [Node] {
        if isNull(node) { return [] }
        guard let sequence = node.sequence else {
            throw ConfigError(at: location(of: node), "'\(key)' must be a list")
        }
        return Array(sequence)
    }
}
