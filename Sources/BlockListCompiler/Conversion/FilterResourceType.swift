/// A resource-type option of the filter syntax (`$script`, `$xmlhttprequest`, ...).
public enum FilterResourceType: String, Sendable, CaseIterable, Comparable {
    /// A filter option naming a resource type (`$script`, `$image`, ..., `$xmlhttprequest`, `$object`).
    case script, image, stylesheet, font, media, subdocument, xmlhttprequest, websocket, ping, popup, document, other, object

    /// Reads an option name, with its aliases (`css`, `xhr`, `frame`, `doc`, `beacon`, ...).
    public init?(optionName: String) {
        switch optionName {
        case "css": self = .stylesheet
        case "xhr": self = .xmlhttprequest
        case "frame": self = .subdocument
        case "doc": self = .document
        case "beacon": self = .ping
        case "object-subrequest": self = .object
        default:
            guard let type = FilterResourceType(rawValue: optionName) else { return nil }
            self = type
        }
    }

    /// The types a filter with only negated types (`$~script`) starts from: all but `document` and `popup`,
    /// which must be named.
    public static let implicitTypes: [FilterResourceType] = allCases.filter { $0 != .document && $0 != .popup }

    /// The WebKit `resource-type` values of this type, or nil when WebKit cannot tell these loads apart.
    public var webKitTypes: [ResourceType]? {
        switch self {
        case .script: return [.script]
        case .image: return [.image]
        case .stylesheet: return [.styleSheet]
        case .font: return [.font]
        case .media: return [.media]
        case .subdocument: return [.childDocument]
        case .xmlhttprequest: return [.fetch]
        case .websocket: return [.websocket]
        case .ping: return [.ping]
        case .popup: return [.popup]
        case .document: return [.topDocument]
        case .other: return [.other]
        case .object: return nil
        }
    }

    /// The WebKit `resource-type` values of a filter that names no type, for targets with `child-document`
    /// (Safari 15 and later): every load but the page the user opens (`top-document`) and popups, as in the filter
    /// syntax. `raw` stands for `fetch`, `websocket`, `other` and `ping` (one value instead of four; WebKit
    /// classifies beacons and event sources as `other`); `csp-report` is named because `raw` does not cover a CSP
    /// report's first evaluation (measured with WebKitGTK 2.50, `Fixtures/webkit-untyped-*`). A list that fits one
    /// part does without it: `FilterToRuleConverter` lays it out around ``FilterToRuleConverter/pageLoadBoundary``.
    public static let untypedWebKitTypes: [ResourceType] = [
        .childDocument, .image, .styleSheet, .script, .font, .raw, .svgDocument, .media, .cspReport,
    ]

    /// The same for targets without `child-document` (Safari 14): the subresource loads, with no document type, as
    /// WebKit's `document` would also match the page the user opens.
    public static let untypedSubresourceTypes: [ResourceType] = [.image, .styleSheet, .script, .font, .raw, .svgDocument, .media]

    private var order: Int { FilterResourceType.allCases.firstIndex(of: self) ?? 0 }
    /// Orders types as filter lists name them, for deterministic output.
    public static func < (lhs: FilterResourceType, rhs: FilterResourceType) -> Bool { lhs.order < rhs.order }
}
