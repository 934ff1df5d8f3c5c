/// Writes rules back as WebKit content-blocker JSON, one rule per line, keys in a fixed order.
public struct RuleListSerializer: Sendable {
    /// Write non-ASCII characters as `\uXXXX` escapes (`JSONEscaper.escapingNonASCII`): WebKit then stores the
    /// list's source as 8-bit text in the compiled file, half the bytes of 16-bit.
    public var escapesNonASCII: Bool

    /// Creates a serializer.
    public init(escapesNonASCII: Bool = false) {
        self.escapesNonASCII = escapesNonASCII
    }

    /// The JSON text of `rules`.
    public func serialize(_ rules: [Rule]) -> String {
        var output = "["
        for (index, rule) in rules.enumerated() {
            output += index == 0 ? "\n" : ",\n"
            write(rule, to: &output)
        }
        output += rules.isEmpty ? "]\n" : "\n]\n"
        return escapesNonASCII ? JSONEscaper.escapingNonASCII(output) : output
    }

    /// The JSON text of one rule.
    public func serialize(_ rule: Rule) -> String {
        var output = ""
        write(rule, to: &output)
        return escapesNonASCII ? JSONEscaper.escapingNonASCII(output) : output
    }

    private func write(_ rule: Rule, to output: inout String) {
        var object = ObjectWriter()
        object.raw("trigger", trigger(rule.trigger))
        object.raw("action", action(rule.action))
        object.unknown(rule.unknownMembers)
        output += object.finish()
    }

    private func trigger(_ trigger: Trigger) -> String {
        var object = ObjectWriter()
        object.string("url-filter", trigger.urlFilter)
        if let value = trigger.urlFilterIsCaseSensitive { object.raw("url-filter-is-case-sensitive", value ? "true" : "false") }
        if let value = trigger.topURLFilterIsCaseSensitive { object.raw("top-url-filter-is-case-sensitive", value ? "true" : "false") }
        if let value = trigger.frameURLFilterIsCaseSensitive { object.raw("frame-url-filter-is-case-sensitive", value ? "true" : "false") }
        if let values = trigger.resourceTypes { object.strings("resource-type", values.map(\.rawValue)) }
        if let values = trigger.loadTypes { object.strings("load-type", values.map(\.rawValue)) }
        if let values = trigger.loadContexts { object.strings("load-context", values.map(\.rawValue)) }
        if let method = trigger.requestMethod { object.string("request-method", trigger.requestMethodSpelling ?? method.rawValue) }
        if let condition = trigger.condition { object.strings(condition.kind.rawValue, condition.values) }
        object.unknown(trigger.unknownMembers)
        return object.finish()
    }

    private func action(_ action: Action) -> String {
        var object = ObjectWriter()
        object.string("type", action.typeName)
        switch action.kind {
        case .block, .blockCookies, .ignorePreviousRules, .ignoreFollowingRules, .makeHTTPS: break
        case .cssDisplayNone(let selector): object.string("selector", selector)
        case .notify(let notification): object.string("notification", notification)
        case .redirect(let redirect): object.raw("redirect", self.redirect(redirect))
        case .modifyHeaders(let modifyHeaders):
            if let headers = modifyHeaders.requestHeaders { object.raw("request-headers", self.headers(headers)) }
            if let headers = modifyHeaders.responseHeaders { object.raw("response-headers", self.headers(headers)) }
            object.raw("priority", modifyHeaders.prioritySource)
        }
        object.unknown(action.unknownMembers)
        return object.finish()
    }

    private func redirect(_ redirect: Redirect) -> String {
        var object = ObjectWriter()
        switch redirect {
        case .extensionPath(let path): object.string("extension-path", path)
        case .regexSubstitution(let substitution): object.string("regex-substitution", substitution)
        case .url(let url): object.string("url", url)
        case .transform(let transform):
            var inner = ObjectWriter()
            if let value = transform.fragment { inner.string("fragment", value) }
            if let value = transform.host { inner.string("host", value) }
            if let value = transform.password { inner.string("password", value) }
            if let value = transform.path { inner.string("path", value) }
            if let value = transform.port { inner.string("port", value) }
            if let value = transform.query { inner.string("query", value) }
            if let queryTransform = transform.queryTransform {
                var query = ObjectWriter()
                if let names = queryTransform.removeParameters { query.strings("remove-parameters", names) }
                if let parameters = queryTransform.addOrReplaceParameters {
                    let items = parameters.map { parameter -> String in
                        var item = ObjectWriter()
                        item.string("key", parameter.key)
                        item.string("value", parameter.value)
                        if let replaceOnly = parameter.replaceOnly { item.raw("replace-only", replaceOnly ? "true" : "false") }
                        return item.finish()
                    }
                    query.raw("add-or-replace-parameters", "[" + items.joined(separator: ",") + "]")
                }
                query.unknown(queryTransform.unknownMembers)
                inner.raw("query-transform", query.finish())
            }
            if let value = transform.scheme { inner.string("scheme", value) }
            if let value = transform.username { inner.string("username", value) }
            inner.unknown(transform.unknownMembers)
            object.raw("transform", inner.finish())
        }
        return object.finish()
    }

    private func headers(_ headers: [HeaderOperation]) -> String {
        "[" + headers.map { operation -> String in
            var item = ObjectWriter()
            item.string("operation", operation.operation.rawValue)
            item.string("header", operation.header)
            if let value = operation.value { item.string("value", value) }
            return item.finish()
        }.joined(separator: ",") + "]"
    }
}

/// Builds one JSON object's text.
private struct ObjectWriter {
    private var text = "{"

    mutating func raw(_ key: String, _ json: String) {
        if text.utf8.count > 1 { text += "," }
        text += JSONEscaper.quoted(key) + ":" + json
    }

    mutating func string(_ key: String, _ value: String) { raw(key, JSONEscaper.quoted(value)) }

    mutating func strings(_ key: String, _ values: [String]) {
        raw(key, "[" + values.map(JSONEscaper.quoted).joined(separator: ",") + "]")
    }

    mutating func unknown(_ members: [UnknownMember]) {
        for member in members { raw(member.key, member.json) }
    }

    func finish() -> String { text + "}" }
}
