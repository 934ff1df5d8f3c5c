/// A value of the trigger's `resource-type` array.
public enum ResourceType: String, CaseIterable, Sendable {
    case document, topDocument = "top-document", childDocument = "child-document", image, styleSheet = "style-sheet"
    case script, font, raw, websocket, fetch, other, svgDocument = "svg-document", media, popup, ping, cspReport = "csp-report"

    /// The first target that knows the value.
    public var introducedIn: WebKitTarget {
        switch self {
        case .websocket, .fetch, .other, .topDocument, .childDocument, .cspReport: return .safari15
        default: return .safari14
        }
    }
}
