/// Generates firefox-ios's tracker lists from Disconnect data, byte for byte as firefox-ios's generator did.
///
/// Lists, in output order: `disconnect-block-<category>.json` (action `block`) for Advertising, Analytics, Social and
/// Cryptomining; `disconnect-block-cookies-<category>.json` (action `block-cookies`) for Advertising, Analytics, Social
/// and Content; `disconnect-block-fingerprinting.json` (action `block`, no `unless-domain`) when a fingerprinting list is
/// given. Entries and domains keep their input order; there is no sorting and no de-duplication. Each company's
/// domains come from its first key starting with `http` or `www.`; its `unless-domain` is its entity-list
/// `properties`, each prefixed with `*`, left out when the company has none.
public enum DisconnectListGenerator {
    /// The inputs of a generation.
    public struct Input: Sendable {
        /// `disconnect-entitylist.json` / `entities.json`.
        public var entityList: SourceInput
        /// `disconnect-blacklist.json` / `services.json`, the categorized tracker list.
        public var blacklist: SourceInput?
        /// Per-category normalized lists (JSON arrays of domains); each replaces that category of `blacklist`. A domain's
        /// `unless-domain` comes from the entity whose `resources` list it.
        public var categoryLists: [DisconnectCategory: SourceInput]
        /// `normalized-lists/base-fingerprinting-track.json`, a JSON array of domains.
        public var fingerprinting: SourceInput?

        /// Creates the inputs; only the entity list is required.
        public init(
            entityList: SourceInput, blacklist: SourceInput? = nil, categoryLists: [DisconnectCategory: SourceInput] = [:],
            fingerprinting: SourceInput? = nil
        ) {
            self.entityList = entityList
            self.blacklist = blacklist
            self.categoryLists = categoryLists
            self.fingerprinting = fingerprinting
        }
    }

    /// The file name of the list of `category` with `action`.
    public static func fileName(_ category: DisconnectCategory, _ action: TrackerAction) -> String {
        action == .block ? "disconnect-block-\(category.fileStem).json" : "disconnect-block-cookies-\(category.fileStem).json"
    }

    /// The file name of the fingerprinting list.
    public static let fingerprintingFileName = "disconnect-block-fingerprinting.json"

    /// One tracker domain ready for a rule.
    private struct Tracker {
        var domain: String
        var company: String?
    }

    /// Generates the lists; throws on input of the wrong shape, warns about entries it skips or changes.
    public static func generate(_ input: Input) throws(GenerationError) -> GenerationResult {
        var warnings: [GenerationDiagnostic] = []
        let entityInput = try ParsedInput(input.entityList)
        let entityList = try DisconnectEntityList(entityInput)

        var trackers: [DisconnectCategory: [Tracker]] = [:]
        if let blacklistSource = input.blacklist {
            let blacklistInput = try ParsedInput(blacklistSource)
            let blacklist = try DisconnectBlacklist(blacklistInput, warnings: &warnings)
            for category in DisconnectCategory.allCases where input.categoryLists[category] == nil {
                guard let entries = blacklist.categories[category.rawValue] else {
                    warnings.append(
                        blacklistInput.diagnostic(
                            .warning, at: blacklistInput.document.root,
                            "the blacklist has no \"\(category.rawValue)\" category; its lists are not generated"))
                    continue
                }
                var list: [Tracker] = []
                for entry in entries {
                    for domain in entry.domains {
                        guard
                            let text = checked(
                                domain, role: .tracker, in: blacklistInput,
                                context: "company \"\(entry.company)\" in \"\(category.rawValue)\"",
                                warnings: &warnings)
                        else { continue }
                        list.append(Tracker(domain: text, company: entry.company))
                    }
                }
                trackers[category] = list
            }
        }
        if !input.categoryLists.isEmpty {
            let owners = entityList.companiesByResource()
            for category in DisconnectCategory.allCases {
                guard let source = input.categoryLists[category] else { continue }
                let parsed = try ParsedInput(source)
                let domains = try parsed.strings(ofArray: parsed.document.root, what: "a normalized \(category.rawValue) list")
                var list: [Tracker] = []
                for domain in domains {
                    guard
                        let text = checked(
                            domain, role: .tracker, in: parsed, context: "the \(category.rawValue) list", warnings: &warnings)
                    else { continue }
                    list.append(Tracker(domain: text, company: owners[domain.text]))
                }
                trackers[category] = list
            }
        }

        var fragments: [String: [UInt8]] = [:]
        func unlessDomain(_ company: String?) -> [UInt8] {
            guard let company, let entity = entityList.entities[company] else { return [] }
            if let cached = fragments[company] { return cached }
            var domains: [String] = []
            for property in entity.properties {
                guard
                    let text = checked(
                        property, role: .siteDomain, in: entityInput, context: "the properties of entity \"\(company)\"",
                        warnings: &warnings)
                else { continue }
                domains.append(text)
            }
            let fragment = TrackerRuleWriter.unlessDomainFragment(domains)
            fragments[company] = fragment
            return fragment
        }

        var lists: [GeneratedList] = []
        let plan =
            DisconnectCategory.blocked.map { ($0, TrackerAction.block) }
            + DisconnectCategory.cookieBlocked.map { ($0, TrackerAction.blockCookies) }
        for (category, action) in plan {
            guard let list = trackers[category] else { continue }
            var writer = TrackerRuleWriter()
            for tracker in list {
                writer.append(domain: tracker.domain, action: action, unlessDomain: unlessDomain(tracker.company))
            }
            let name = fileName(category, action)
            guard writer.count > 0 else {
                warnings.append(
                    GenerationDiagnostic(
                        severity: .warning, path: input.categoryLists[category]?.path ?? input.blacklist?.path ?? "", line: 1, column: 1,
                        message:
                            "category \"\(category.rawValue)\" has no usable domains; \(name) is not generated (WebKit refuses empty lists)"
                    ))
                continue
            }
            lists.append(GeneratedList(name: name, bytes: writer.finish(), ruleCount: writer.count))
        }

        if let source = input.fingerprinting {
            let parsed = try ParsedInput(source)
            let domains = try parsed.strings(ofArray: parsed.document.root, what: "the fingerprinting list")
            var writer = TrackerRuleWriter()
            for domain in domains {
                guard let text = checked(domain, role: .tracker, in: parsed, context: "the fingerprinting list", warnings: &warnings) else {
                    continue
                }
                writer.append(domain: text, action: .block, unlessDomain: [])
            }
            if writer.count > 0 {
                lists.append(GeneratedList(name: fingerprintingFileName, bytes: writer.finish(), ruleCount: writer.count))
            } else {
                warnings.append(
                    GenerationDiagnostic(
                        severity: .warning, path: source.path, line: 1, column: 1,
                        message: "the fingerprinting list has no usable domains; \(fingerprintingFileName) is not generated"))
            }
        }
        return GenerationResult(lists: lists, warnings: warnings)
    }

    /// The normalized domain, or nil after a warning when it cannot be used.
    private static func checked(
        _ domain: LocatedString, role: DomainNormalizer.Role, in input: ParsedInput, context: String,
        warnings: inout [GenerationDiagnostic]
    ) -> String? {
        switch DomainNormalizer.normalize(domain.text, role: role) {
        case .accepted(let text):
            return text
        case .changed(let text, let note):
            warnings.append(input.diagnostic(.warning, at: domain.node, "\(context): \(note)"))
            return text
        case .refused(let reason):
            warnings.append(input.diagnostic(.warning, at: domain.node, "\(context): \(reason); skipped"))
            return nil
        }
    }
}
