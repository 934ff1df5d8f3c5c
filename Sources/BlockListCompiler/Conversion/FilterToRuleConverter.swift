/// Converts filter lists into WebKit rules, filter by filter, and places them so that WebKit's
/// "last `ignore-previous-rules` cancels earlier matches" gives the filter engine's precedence:
///
/// 1. generic cosmetic rules (`##sel`, `~a.com##sel`), first so that WebKit precompiles them into one stylesheet;
/// 2. `$generichide` exceptions (they cancel only the rules above);
/// 3. site-specific cosmetic rules (`a.com##sel`);
/// 4. `$elemhide` exceptions (they cancel every cosmetic rule above);
/// 5. blocking network filters; 6. `@@` network exceptions, scoped like the original;
///    a network filter that names no type gets every resource type but `top-document` and `popup`
///    (`$document` and `$popup` name those), as the filter syntax reads it;
/// 7. `@@...$document` page exceptions (`if-top-url` of the page pattern: everything on such pages is allowed);
/// 8. `$important` blocking filters, which no exception cancels.
///
/// For targets with `top-document` (Safari 15 on), when some network filter names no type, the list is laid out in
/// two parts so that such a filter's rule needs no `resource-type` list: the sections above (untyped rules with no
/// `resource-type`), then ``pageLoadBoundary`` (an `ignore-previous-rules` for the page the user opens and popups),
/// then the sections again, limited to those two loads.
///
/// `#@#` exceptions do not become rules: a selector's exceptions are applied to its hiding filters as
/// `unless-domain` entries, or by taking domains off their `if-domain`. `$badfilter` removes the filters it names.
public struct FilterToRuleConverter: Sendable {
    /// The release whose rule syntax and resource types the rules use.
    public var target: WebKitTarget

    /// Whether the list is laid out in two parts around ``pageLoadBoundary`` where it can be; false (the default)
    /// gives every untyped filter's rule the `resource-type` list instead (one part). The two-part layout decides every
    /// load the same and is half the JSON, but WebKit then leaves its precompiled stylesheet out of the page load and
    /// applies the generic hiding selectors per page, and adds the stylesheet again at the page's first subresource
    /// load: measured with `scripts/convert-diff/page-load-cost.py`, EasyList + EasyPrivacy's pages loaded 24-89 ms
    /// slower in WebKitGTK 2.50 (docs/rules/convert.md), so conversions keep one part.
    var usesPageLoadBoundary = false

    /// Creates a converter for `target`.
    public init(target: WebKitTarget = .newest) {
        self.target = target
    }

    /// Every filter read, with its location.
    public struct SourceFilter: Sendable, Hashable {
        /// Where the filter is.
        public var location: FilterLocation
        /// The filter's text, as written.
        public var text: String {
            get { String(line) }
            set { line = Substring(newValue) }
        }
        /// The text, a slice of the list's own string: a string made per filter (133,056 for EasyList +
        /// EasyPrivacy) was only ever read for the few filters reported.
        private var line: Substring

        init(location: FilterLocation, line: Substring) {
            self.location = location
            self.line = line
        }
    }

    /// The rules, the filter each came from, and the filters reported.
    public struct Output: Sendable {
        /// The rules, in the order WebKit must see them.
        public var rules: [Rule]
        /// For each rule, the index in `filters` of its filter; -1 for ``FilterToRuleConverter/pageLoadBoundary``,
        /// which no filter makes.
        public var ruleFilters: [Int]
        /// Every filter read, in source order.
        public var filters: [SourceFilter]
        /// Problems per filter index (one per filter).
        public var problems: [Int: FilterProblem]
    }

    private enum Section: Int, CaseIterable {
        case genericCosmetic, generichideException, specificCosmetic, elemhideException, block, exception, pageException, important
    }

    /// Converts `files`, read in order as one list.
    ///
    /// A network filter is converted as soon as it is read (keeping every parsed filter until the end held their
    /// strings and sets at once: the conversion's peak of memory), so the `$badfilter` filters, which disable the
    /// filters they name wherever those are in the list, are read first: only lines that spell the option can be
    /// one.
    public func convert(_ files: [FilterListFile]) -> Output {
        let parser = FilterListParser()
        let (disabled, disabledPatterns) = Self.badfilters(files, parser: parser)
        // The filters' identities are made only for a filter whose pattern a `$badfilter` names (equal identities
        // have equal patterns): its line is read again with them.
        var lineParser = parser
        lineParser.makesIdentities = false
        var filters: [SourceFilter] = []
        var problems: [Int: FilterProblem] = [:]
        var cosmetic: [(index: Int, filter: CosmeticFilter)] = []
        // Every rule with its filter and section, in the order made (cosmetic rules last); laid out by section at
        // the end, in place.
        let lines = files.map { Self.lines(of: $0.text) }
        let lineCount = lines.reduce(0) { $0 + $1.count }
        var sections = SectionedRules(capacity: 2 * lineCount)
        filters.reserveCapacity(lineCount)
        for (file, lines) in zip(files, lines) {
            var lineNumber = 0
            for line in lines {
                lineNumber += 1
                let trimmedLine = line.utf8.last == 0x0D ? line.dropLast() : line
                guard let parsed = lineParser.parse(line: trimmedLine) else { continue }
                let index = filters.count
                filters.append(
                    SourceFilter(
                        location: FilterLocation(file: file.path, line: lineNumber, column: 1),
                        line: trimmedLine.trimmingWhitespace()))
                switch parsed {
                case .network(var filter):
                    if !disabledPatterns.isEmpty && disabledPatterns.contains(filter.pattern),
                        case .network(let identified)? = parser.parse(line: trimmedLine)
                    {
                        filter.identity = identified.identity
                    }
                    convertNetwork(filter, index: index, disabled: disabled, into: &sections, problems: &problems)
                case .cosmetic(let filter): cosmetic.append((index, filter))
                case .unsupported(let problem): problems[index] = problem
                }
            }
        }
        convertCosmetic(cosmetic, into: &sections, problems: &problems)
        cosmetic = []
        let (rules, ruleFilters) = layOut(&sections)
        return Output(rules: rules, ruleFilters: ruleFilters, filters: filters, problems: problems)
    }

    /// The identities of the `$badfilter` network filters of `files`, and their patterns: the filters on the lines
    /// that hold "badfilter" in any case (an option's name is ASCII and compared lowercased, so no other line can be
    /// one).
    static func badfilters(_ files: [FilterListFile], parser: FilterListParser)
        -> (identities: Set<String>, patterns: Set<NetworkFilter.Pattern>)
    {
        var identities: Set<String> = []
        var patterns: Set<NetworkFilter.Pattern> = []
        for file in files {
            var text = file.text
            text.withUTF8 { bytes in
                let word = Array("badfilter".utf8)
                var lastLineStart = -1
                var index = 0
                while index + word.count <= bytes.count {
                    // Eight bytes at a time while none of them is a 'b' or 'B' (the only bytes that are 'b' once
                    // 0x20 is set): stepping byte by byte was 58 M instructions on EasyList + EasyPrivacy.
                    if index + 8 <= bytes.count, let base = bytes.baseAddress {
                        let eight = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                        let zeroWhereB = (eight | 0x2020_2020_2020_2020) ^ 0x6262_6262_6262_6262
                        if (zeroWhereB &- 0x0101_0101_0101_0101) & ~zeroWhereB & 0x8080_8080_8080_8080 == 0 {
                            index += 8
                            continue
                        }
                    }
                    guard bytes[index] | 0x20 == word[0], (1..<word.count).allSatisfy({ bytes[index + $0] | 0x20 == word[$0] }) else {
                        index += 1
                        continue
                    }
                    var lineStart = index
                    while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                    var lineEnd = index
                    while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                    index = lineEnd
                    guard lineStart != lastLineStart else { continue }
                    lastLineStart = lineStart
                    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
                    if case .network(let filter)? = parser.parse(line: line[...]), filter.options.badfilter {
                        identities.insert(filter.identity)
                        patterns.insert(filter.pattern)
                    }
                }
            }
        }
        return (identities, patterns)
    }

    /// Converts one network filter into `sections`, or records why it is not converted.
    private func convertNetwork(
        _ filter: NetworkFilter, index: Int, disabled: Set<String>, into sections: inout SectionedRules,
        problems: inout [Int: FilterProblem]
    ) {
        if filter.options.badfilter { return }
        // An identity is made only for a filter whose pattern a `$badfilter` names (empty otherwise).
        if !filter.identity.isEmpty && disabled.contains(filter.identity) {
            problems[index] = FilterProblem(kind: .badfiltered, column: 1, message: "disabled by a '$badfilter' filter")
            return
        }
        switch networkRules(filter, index: index, into: &sections) {
        case .failure(let problem): problems[index] = problem
        case .success(let partial): if let partial { problems[index] = partial }
        }
    }

    /// The lines of `text`, cut at every line feed (a carriage return before it stays at the line's end, and the
    /// caller drops it), as adblock-rust and the filter-list tools read them. Found on the UTF-8 bytes: splitting
    /// by the character "\n" would not cut a CR LF list at all (there the two bytes are one character), and it
    /// walked the grapheme breaks of the whole list.
    static func lines(of text: String) -> [Substring] {
        // A line feed is never part of a larger character but in CR LF, whose carriage return stays with the line.
        FilterListParser.pieces(of: text, cutAt: 0x0A)
    }

    // MARK: Layout

    /// The loads a filter applies to only when it names them: the page the user opens and popups.
    static let pageLoadTypes: Set<ResourceType> = [.topDocument, .popup]

    /// The rule that ends the first part of a list laid out in two parts: it cancels, for the page the user opens
    /// and popups, every rule before it.
    public static let pageLoadBoundary = Rule(
        trigger: Trigger(urlFilter: ".*", resourceTypes: [.topDocument, .popup]), action: Action(kind: .ignorePreviousRules))

    /// The sections in order. For targets with `top-document` (Safari 15 on), when some network filter names no
    /// type, the list is laid out in two parts, so that such a filter needs no `resource-type` list:
    ///
    /// 1. every section as it is, with the untyped filters' rules applying to every load (no `resource-type`) and
    ///    typed rules without `top-document` and `popup` (rules only for those loads are left out here);
    /// 2. ``pageLoadBoundary``, an `ignore-previous-rules` for `top-document` and `popup`: for those loads WebKit
    ///    drops every match before it, for every other load it is never evaluated;
    /// 3. every section again, restricted to `top-document` and `popup`: the rules that apply to them (cosmetic
    ///    rules, `$elemhide` / `$document` exceptions, `$document` and `$popup` filters), in the same order.
    ///
    /// A load of any other type meets part 1 alone, which decides it as the one-part list with the untyped
    /// `resource-type` list does; the page the user opens and popups meet part 3 alone, which holds the same rules
    /// for them in the same order. The generic cosmetic rules stay first, so WebKit still builds them into its
    /// precompiled stylesheet for every other load; since the boundary matches the page load, WebKit leaves that
    /// stylesheet out of the page load and part 3's copies of those rules hide the same selectors there.
    ///
    /// In one part the rules are put in section order in place, in the one array they were made in (writing them
    /// into sections and copying the sections into the list held every rule twice, the conversion's peak of
    /// memory).
    private func layOut(_ made: inout SectionedRules) -> (rules: [Rule], ruleFilters: [Int]) {
        let untyped = FilterResourceType.untypedWebKitTypes
        let twoParts =
            usesPageLoadBoundary && ResourceType.topDocument.introducedIn <= target
            && made.rules.contains { $0.trigger.resourceTypes == untyped }
        guard twoParts else { return made.takeInSectionOrder() }
        var sections: [Section: [(Rule, Int)]] = [:]
        for index in made.rules.indices {
            sections[made.sections[index], default: []].append((made.rules[index], made.filters[index]))
        }
        var rules: [Rule] = [], ruleFilters: [Int] = []
        let pageLoads = Self.pageLoadTypes
        for section in Section.allCases {
            for (rule, index) in sections[section] ?? [] {
                var copy = rule
                if let types = rule.trigger.resourceTypes {
                    if types == untyped {
                        copy.trigger.resourceTypes = nil
                    } else {
                        let rest = types.filter { !pageLoads.contains($0) }
                        if rest.isEmpty { continue }
                        copy.trigger.resourceTypes = rest
                    }
                }
                rules.append(copy)
                ruleFilters.append(index)
            }
        }
        rules.append(Self.pageLoadBoundary)
        ruleFilters.append(-1)
        for section in Section.allCases {
            for (rule, index) in sections[section] ?? [] {
                var copy = rule
                let types = rule.trigger.resourceTypes.map(Set.init) ?? pageLoads
                let restricted = ResourceType.allCases.filter {
                    pageLoads.contains($0) && (types.contains($0) || ($0 == .topDocument && types.contains(.document)))
                }
                if restricted.isEmpty { continue }
                copy.trigger.resourceTypes = restricted
                rules.append(copy)
                ruleFilters.append(index)
            }
        }
        return (rules, ruleFilters)
    }

    /// The rules made, each with its filter and section, in the order made.
    private struct SectionedRules {
        var rules: [Rule] = []
        var filters: [Int] = []
        var sections: [Section] = []

        /// Room for `capacity` rules (an upper bound: room never written costs no memory).
        init(capacity: Int) {
            rules.reserveCapacity(capacity)
            filters.reserveCapacity(capacity)
            sections.reserveCapacity(capacity)
        }

        mutating func append(_ rule: Rule, filter: Int, section: Section) {
            rules.append(rule)
            filters.append(filter)
            sections.append(section)
        }

        /// Takes the rules and their filters, ordered by section, in the order made within a section: a stable
        /// counting sort, applied in place by following each rule's cycle of destinations (rules are moved, not
        /// copied).
        mutating func takeInSectionOrder() -> (rules: [Rule], ruleFilters: [Int]) {
            var rules: [Rule] = [], filters: [Int] = []
            swap(&rules, &self.rules)
            swap(&filters, &self.filters)
            var starts = [Int](repeating: 0, count: Section.allCases.count + 1)
            for section in sections { starts[section.rawValue + 1] += 1 }
            for index in Section.allCases.indices { starts[index + 1] += starts[index] }
            var destination = sections.map { section in
                defer { starts[section.rawValue] += 1 }
                return starts[section.rawValue]
            }
            sections = []
            rules.withUnsafeMutableBufferPointer { rules in
                for index in rules.indices {
                    while destination[index] != index {
                        let target = destination[index]
                        rules.swapAt(index, target)
                        filters.swapAt(index, target)
                        destination.swapAt(index, target)
                    }
                }
            }
            return (rules, filters)
        }
    }

    // MARK: Network filters

    /// What `networkRules` found: the rules go into `sections` as they are made (an array of them per filter was an
    /// allocation each); `partial` is the filter's problem when it is converted in part or approximated.
    private struct NetworkRules {
        var partial: FilterProblem?
    }

    /// Converts `filter` (at `index`), appending its rules to `sections`; on failure nothing was appended (every
    /// failure is found before the first rule is made).
    private func networkRules(_ filter: NetworkFilter, index: Int, into sections: inout SectionedRules)
        -> Result<FilterProblem?, FilterProblem>
    {
        var output = NetworkRules()
        let options = filter.options
        let urlFilters: URLPatternTranslator.URLFilters
        do {
            urlFilters = try URLPatternTranslator().urlFilters(filter.pattern)
        } catch {
            return .failure(FilterProblem(kind: error.kind, column: filter.patternColumn + error.offset, message: error.message))
        }
        let condition: TriggerCondition?
        switch domainCondition(included: options.includedDomains, excluded: options.excludedDomains) {
        case .failure(let problem):
            return .failure(FilterProblem(kind: .mixedDomains, column: options.domainColumn, message: problem.message))
        case .success(let value): condition = value
        }
        let loadTypes: [LoadType]? = options.party.map { $0 == .third ? [.thirdParty] : [.firstParty] }
        let caseSensitive: Bool? = options.matchCase ? true : nil

        // Page-level exceptions.
        var pageLevel = false
        if filter.isException && options.includedTypes.contains(.document) {
            pageLevel = true
            if condition != nil {
                return .failure(
                    FilterProblem(
                        kind: .mixedDomains, column: options.domainColumn,
                        message:
                            "a '$document' exception with '$domain' needs both if-top-url and if-domain: a WebKit trigger has one condition"
                    ))
            }
            let trigger = Trigger(
                urlFilter: ".*", topURLFilterIsCaseSensitive: caseSensitive, loadTypes: loadTypes,
                condition: TriggerCondition(kind: .ifTopURL, values: urlFilters.all))
            sections.append(Rule(trigger: trigger, action: Action(kind: .ignorePreviousRules)), filter: index, section: .pageException)
        }
        if filter.isException && (options.elemhide || options.generichide) {
            pageLevel = true
            for urlFilter in urlFilters {
                let trigger = Trigger(urlFilter: urlFilter, urlFilterIsCaseSensitive: caseSensitive, condition: condition)
                sections.append(
                    Rule(trigger: trigger, action: Action(kind: .ignorePreviousRules)), filter: index,
                    section: options.elemhide ? .elemhideException : .generichideException)
            }
        }

        // The request part.
        var requestTypes: Set<FilterResourceType>?
        var included = options.includedTypes
        if filter.isException { included.remove(.document) }
        if !included.isEmpty && !options.excludedTypes.isEmpty {
            // adblock-rust's reading of `$media,~image`: the named types plus every type not negated.
            requestTypes = included.union(Set(FilterResourceType.implicitTypes).subtracting(options.excludedTypes))
        } else if !included.isEmpty {
            requestTypes = included
        } else if !options.excludedTypes.isEmpty {
            requestTypes = Set(FilterResourceType.implicitTypes).subtracting(options.excludedTypes)
        } else if pageLevel {
            requestTypes = []
        }
        var resourceTypes: [ResourceType]?
        if let types = requestTypes {
            var unsupported: [FilterResourceType] = []
            var webKit = Set<ResourceType>()
            for type in types.sorted() {
                guard let mapped = type.webKitTypes, mapped.allSatisfy({ $0.introducedIn <= target }) else {
                    unsupported.append(type)
                    continue
                }
                webKit.formUnion(mapped)
            }
            if webKit.isEmpty {
                if pageLevel && unsupported.isEmpty { return .success(output.partial) }
                if pageLevel {
                    output.partial = FilterProblem(
                        kind: .partiallyConverted, column: filter.patternColumn, message: typeMessage(unsupported));
                    return .success(output.partial)
                }
                return .failure(
                    FilterProblem(kind: .unsupportedResourceType, column: filter.patternColumn, message: typeMessage(unsupported)))
            }
            // Only the explicitly named types that cannot be expressed are worth reporting; negations of them narrow nothing.
            let namedUnsupported = unsupported.filter { included.contains($0) }
            if !namedUnsupported.isEmpty {
                output.partial = FilterProblem(
                    kind: .partiallyConverted, column: filter.patternColumn, message: "converted without " + typeMessage(namedUnsupported))
            }
            resourceTypes = ResourceType.allCases.filter(webKit.contains)
        } else {
            // No type named: every load but the page the user opens and popups (`$document`, `$popup` name those).
            let untyped = untypedResourceTypes(loadTypes: loadTypes)
            resourceTypes = untyped.types
            if let missing = untyped.missing {
                output.partial = FilterProblem(kind: .partiallyConverted, column: filter.patternColumn, message: missing)
            }
        }
        if output.partial == nil {
            output.partial = approximation(of: filter, resourceTypes: resourceTypes)
        }
        let section: Section = filter.isException ? .exception : (options.important ? .important : .block)
        let action = Action(kind: filter.isException ? .ignorePreviousRules : .block)
        func append(_ urlFilter: String) {
            let trigger = Trigger(
                urlFilter: urlFilter, urlFilterIsCaseSensitive: caseSensitive, resourceTypes: resourceTypes,
                loadTypes: loadTypes, condition: condition)
            sections.append(Rule(trigger: trigger, action: action), filter: index, section: section)
        }
        append(urlFilters.first)
        if let second = urlFilters.second { append(second) }
        return .success(output.partial)
    }

    /// The `resource-type` of a filter that names no type, and what it leaves out beyond the page the user opens
    /// and popups. Targets before Safari 15 have only `document`, which matches the page the user opens as well as
    /// iframes; it is kept for a third-party filter only: WebKit evaluates a navigation of the main frame against the
    /// new page itself, as first party, so a `third-party` rule never stops it.
    private func untypedResourceTypes(loadTypes: [LoadType]?) -> (types: [ResourceType], missing: String?) {
        if ResourceType.childDocument.introducedIn <= target { return (FilterResourceType.untypedWebKitTypes, nil) }
        if loadTypes == [.thirdParty] { return ([.document] + FilterResourceType.untypedSubresourceTypes, nil) }
        return (
            FilterResourceType.untypedSubresourceTypes,
            "converted without iframes: \(target.rawValue) has no 'child-document' type, and its 'document' would also block the page the user opens"
        )
    }

    /// Where WebKit's evaluation of a request departs from what the filter's text says, for its converted rules.
    private func approximation(of filter: NetworkFilter, resourceTypes: [ResourceType]?) -> FilterProblem? {
        if !filter.isException, let types = resourceTypes, types.contains(.other), !types.contains(.ping) {
            return FilterProblem(
                kind: .approximated, column: filter.patternColumn,
                message: "WebKit evaluates a ping a second time as 'other', so this filter blocks pings too")
        }
        // The pattern, not its url-filters: a bare host's end class `[/:?#]` holds a `#` no URL must have.
        let patternHoldsHash: Bool
        switch filter.pattern {
        case .plain(let text, _, _, _): patternHoldsHash = Self.holdsHash(text)
        case .regex(let expression): patternHoldsHash = Self.holdsHash(expression)
        }
        // Loads WebKit matches with their fragment: popups and media.
        if patternHoldsHash,
            resourceTypes.map({ $0.contains { $0 != .popup && $0 != .media } }) ?? true
        {
            return FilterProblem(
                kind: .approximated, column: filter.patternColumn,
                message: "WebKit matches loads other than popups and media without their '#fragment', so this pattern matches only those")
        }
        return nil
    }

    /// Whether `text` holds a `#`, read on its contiguous bytes (the generic `utf8.contains` stepped a string
    /// index per byte: 70 M instructions on EasyList + EasyPrivacy).
    private static func holdsHash(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains(UInt8(ascii: "#")) }
    }

    private func typeMessage(_ types: [FilterResourceType]) -> String {
        let names = types.map { "'$\($0.rawValue)'" }.joined(separator: ", ")
        if types.contains(.object) { return "\(names): WebKit has no resource type for plug-in objects" }
        return "\(names): not a resource type \(target.rawValue) knows"
    }

    /// The `if-domain`/`unless-domain` condition of a domain list. Excluded domains outside every included one
    /// change nothing and are left out; other mixes cannot be expressed.
    private func domainCondition(included: [String], excluded: [String]) -> Result<TriggerCondition?, ConditionProblem> {
        if included.isEmpty {
            return .success(excluded.isEmpty ? nil : TriggerCondition(kind: .unlessDomain, values: unique(excluded).map { "*" + $0 }))
        }
        let relevant = excluded.filter { domain in included.contains { DomainOption.covers($0, domain) } }
        if !relevant.isEmpty {
            return .failure(
                ConditionProblem(
                    message:
                        "included and excluded domains at once (\(relevant.map { "~" + $0 }.joined(separator: ", ")) inside an included domain): a WebKit trigger has one condition"
                ))
        }
        return .success(TriggerCondition(kind: .ifDomain, values: unique(included).map { "*" + $0 }))
    }

    private struct ConditionProblem: Error {
        var message: String
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    // MARK: Cosmetic filters

    private func convertCosmetic(
        _ cosmetic: [(index: Int, filter: CosmeticFilter)], into sections: inout SectionedRules,
        problems: inout [Int: FilterProblem]
    ) {
        let validator = CSSSelectorValidator(target: target)
        // Exceptions per selector: nil entry = everywhere.
        var exceptions: [String: [String?]] = [:]
        for (index, filter) in cosmetic where filter.isException {
            if !filter.excludedDomains.isEmpty {
                problems[index] = FilterProblem(
                    kind: .mixedDomains, column: 1, message: "a cosmetic exception with excluded domains cannot be expressed")
                continue
            }
            if filter.includedDomains.isEmpty { exceptions[filter.selector, default: []].append(nil) }
            for domain in filter.includedDomains { exceptions[filter.selector, default: []].append(domain) }
        }
        for (index, filter) in cosmetic where !filter.isException {
            if let problem = validator.problem(in: filter.selector) {
                problems[index] = FilterProblem(
                    kind: .invalidSelector, column: filter.selectorColumn, message: "WebKit would drop this selector: \(problem)")
                continue
            }
            let cancelling = exceptions[filter.selector] ?? []
            if cancelling.contains(where: { $0 == nil }) {
                problems[index] = FilterProblem(
                    kind: .cancelledByException, column: filter.selectorColumn, message: "cancelled everywhere by a generic '#@#' exception"
                )
                continue
            }
            let exceptionDomains = cancelling.compactMap { $0 }
            let action = Action(kind: .cssDisplayNone(selector: filter.selector))
            if filter.isGeneric {
                let unless = unique(filter.excludedDomains + exceptionDomains)
                let trigger = Trigger(
                    urlFilter: ".*",
                    condition: unless.isEmpty ? nil : TriggerCondition(kind: .unlessDomain, values: unless.map { "*" + $0 }))
                sections.append(Rule(trigger: trigger, action: action), filter: index, section: .genericCosmetic)
                continue
            }
            let relevantExcluded = filter.excludedDomains.filter { domain in
                filter.includedDomains.contains { DomainOption.covers($0, domain) }
            }
            if !relevantExcluded.isEmpty {
                problems[index] = FilterProblem(
                    kind: .mixedDomains, column: 1,
                    message:
                        "included and excluded domains at once (\(relevantExcluded.map { "~" + $0 }.joined(separator: ", ")) inside an included domain): a WebKit trigger has one condition"
                )
                continue
            }
            let kept = filter.includedDomains.filter { domain in !exceptionDomains.contains { DomainOption.covers($0, domain) } }
            if let narrower = exceptionDomains.first(where: { exception in
                kept.contains { $0 != exception && DomainOption.covers($0, exception) }
            }) {
                problems[index] = FilterProblem(
                    kind: .partialCosmeticException, column: filter.selectorColumn,
                    message: "the exception '\(narrower)#@#' cancels this selector on part of a domain: a WebKit trigger has one condition")
                continue
            }
            if kept.isEmpty {
                problems[index] = FilterProblem(
                    kind: .cancelledByException, column: filter.selectorColumn, message: "cancelled on all its domains by '#@#' exceptions")
                continue
            }
            let trigger = Trigger(urlFilter: ".*", condition: TriggerCondition(kind: .ifDomain, values: unique(kept).map { "*" + $0 }))
            sections.append(Rule(trigger: trigger, action: action), filter: index, section: .specificCosmetic)
        }
    }
}
