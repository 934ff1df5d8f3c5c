/// A value of the trigger's `resource-type` array.
public enum ResourceType: String, CaseIterable, Sendable {
    /// A `resource-type` value: `document` (both kinds of document), `top-document`, `child-document`, `image`, `style-sheet`.
    case document, topDocument = "top-document", childDocument = "child-document", image, styleSheet = "style-sheet"
    /// A `resource-type` value: `script`, `font`, `raw` (fetch, websocket and other), `websocket`, `fetch`, `other`, `svg-document`, `media`, `popup`, `ping`, `csp-report`.
    case script, font, raw, websocket, fetch, other, svgDocument = "svg-document", media, popup, ping, cspReport = "csp-report"

    /// The first target that knows the value.
    public var introducedIn: WebKitTarget {
        switch self {
        case .websocket, .fetch, .other, .topDocument, .childDocument, .cspReport: return .safari15
        default: return .safari14
        }
    }
}
