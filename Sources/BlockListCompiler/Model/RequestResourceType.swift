/// The kind of a load, as WebKit classifies it before matching `resource-type`.
public enum RequestResourceType: String, CaseIterable, Sendable {
    /// A navigation of the main frame, an iframe's own document, an image, a style sheet, a script or a font.
    case topDocument = "top-document", childDocument = "child-document", image, styleSheet = "style-sheet", script, font
    /// A WebSocket, a fetch or XMLHttpRequest, anything else, an SVG document, media, a popup, a ping or a CSP report.
    case websocket, fetch, other, svgDocument = "svg-document", media, popup, ping, cspReport = "csp-report"

    /// Reads a type name, accepting the rule aliases (`document` = top-document, `raw` = fetch) and common
    /// browser names (`xhr`, `beacon`, `iframe`, `subdocument`, ...).
    public init?(name: String) {
        switch name.lowercased() {
        case "document", "main_frame", "main-frame": self = .topDocument
        case "raw", "xhr", "xmlhttprequest": self = .fetch
        case "iframe", "subdocument", "sub_frame", "subframe": self = .childDocument
        case "beacon", "sendbeacon", "eventsource": self = .other
        case "stylesheet", "css": self = .styleSheet
        case "img": self = .image
        case "video", "audio": self = .media
        case "svg": self = .svgDocument
        default:
            guard let type = RequestResourceType(rawValue: name.lowercased()) else { return nil }
            self = type
        }
    }

    /// This type's bit in a rule's resource mask.
    public var bit: UInt32 {
        switch self {
        case .topDocument: return 1 << 0
        case .childDocument: return 1 << 1
        case .image: return 1 << 2
        case .styleSheet: return 1 << 3
        case .script: return 1 << 4
        case .font: return 1 << 5
        case .websocket: return 1 << 6
        case .fetch: return 1 << 7
        case .other: return 1 << 8
        case .svgDocument: return 1 << 9
        case .media: return 1 << 10
        case .popup: return 1 << 11
        case .ping: return 1 << 12
        case .cspReport: return 1 << 13
        }
    }

    /// The request types a rule's `resource-type` value covers, as WebKit reads them: `raw` covers `ping` but not
    /// `csp-report`, `other` covers both (checked against WebKitGTK 2.50: Fixtures/Matching/oracle-reports.jsonl).
    /// A CSP report's first evaluation (as `csp-report`) is therefore not matched by `raw`; its second one (as
    /// `other`) is.
    public static func covered(by ruleType: ResourceType) -> [RequestResourceType] {
        switch ruleType {
        case .document: return [.topDocument, .childDocument]
        case .topDocument: return [.topDocument]
        case .childDocument: return [.childDocument]
        case .image: return [.image]
        case .styleSheet: return [.styleSheet]
        case .script: return [.script]
        case .font: return [.font]
        case .raw: return [.fetch, .websocket, .other, .ping]
        case .websocket: return [.websocket]
        case .fetch: return [.fetch]
        case .other: return [.other, .ping, .cspReport]
        case .svgDocument: return [.svgDocument]
        case .media: return [.media]
        case .popup: return [.popup]
        case .ping: return [.ping]
        case .cspReport: return [.cspReport]
        }
    }

    /// The mask of a rule's `resource-type` array; every type when it is absent or empty.
    public static func mask(of ruleTypes: [ResourceType]?) -> UInt32 {
        guard let ruleTypes, !ruleTypes.isEmpty else { return allMask }
        var mask: UInt32 = 0
        for type in ruleTypes { mask |= coveredMask(by: type) }
        return mask
    }

    /// The bits of `covered(by: ruleType)`, without building the array (masks are made for every rule of every
    /// optimizer pass).
    static func coveredMask(by ruleType: ResourceType) -> UInt32 {
        switch ruleType {
        case .document: return topDocument.bit | childDocument.bit
        case .topDocument: return topDocument.bit
        case .childDocument: return childDocument.bit
        case .image: return image.bit
        case .styleSheet: return styleSheet.bit
        case .script: return script.bit
        case .font: return font.bit
        case .raw: return fetch.bit | websocket.bit | other.bit | ping.bit
        case .websocket: return websocket.bit
        case .fetch: return fetch.bit
        case .other: return other.bit | ping.bit | cspReport.bit
        case .svgDocument: return svgDocument.bit
        case .media: return media.bit
        case .popup: return popup.bit
        case .ping: return ping.bit
        case .cspReport: return cspReport.bit
        }
    }

    /// Every request type.
    public static let allMask: UInt32 = allCases.reduce(0) { $0 | $1.bit }
}
