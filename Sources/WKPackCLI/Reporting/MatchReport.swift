import BlockListCompiler

/// The text and JSON-lines output of `wkpack rules match`: each request's decision and the rules behind it.
enum MatchReport {
    static func describe(_ decision: MatchDecision) -> String {
        var parts: [String] = [decision.blocked ? "blocked" : "allowed"]
        if decision.cookiesBlocked { parts.append("cookies blocked") }
        if decision.upgradedToHTTPS {
            parts.append("upgraded to https")
        } else if decision.makeHTTPSMatched {
            parts.append("make-https matched (no upgrade: not http/ws on the default port)")
        }
        if let target = decision.redirectTarget {
            parts.append(target.url.map { "redirect to \($0)" } ?? "redirect (target not computed)")
        }
        for notification in decision.notifications { parts.append("notify \"\(notification)\"") }
        if !decision.hiddenSelectors.isEmpty { parts.append("hides \(decision.hiddenSelectors.joined(separator: ", "))") }
        if !decision.headerChanges.isEmpty { parts.append("\(decision.headerChanges.count) header change(s)") }
        return parts.joined(separator: "; ")
    }

    static func describe(_ redirect: Redirect) -> String {
        switch redirect {
        case .url(let url): return url
        case .extensionPath(let path): return "extension path \(path)"
        case .regexSubstitution(let substitution): return "regex substitution \(substitution)"
        case .transform: return "a URL transform"
        }
    }

    /// The lines explaining a redirect target: the rules in the order WebKit applies them, then the notes.
    static func redirectLines(_ target: RedirectTarget, _ paths: [String], indent: String) -> String {
        var output = ""
        for step in target.appliedRules {
            let path = step.listIndex < paths.count ? paths[step.listIndex] : "list \(step.listIndex)"
            output += "\(indent)redirect  \(path) #\(step.ruleIndex) /\(step.ruleIndex) \(describe(step.redirect))\n"
        }
        for note in target.notes { output += "\(indent)note: \(note)\n" }
        return output
    }

    static func text(
        _ request: MatchRequest, _ prepared: PreparedRequest, _ decision: MatchDecision, _ results: [ListMatchResult], _ paths: [String]
    ) -> String {
        let frame = prepared.frameURL == prepared.topURL ? "" : ", frame \(prepared.frameURL.string)"
        var output =
            "\(prepared.url.string) (\(prepared.resourceType.rawValue), top \(prepared.topURL.string)\(frame), \(prepared.isThirdParty ? "third-party" : "first-party"), \(prepared.loadContext.rawValue)): \(describe(decision))\n"
        if let target = decision.redirectTarget { output += redirectLines(target, paths, indent: "  ") }
        for (path, result) in zip(paths, results) where !result.fired.isEmpty || !result.cancelled.isEmpty {
            output += "  \(path): \(describe(result.decision))\n"
            for rule in result.fired {
                output += "    fired     #\(rule.index) \(rule.pointer) \(rule.action.typeName)\(secondEvaluationNote(rule, prepared))\n"
            }
            for rule in result.cancelled {
                output +=
                    "    cancelled #\(rule.index) \(rule.pointer) \(rule.action.typeName) (by #\(rule.cancelledBy ?? -1) /\(rule.cancelledBy ?? -1))\n"
            }
        }
        return output
    }

    /// " (second evaluation: as other, without the fragment)" for a rule that fired only in WebKit's second evaluation.
    static func secondEvaluationNote(_ rule: FiredRule, _ request: PreparedRequest) -> String {
        guard rule.inSecondEvaluation, let second = request.evaluations.last, second.isSecond else { return "" }
        return " (second evaluation: \(second.summary))"
    }

    static func jsonLine(
        _ request: MatchRequest, _ prepared: PreparedRequest, _ decision: MatchDecision, _ results: [ListMatchResult], _ paths: [String]
    ) -> String {
        func quoted(_ text: String) -> String { JSONEscaper.quoted(text) }
        func rule(_ fired: FiredRule) -> String {
            var text = "{\"index\":\(fired.index),\"pointer\":\(quoted(fired.pointer)),\"action\":\(quoted(fired.action.typeName))"
            if let by = fired.cancelledBy { text += ",\"cancelled_by\":\(by)" }
            if fired.inSecondEvaluation { text += ",\"second_evaluation\":true" }
            return text + "}"
        }
        var text =
            "{\"url\":\(quoted(prepared.url.string)),\"type\":\(quoted(prepared.resourceType.rawValue)),\"top\":\(quoted(prepared.topURL.string))"
        text += ",\"frame\":\(quoted(prepared.frameURL.string))"
        text += ",\"third_party\":\(prepared.isThirdParty),\"load_context\":\(quoted(prepared.loadContext.rawValue))"
        text +=
            ",\"blocked\":\(decision.blocked),\"cookies_blocked\":\(decision.cookiesBlocked),\"https_upgrade\":\(decision.upgradedToHTTPS)"
        text += ",\"redirects\":[\(decision.redirects.map { quoted(describe($0)) }.joined(separator: ","))]"
        if let target = decision.redirectTarget {
            let rules = target.appliedRules.map {
                "{\"list\":\($0.listIndex),\"index\":\($0.ruleIndex),\"pointer\":\(quoted("/" + String($0.ruleIndex)))}"
            }
            text += ",\"redirect_target\":\(target.url.map(quoted) ?? "null"),\"redirect_rules\":[\(rules.joined(separator: ","))]"
            text += ",\"redirect_notes\":[\(target.notes.map(quoted).joined(separator: ","))]"
        } else {
            text += ",\"redirect_target\":null"
        }
        text += ",\"notifications\":[\(decision.notifications.map(quoted).joined(separator: ","))]"
        text += ",\"hidden_selectors\":[\(decision.hiddenSelectors.map(quoted).joined(separator: ","))]"
        text += ",\"lists\":["
        text += zip(paths, results).map { path, result in
            "{\"path\":\(quoted(path)),\"blocked\":\(result.decision.blocked),\"fired\":[\(result.fired.map(rule).joined(separator: ","))],\"cancelled\":[\(result.cancelled.map(rule).joined(separator: ","))]}"
        }.joined(separator: ",")
        return text + "]}"
    }

    /// The `decisions` format: the decision and the rules behind it as in `jsonLine`, without the request's echo and
    /// with `css-display-none` rules counted instead of listed (generic cosmetic rules fire on every request, and
    /// listing them makes a line hundreds of kilobytes long on EasyList-sized lists).
    static func decisionLine(_ prepared: PreparedRequest, _ decision: MatchDecision, _ results: [ListMatchResult]) -> String {
        func rule(_ fired: FiredRule) -> String {
            var text = "{\"index\":\(fired.index),\"action\":\(JSONEscaper.quoted(fired.action.typeName))"
            if let by = fired.cancelledBy { text += ",\"cancelled_by\":\(by)" }
            return text + "}"
        }
        func isHiding(_ fired: FiredRule) -> Bool {
            if case .cssDisplayNone = fired.action { return true }
            return false
        }
        var text =
            "{\"blocked\":\(decision.blocked),\"cookies_blocked\":\(decision.cookiesBlocked),\"https_upgrade\":\(decision.upgradedToHTTPS)"
        text += ",\"third_party\":\(prepared.isThirdParty)"
        text += ",\"redirect_target\":\(decision.redirectTarget.map { $0.url.map(JSONEscaper.quoted) ?? "null" } ?? "null")"
        text += ",\"hidden_selectors\":\(decision.hiddenSelectors.count),\"lists\":["
        text += results.map { result in
            let fired = result.fired.filter { !isHiding($0) }, cancelled = result.cancelled.filter { !isHiding($0) }
            let hidingFired = result.fired.count - fired.count, hidingCancelled = result.cancelled.count - cancelled.count
            return
                "{\"blocked\":\(result.decision.blocked),\"fired\":[\(fired.map(rule).joined(separator: ","))],\"cancelled\":[\(cancelled.map(rule).joined(separator: ","))]"
                + ",\"hiding_fired\":\(hidingFired),\"hiding_cancelled\":\(hidingCancelled)}"
        }.joined(separator: ",")
        return text + "]}"
    }
}
