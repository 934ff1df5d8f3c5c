/// Prepares requests for matching, remembering what requests share: each distinct top or frame URL string is
/// canonicalized once, and each host's registrable domain is computed once.
public struct RequestPreparer: Sendable {
    private var documents: [String: PreparedDocument] = [:]
    private var sites: [String: String] = [:]
    /// Entries kept before a memo is emptied, to bound memory on long runs with few repeats.
    private let capacity: Int

    /// Creates a preparer whose memos keep at most `capacity` entries each.
    public init(capacity: Int = 65_536) {
        self.capacity = max(1, capacity)
    }

    /// Canonicalizes `request`'s URLs and derives its facts.
    public mutating func prepare(_ request: MatchRequest) throws(PreparedRequest.Problem) -> PreparedRequest {
        guard let canonical = CanonicalURL(request.url) else {
            throw PreparedRequest.Problem(message: "'\(request.url)' is not an absolute URL")
        }
        let top: PreparedDocument
        let url: PreparedDocument
        if let text = request.topURL, request.resourceType != .topDocument {
            url = PreparedDocument(canonical, withHostSuffixes: false)
            guard let document = document(text) else { throw PreparedRequest.Problem(message: "top URL '\(text)' is not an absolute URL") }
            top = document
        } else {
            // A navigation of the main frame, or no top URL given: the URL itself, without its fragment, is the top URL.
            url = PreparedDocument(canonical, withHostSuffixes: false)
            top = PreparedDocument(canonical.withoutFragment, withHostSuffixes: true)
        }
        let frame: PreparedDocument
        if let text = request.frameURL {
            guard let document = document(text) else {
                throw PreparedRequest.Problem(message: "frame URL '\(text)' is not an absolute URL")
            }
            frame = document
        } else if request.resourceType == .topDocument || request.resourceType == .childDocument {
            // Evaluated in the frame being loaded, whose document is still the initial empty one.
            frame = blankDocument
        } else {
            frame = top
        }
        let host = url.url.host, topHost = top.url.host
        let isThirdParty = host != topHost && site(of: host) != site(of: topHost)
        return PreparedRequest(request: request, url: url, top: top, frame: frame, isThirdParty: isThirdParty)
    }

    /// The prepared top or frame document of `text`, nil when it is not an absolute URL.
    private mutating func document(_ text: String) -> PreparedDocument? {
        if let known = documents[text] { return known }
        guard let url = CanonicalURL(text) else { return nil }
        let document = PreparedDocument(url, withHostSuffixes: true)
        if documents.count >= capacity { documents.removeAll(keepingCapacity: true) }
        documents[text] = document
        return document
    }

    /// `about:blank`, the URL of a frame's initial document.
    private let blankDocument = PreparedDocument(CanonicalURL.aboutBlank, withHostSuffixes: true)

    private mutating func site(of host: String) -> String {
        if let known = sites[host] { return known }
        let site = RegistrableDomain.of(host)
        if sites.count >= capacity { sites.removeAll(keepingCapacity: true) }
        sites[host] = site
        return site
    }
}
