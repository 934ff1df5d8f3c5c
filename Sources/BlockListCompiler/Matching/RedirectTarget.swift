/// The URL WebKit loads instead of a request once its `redirect` actions are applied.
///
/// WebKit (ContentExtensionsBackend, `applyResultsToRequest`) applies the https upgrade first, then *every*
/// redirect that applies, one after the other, each to the URL the previous one produced. Within a list the
/// actions come in reverse rule order (the last matching rule is applied first, the first one last), so the
/// first matching rule of a list has the final word. Lists come in the order of WebKit's hash map of lists,
/// which is unspecified; wkpack applies them in the order given.
///
/// WebKit only collects a redirect when the document loader allows "active" rule-list actions for that list and
/// URL (`allowsActiveContentRuleListActionsForURL`, fed by the `activeContentRuleListActionPatterns` website
/// policy); this target is what WebKit loads when that gate is open. wkpack does not model the gate.
public struct RedirectTarget: Sendable, Hashable {
    /// The URL WebKit loads, nil when wkpack cannot compute it (see `notes`).
    public var url: String?
    /// The rules applied, in the order WebKit applies them, as (list position, rule index).
    public var appliedRules: [RedirectStep]
    /// Facts about the computation, one sentence each (why `url` is nil, a substitution that did not match, ...).
    public var notes: [String]

    /// Creates a target; `url` is nil when it cannot be computed.
    public init(url: String?, appliedRules: [RedirectStep], notes: [String] = []) {
        self.url = url
        self.appliedRules = appliedRules
        self.notes = notes
    }

    /// Applies `steps` (given in rule order, lists in order) to `requestURL` the way WebKit does; nil when there
    /// is no step.
    public static func resolve(requestURL: CanonicalURL, upgradedToHTTPS: Bool, steps: [RedirectStep]) -> RedirectTarget? {
        guard !steps.isEmpty else { return nil }
        // Lists in order, rules within a list last to first.
        var ordered: [RedirectStep] = []
        var position = 0
        while position < steps.count {
            var end = position
            while end < steps.count && steps[end].listIndex == steps[position].listIndex { end += 1 }
            ordered += steps[position..<end].reversed()
            position = end
        }
        var notes: [String] = []
        if Set(steps.map(\.listIndex)).count > 1 {
            notes.append(
                "redirects from several lists: WebKit orders lists by an unspecified hash-map order; wkpack applies them in the order given"
            )
        }
        var current: CanonicalURL? = requestURL
        if upgradedToHTTPS {
            current = RedirectURLParts(requestURL).map { parts in
                var upgraded = parts
                upgraded.scheme = parts.scheme == "ws" ? "wss" : "https"
                return upgraded
            }.flatMap { CanonicalURL($0.serialized) }
        }
        for step in ordered {
            switch step.redirect {
            case .url(let text):
                guard let parsed = CanonicalURL(text) else {
                    return RedirectTarget(
                        url: nil, appliedRules: ordered,
                        notes: notes + ["rule \(step.ruleIndex): the redirect url \"\(text)\" is not a URL wkpack can parse"])
                }
                current = parsed
            case .extensionPath(let path):
                // WebKit copies the list's extension base URL and sets its path. A WKContentRuleList added by an
                // app has no extension base URL (it is the empty, invalid URL), so the request URL becomes invalid.
                notes.append(
                    "rule \(step.ruleIndex): extension-path \"\(path)\" resolves against the content blocker's extension base URL; an app's WKContentRuleList has none, so WebKit sets the request to an invalid URL and the load fails"
                )
                current = nil
            case .transform(let transform):
                guard let url = current else { continue }
                switch URLTransformApplier.apply(transform, to: url) {
                case .success(let result): current = result
                case .failure(let problem):
                    return RedirectTarget(
                        url: nil, appliedRules: ordered, notes: notes + ["rule \(step.ruleIndex): not computed: \(problem.message)"])
                }
            case .regexSubstitution(let substitution):
                guard let url = current else { continue }
                switch RegexSubstitution.apply(substitution, urlFilter: step.urlFilter, to: url) {
                case .replaced(let result): current = result
                case .noMatch:
                    notes.append(
                        "rule \(step.ruleIndex): the url-filter, applied as a case-sensitive JavaScript regular expression, does not match \(url.string), so WebKit keeps that URL"
                    )
                case .invalidResult(let text):
                    notes.append(
                        "rule \(step.ruleIndex): the substitution gives \"\(text)\", which is not a valid URL, so WebKit keeps \(url.string)"
                    )
                case .notComputed(let reason):
                    return RedirectTarget(
                        url: nil, appliedRules: ordered,
                        notes: notes + ["rule \(step.ruleIndex): regex-substitution not computed: \(reason)"])
                }
            }
        }
        return RedirectTarget(url: current?.string, appliedRules: ordered, notes: notes)
    }
}
