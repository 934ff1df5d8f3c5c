/// Decides, on a rule in memory, that `RuleListLoader` would load it from its serialized JSON with no error and
/// keep it (WebKit neither refuses nor drops it), without serializing and reading it back.
///
/// The answer is conservative: `true` only when each of the loader's checks that can fail passes here on the same
/// values, with the same parsers (the URL-filter grammar on the same UTF-16 units, the CSS selector scanner, the
/// domain regex), and `false` for anything it does not follow (unknown members, redirects, header changes,
/// request methods, domains that are not plain, targets that check the whole list). A `false` only means "load it
/// to know": callers load those rules with the loader, which gives the diagnostics.
struct RuleAcceptanceCheck {
    let target: WebKitTarget
    private let parser = URLFilterParser()
    private let selectors: CSSSelectorValidator
    private var scratch: [UInt16] = []
    /// The last url-filter accepted (converted lists repeat `.*` for every cosmetic rule).
    private var lastAcceptedURLFilter = ""
    /// Url-filters the caller knows the parser accepts (a form it wrote and tested against the parser), which are
    /// then not parsed again; nil: every url-filter is parsed.
    var isKnownAccepted: ((String) -> Bool)?

    init(target: WebKitTarget) {
        self.target = target
        selectors = CSSSelectorValidator(target: target)
        scratch.reserveCapacity(256)
    }

    /// Whether the loader would keep `rule` with no error (false: not known without loading it).
    mutating func accepts(_ rule: Rule) -> Bool {
        withUnsafePointer(to: rule) { accepts(at: $0) }
    }

    /// `accepts` of the rule at `rule`, read in place, member by member: a rule passed by value from a list's
    /// buffer was copied whole (a retain and a release of each of its strings and arrays) for every rule checked.
    mutating func accepts(at rule: UnsafePointer<Rule>) -> Bool {
        guard rule.pointee.unknownMembers.isEmpty, rule.pointee.action.unknownMembers.isEmpty, acceptsTrigger(at: rule) else {
            return false
        }
        guard Action.Kind.introducedIn(rule.pointee.action.typeName) <= target else { return false }
        switch rule.pointee.action.kind {
        case .block, .blockCookies, .ignorePreviousRules, .ignoreFollowingRules, .makeHTTPS, .notify: return true
        // A selector that does not parse makes WebKit drop the rule.
        case .cssDisplayNone(let selector): return selectors.problem(in: selector) == nil
        case .redirect, .modifyHeaders: return false
        }
    }

    private mutating func acceptsTrigger(at rule: UnsafePointer<Rule>) -> Bool {
        guard rule.pointee.trigger.unknownMembers.isEmpty, rule.pointee.trigger.requestMethod == nil,
            rule.pointee.trigger.requestMethodSpelling == nil, !rule.pointee.trigger.urlFilter.isEmpty
        else { return false }
        if rule.pointee.trigger.frameURLFilterIsCaseSensitive != nil && target < .safari26 { return false }
        if let types = rule.pointee.trigger.resourceTypes, types.contains(where: { $0.introducedIn > target }) { return false }
        if rule.pointee.trigger.loadTypes != nil && target < .safari14 { return false }
        if rule.pointee.trigger.loadContexts != nil && target < .safari15 { return false }
        if rule.pointee.trigger.urlFilter != lastAcceptedURLFilter {
            let urlFilter = rule.pointee.trigger.urlFilter
            if !(isKnownAccepted?(urlFilter) ?? false) {
                RuleListLoader.fillUnits(of: urlFilter, into: &scratch)
                guard parser.parse(units: scratch).isAccepted else { return false }
            }
            lastAcceptedURLFilter = urlFilter
        }
        guard let condition = rule.pointee.trigger.condition else { return true }
        guard condition.kind.introducedIn <= target, !condition.values.isEmpty else { return false }
        for value in condition.values {
            if value.isEmpty { return false }
            if condition.kind.isDomainList {
                // Plain domains (lower-case ASCII letters, digits, '-', '.', a leading '*') always make a regex
                // WebKit accepts; the loader refuses upper case and non-ASCII, and parses the others.
                guard DomainRegex.isPlain(value) else { return false }
            } else {
                guard parser.parse(value).isAccepted else { return false }
            }
        }
        return true
    }
}
