/// An input parsed with `JSONReader`, able to turn node offsets into located diagnostics.
struct ParsedInput {
    let path: String
    let document: JSONDocument
    let locator: SourceLocator

    /// Parses `input`, or throws its JSON syntax error at its place.
    init(_ input: SourceInput) throws(GenerationError) {
        path = input.path
        locator = SourceLocator(input.bytes)
        do {
            document = try JSONReader().parse(input.bytes)
        } catch {
            let (line, column) = locator.location(of: error.offset)
            throw GenerationError(
                GenerationDiagnostic(
                    severity: .error, path: input.path, line: line, column: column,
                    message: "invalid JSON: \(error.reason)"))
        }
    }

    /// A diagnostic at the start of `node`.
    func diagnostic(_ severity: GenerationDiagnostic.Severity, at node: Int, _ message: String) -> GenerationDiagnostic {
        let (line, column) = locator.location(of: Int(document[node].start))
        return GenerationDiagnostic(severity: severity, path: path, line: line, column: column, message: message)
    }

    /// An error at the start of `node`.
    func error(at node: Int, _ message: String) -> GenerationError {
        GenerationError(diagnostic(.error, at: node, message))
    }

    /// A name for the kind of `node`, for messages ("a string", "an object").
    func kindName(_ node: Int) -> String { document[node].kind.nameInMessages }

    /// The strings of the array at `node`, each with its node, or an error naming `what`.
    func strings(ofArray node: Int, what: String) throws(GenerationError) -> [LocatedString] {
        guard document[node].kind == .array else {
            throw error(at: node, "\(what) must be an array of strings, found \(kindName(node))")
        }
        var result: [LocatedString] = []
        for element in document.elements(of: node) {
            guard document[element].kind == .string else {
                throw error(at: element, "\(what) must hold only strings, found \(kindName(element))")
            }
            result.append(LocatedString(text: document.string(element), node: element))
        }
        return result
    }
}

/// A string value of an input and its node, to locate diagnostics.
struct LocatedString {
    var text: String
    var node: Int
}
