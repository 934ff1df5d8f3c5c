/// Applies a `query-transform` the way WebKit's `QueryTransform::applyToURL` does.
enum QueryTransformApplier {
    /// The new query (without `?`), or nil when WebKit leaves the query as it is. Only called when the URL has a
    /// query (WebKit does nothing, not even add parameters, to a URL without one).
    ///
    /// Parameters are split on `&` (empty ones dropped); a parameter's name is the text before `=`, decoded as a
    /// form (`+` is a space, `%XX` a byte). Removal beats replacement; a `replace-only` parameter replaces every
    /// occurrence of its name (the first entry of a name counts); every other entry is appended at the end, even
    /// when the name is already present.
    static func apply(_ transform: QueryTransform, to query: String) -> String? {
        let remove = Set(transform.removeParameters ?? [])
        var replace: [String: String] = [:]
        var add: [(key: String, value: String)] = []
        for parameter in transform.addOrReplaceParameters ?? [] {
            if parameter.replaceOnly == true {
                if replace[parameter.key] == nil { replace[parameter.key] = parameter.value }
            } else {
                add.append((parameter.key, parameter.value))
            }
        }
        var modified = false
        var output: [String] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let name = decodedName(part)
            if name.isEmpty { continue }
            if remove.contains(name) {
                modified = true
                continue
            }
            if let value = replace[name] {
                modified = true
                output.append(name + "=" + value)
                continue
            }
            output.append(String(part))
        }
        for (key, value) in add {
            output.append(key + "=" + value)
            modified = true
        }
        return modified ? output.joined(separator: "&") : nil
    }

    /// The form-decoded name of one `name=value` parameter.
    static func decodedName(_ part: Substring) -> String {
        let raw = Array((part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < raw.count, let high = hexValue(raw[index + 1]),
                let low = hexValue(raw[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
