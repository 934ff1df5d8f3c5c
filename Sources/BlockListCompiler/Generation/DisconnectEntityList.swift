/// Disconnect's entity list: shavar's `disconnect-entitylist.json` or Disconnect's `entities.json`,
/// `{"entities": {Company: {"properties": [domains], "resources": [domains]}}}`, or the pre-2020 shape without the
/// `entities` wrapper.
struct DisconnectEntityList {
    /// One company's sites (`properties`, exempted from its own rules) and tracker domains (`resources`).
    struct Entity {
        var properties: [LocatedString]
        var resources: [LocatedString]
    }

    /// Entities by company name (a repeated name keeps the last, as JSON readers do).
    var entities: [String: Entity] = [:]
    /// Company names in file order (first occurrence).
    var order: [String] = []

    init(_ input: ParsedInput) throws(GenerationError) {
        let document = input.document
        let root = document.root
        guard document[root].kind == .object else {
            throw input.error(
                at: root, "a Disconnect entity list must be an object with an \"entities\" member, found \(input.kindName(root))")
        }
        // Before 2020 the companies were the root's members (next to "license"), without the "entities" wrapper.
        let entitiesNode = document.member("entities", in: root) ?? root
        guard document[entitiesNode].kind == .object else {
            throw input.error(at: entitiesNode, "\"entities\" must be an object of companies, found \(input.kindName(entitiesNode))")
        }
        for (keyNode, valueNode) in document.members(of: entitiesNode) {
            let company = document.string(keyNode)
            if entitiesNode == root && company == "license" && document[valueNode].kind == .string { continue }
            guard document[valueNode].kind == .object else {
                throw input.error(
                    at: valueNode,
                    "entity \"\(company)\" must be an object with \"properties\" and \"resources\", found \(input.kindName(valueNode))")
            }
            var entity = Entity(properties: [], resources: [])
            if let node = document.member("properties", in: valueNode) {
                entity.properties = try input.strings(ofArray: node, what: "the properties of entity \"\(company)\"")
            }
            if let node = document.member("resources", in: valueNode) {
                entity.resources = try input.strings(ofArray: node, what: "the resources of entity \"\(company)\"")
            }
            if entities.updateValue(entity, forKey: company) == nil { order.append(company) }
        }
    }

    /// The company owning each resource domain (the first company in file order listing it).
    func companiesByResource() -> [String: String] {
        var result: [String: String] = [:]
        for company in order {
            guard let entity = entities[company] else { continue }
            for resource in entity.resources where result[resource.text] == nil { result[resource.text] = company }
        }
        return result
    }
}
