/// One content-blocking rule.
public struct Rule: Sendable, Hashable {
    /// When the rule applies.
    public var trigger: Trigger
    /// What the rule does.
    public var action: Action
    /// Members of the rule object WebKit ignores.
    public var unknownMembers: [UnknownMember]

    /// Creates a rule.
    public init(trigger: Trigger, action: Action, unknownMembers: [UnknownMember] = []) {
        self.trigger = trigger
        self.action = action
        self.unknownMembers = unknownMembers
    }
}
