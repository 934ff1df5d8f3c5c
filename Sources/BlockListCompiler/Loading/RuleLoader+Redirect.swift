extension RuleLoader {
    /// Loads a redirect in WebKit's order (`RedirectAction::parse`): extension-path, regex-substitution, transform, url.
    mutating func loadRedirect(rule: Int, actionNode: Int, pointer actionPointer: String) -> Redirect? {
        let pointer = actionPointer + "/redirect"
        guard let node = document.member("redirect", in: actionNode), document[node].kind == .object else {
            let found = document.member("redirect", in: actionNode)
            sink.error(
                found.map { "\"redirect\" is \(kindName($0)), not an object" } ?? "a \"redirect\" action needs a \"redirect\" object",
                webKit: WebKitMessage.redirectMissing, at: offset(found ?? actionNode), pointer: found == nil ? actionPointer : pointer,
                rule: rule, phase: .loading)
            return nil
        }
        _ = scanMembers(
            of: node, known: ["extension-path", "regex-substitution", "transform", "url"], pointer: pointer, rule: rule,
            context: "the redirect")
        if let pathNode = document.member("extension-path", in: node), let path = document.stringValue(pathNode) {
            guard path.utf8.first == UInt8(ascii: "/") else {
                sink.error(
                    "the extension path \"\(path)\" must start with '/'", webKit: WebKitMessage.redirectExtensionPathNoSlash,
                    at: offset(pathNode), pointer: pointer + "/extension-path", rule: rule, phase: .loading)
                return nil
            }
            return .extensionPath(path)
        }
        if let substitution = document.stringValue(document.member("regex-substitution", in: node)) {
            return .regexSubstitution(substitution)
        }
        if let transformNode = document.member("transform", in: node), document[transformNode].kind == .object {
            return loadTransform(rule: rule, node: transformNode, pointer: pointer + "/transform").map { .transform($0) }
        }
        if let urlNode = document.member("url", in: node), let url = document.stringValue(urlNode) {
            switch URLValidator.check(url) {
            case .valid: return .url(url)
            case .javaScript:
                sink.error(
                    "redirecting to a javascript: URL is not allowed", webKit: WebKitMessage.redirectToJavaScript,
                    at: offset(urlNode), pointer: pointer + "/url", rule: rule, phase: .loading)
            case .invalid(let reason):
                sink.error(
                    "\"\(url)\" is not a valid URL: \(reason)", webKit: WebKitMessage.redirectURLInvalid,
                    at: offset(urlNode), pointer: pointer + "/url", rule: rule, phase: .loading)
            }
            return nil
        }
        sink.error(
            "the redirect needs one of a string \"extension-path\", a string \"regex-substitution\", an object \"transform\" or a string \"url\"",
            webKit: WebKitMessage.redirectInvalidType, at: offset(node), pointer: pointer, rule: rule, phase: .loading)
        return nil
    }

    /// Loads a URL transform; WebKit reports bad members in the order fragment, port, scheme, query-transform, query.
    mutating func loadTransform(rule: Int, node: Int, pointer: String) -> URLTransform? {
        var valid = true
        _ = scanMembers(
            of: node, known: ["fragment", "host", "password", "path", "port", "query", "query-transform", "scheme", "username"],
            pointer: pointer, rule: rule, context: "the transform")
        func string(_ key: String) -> (String, Int)? {
            guard let valueNode = document.member(key, in: node), let text = document.stringValue(valueNode) else { return nil }
            return (text, valueNode)
        }
        var transform = URLTransform()
        if let (fragment, fragmentNode) = string("fragment") {
            if !fragment.isEmpty && fragment.utf8.first != UInt8(ascii: "#") {
                valid = false
                sink.error(
                    "the fragment \"\(fragment)\" must be empty or start with '#'", webKit: WebKitMessage.redirectInvalidFragment,
                    at: offset(fragmentNode), pointer: pointer + "/fragment", rule: rule, phase: .loading)
            }
            transform.fragment = fragment
        }
        transform.host = string("host")?.0
        transform.password = string("password")?.0
        transform.path = string("path")?.0
        if let (port, portNode) = string("port") {
            if !port.isEmpty && !URLValidator.isValidPort(port) {
                valid = false
                sink.error(
                    "the port \"\(port)\" must be empty or a number from 0 to 65535", webKit: WebKitMessage.redirectInvalidPort,
                    at: offset(portNode), pointer: pointer + "/port", rule: rule, phase: .loading)
            }
            transform.port = port
        }
        if let (scheme, schemeNode) = string("scheme") {
            if !URLValidator.isValidScheme(scheme) {
                valid = false
                sink.error(
                    "\"\(scheme)\" is not a valid URL scheme (a letter, then letters, digits, '+', '-' or '.')",
                    webKit: WebKitMessage.redirectInvalidScheme,
                    at: offset(schemeNode), pointer: pointer + "/scheme", rule: rule, phase: .loading)
            } else if scheme.lowercased() == "javascript" {
                valid = false
                sink.error(
                    "redirecting to the javascript scheme is not allowed", webKit: WebKitMessage.redirectToJavaScript,
                    at: offset(schemeNode), pointer: pointer + "/scheme", rule: rule, phase: .loading)
            }
            transform.scheme = scheme
        }
        if let queryTransformNode = document.member("query-transform", in: node), document[queryTransformNode].kind == .object {
            if let queryTransform = loadQueryTransform(rule: rule, node: queryTransformNode, pointer: pointer + "/query-transform") {
                transform.queryTransform = queryTransform
            } else {
                valid = false
            }
        }
        if let (query, queryNode) = string("query") {
            if !query.isEmpty && query.utf8.first != UInt8(ascii: "?") {
                valid = false
                sink.error(
                    "the query \"\(query)\" must be empty or start with '?'", webKit: WebKitMessage.redirectInvalidQuery,
                    at: offset(queryNode), pointer: pointer + "/query", rule: rule, phase: .loading)
            }
            transform.query = query
        }
        transform.username = string("username")?.0
        return valid ? transform : nil
    }

    /// Loads a query transform: remove-parameters, then add-or-replace-parameters.
    mutating func loadQueryTransform(rule: Int, node: Int, pointer: String) -> QueryTransform? {
        var valid = true
        _ = scanMembers(
            of: node, known: ["remove-parameters", "add-or-replace-parameters"], pointer: pointer, rule: rule,
            context: "the query transform")
        var result = QueryTransform()
        if let removeNode = document.member("remove-parameters", in: node) {
            let keyPointer = pointer + "/remove-parameters"
            if document[removeNode].kind != .array {
                valid = false
                sink.error(
                    "\"remove-parameters\" is \(kindName(removeNode)), not an array of strings",
                    webKit: WebKitMessage.removeParametersNotStringArray,
                    at: offset(removeNode), pointer: keyPointer, rule: rule, phase: .loading)
            } else {
                var names: [String] = []
                for (position, element) in document.elements(of: removeNode).enumerated() {
                    guard let name = document.stringValue(element) else {
                        valid = false
                        sink.error(
                            "entry \(position) of \"remove-parameters\" is \(kindName(element)), not a string",
                            webKit: WebKitMessage.removeParametersNotStringArray,
                            at: offset(element), pointer: JSONPointer.appending(keyPointer, position), rule: rule, phase: .loading)
                        continue
                    }
                    names.append(name)
                }
                result.removeParameters = names
            }
        }
        if let addNode = document.member("add-or-replace-parameters", in: node) {
            let keyPointer = pointer + "/add-or-replace-parameters"
            if document[addNode].kind != .array {
                valid = false
                sink.error(
                    "\"add-or-replace-parameters\" is \(kindName(addNode)), not an array",
                    webKit: WebKitMessage.addOrReplaceParametersNotArray,
                    at: offset(addNode), pointer: keyPointer, rule: rule, phase: .loading)
            } else {
                var parameters: [QueryParameter] = []
                for (position, element) in document.elements(of: addNode).enumerated() {
                    let elementPointer = JSONPointer.appending(keyPointer, position)
                    guard document[element].kind == .object else {
                        valid = false
                        sink.error(
                            "entry \(position) of \"add-or-replace-parameters\" is \(kindName(element)), not an object",
                            webKit: WebKitMessage.addOrReplaceParametersMemberNotObject,
                            at: offset(element), pointer: elementPointer, rule: rule, phase: .loading)
                        continue
                    }
                    _ = scanMembers(
                        of: element, known: ["key", "value", "replace-only"], pointer: elementPointer, rule: rule,
                        context: "a query parameter")
                    let keyNode = document.member("key", in: element)
                    guard let key = document.stringValue(keyNode) else {
                        valid = false
                        sink.error(
                            "the parameter has no string \"key\"", webKit: WebKitMessage.addOrReplaceParametersKeyNotString,
                            at: offset(keyNode ?? element), pointer: keyNode == nil ? elementPointer : elementPointer + "/key", rule: rule,
                            phase: .loading)
                        continue
                    }
                    let valueNode = document.member("value", in: element)
                    guard let value = document.stringValue(valueNode) else {
                        valid = false
                        sink.error(
                            "the parameter \"\(key)\" has no string \"value\"", webKit: WebKitMessage.addOrReplaceParametersValueNotString,
                            at: offset(valueNode ?? element), pointer: valueNode == nil ? elementPointer : elementPointer + "/value",
                            rule: rule, phase: .loading)
                        continue
                    }
                    parameters.append(
                        QueryParameter(key: key, value: value, replaceOnly: document.bool(document.member("replace-only", in: element))))
                }
                result.addOrReplaceParameters = parameters
            }
        }
        return valid ? result : nil
    }
}
