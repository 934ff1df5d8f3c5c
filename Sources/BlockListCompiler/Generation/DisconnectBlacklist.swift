/// Disconnect's tracker list by category: shavar's `disconnect-blacklist.json` or Disconnect's `services.json`,
/// `{"categories": {Category: [ {Company: {URL: [domains], ...}} ]}}`.
struct DisconnectBlacklist {
    /// One company entry of a category: its name and the domains of its URL key.
    struct Entry {
        var company: String
        var domains: [LocatedString]
    }

    /// Entries of each category present in the file, in file order.
    var categories: [String: [Entry]] = [:]

    /// Reads the used categories of `input`; shape errors throw, questionable entries add warnings.
    init(_ input: ParsedInput, warnings: inout [GenerationDiagnostic]) throws(GenerationError) {
        let document = input.document
        let root = document.root
        guard document[root].kind == .object else {
            throw input.error(
                at: root, "a Disconnect blacklist must be an object with a \"categories\" member, found \(input.kindName(root))")
        }
        guard let categoriesNode = document.member("categories", in: root) else {
            throw input.error(at: root, "a Disconnect blacklist must have a \"categories\" member")
        }
        guard document[categoriesNode].kind == .object else {
            throw input.error(
                at: categoriesNode, "\"categories\" must be an object of category arrays, found \(input.kindName(categoriesNode))")
        }
        for (keyNode, valueNode) in document.members(of: categoriesNode) {
            let category = document.string(keyNode)
            guard DisconnectCategory(rawValue: category) != nil else { continue }
            guard document[valueNode].kind == .array else {
                throw input.error(
                    at: valueNode, "category \"\(category)\" must be an array of company objects, found \(input.kindName(valueNode))")
            }
            var entries: [Entry] = []
            for element in document.elements(of: valueNode) {
                guard document[element].kind == .object else {
                    throw input.error(
                        at: element,
                        "an entry of category \"\(category)\" must be an object {company: {URL: [domains]}}, found \(input.kindName(element))"
                    )
                }
                for (companyNode, detailsNode) in document.members(of: element) {
                    let company = document.string(companyNode)
                    guard document[detailsNode].kind == .object else {
                        throw input.error(
                            at: detailsNode,
                            "company \"\(company)\" in \"\(category)\" must be an object {URL: [domains]}, found \(input.kindName(detailsNode))"
                        )
                    }
                    let urlMembers = document.members(of: detailsNode).filter { member in
                        let key = document.string(member.key)
                        return key.hasPrefix("http") || key.hasPrefix("www.")
                    }
                    guard let first = urlMembers.first else {
                        warnings.append(
                            input.diagnostic(
                                .warning, at: companyNode,
                                "company \"\(company)\" in \"\(category)\" has no URL key (a key starting with http or www.); skipped"))
                        continue
                    }
                    if urlMembers.count > 1 {
                        let keys = urlMembers.map { "\"\(document.string($0.key))\"" }.joined(separator: ", ")
                        warnings.append(
                            input.diagnostic(
                                .warning, at: urlMembers[1].key,
                                "company \"\(company)\" in \"\(category)\" has several URL keys (\(keys)); only the first one's domains are used"
                            ))
                    }
                    let urlKey = document.string(first.key)
                    let domains = try input.strings(ofArray: first.value, what: "the domains of \"\(urlKey)\" of company \"\(company)\"")
                    entries.append(Entry(company: company, domains: domains))
                }
            }
            categories[category] = entries
        }
    }
}
