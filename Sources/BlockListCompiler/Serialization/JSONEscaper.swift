/// Quotes strings as JSON.
public enum JSONEscaper {
    /// `value` as a JSON string literal; non-ASCII characters stay as UTF-8.
    public static func quoted(_ value: String) -> String {
        var needsEscape = false
        for byte in value.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscape = true
            break
        }
        guard needsEscape else { return "\"" + value + "\"" }
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    /// `json` with every non-ASCII character written as a `\uXXXX` escape (a surrogate pair above U+FFFF). The
    /// parsed value is the same; WebKit keeps a rule list's source in its compiled file, as 8-bit text only when
    /// every character fits, so one non-ASCII character doubles the stored source. Every non-ASCII character of a
    /// JSON text is inside a string literal, where the escape means the same character.
    public static func escapingNonASCII(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 >= 0x80 }) else { return json }
        var output = ""
        output.reserveCapacity(json.utf8.count + 64)
        for scalar in json.unicodeScalars {
            guard scalar.value >= 0x80 else {
                output.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return output
    }
}
