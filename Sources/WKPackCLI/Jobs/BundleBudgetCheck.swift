import ScriptBundler

/// Checks built bundles against the configured `maxBytes` budgets, before anything is written.
enum BundleBudgetCheck {
    /// One error per bundle over its budget (the group's own `maxBytes`, else the section's), located at the
    /// `maxBytes` value, in bundle order.
    static func violations(of bundles: [GroupBundle], config: ScriptsConfig) -> [ConfigError] {
        var errors: [ConfigError] = []
        for bundle in bundles {
            guard let budget = config.groupBudgets[bundle.group.name] ?? config.maxBytes else { continue }
            let bytes = bundle.code.count
            if bytes > budget.maxBytes {
                errors.append(
                    ConfigError(at: budget.location, "\(bundle.group.name) is \(bytes) bytes, over its maxBytes \(budget.maxBytes)"))
            }
        }
        return errors
    }

    /// Every bundle over its budget: one `path:line:col: error:` line each.
    struct Failure: Error, CustomStringConvertible {
        var errors: [ConfigError]
        var description: String { errors.map(\.description).joined(separator: "\n") }
    }
}
