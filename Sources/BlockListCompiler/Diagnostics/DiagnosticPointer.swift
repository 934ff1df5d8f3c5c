/// Where a ``Diagnostic`` points in the JSON, kept as the rule's index and the path below it where that is all it
/// is: the JSON pointer's text is made only where it is read (``Diagnostic/pointer``). (A plain struct, copied
/// with a few retains.)
struct DiagnosticPointer: Sendable {
    /// The pointer in full when `ruleIndex` is nil; else the path below the rule (e.g. "/action/selector").
    var path: String
    /// The rule the pointer starts at (`/INDEX`), or nil when `path` is the whole pointer.
    var ruleIndex: Int?
    /// One more reference token after `path`, escaped when the text is made.
    var key: String?

    /// A pointer made in full.
    static func literal(_ pointer: String) -> DiagnosticPointer { DiagnosticPointer(path: pointer) }

    /// `/INDEX` followed by `path`, then by `key` as one more reference token when there is one.
    static func inRule(index: Int, path: String, key: String?) -> DiagnosticPointer {
        DiagnosticPointer(path: path, ruleIndex: index, key: key)
    }

    /// The pointer's text.
    var string: String {
        guard let ruleIndex else { return path }
        let base = "/" + String(ruleIndex) + path
        guard let key else { return base }
        return JSONPointer.appending(base, key)
    }
}
