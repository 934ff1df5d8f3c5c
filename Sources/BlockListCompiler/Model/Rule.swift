/// One content-blocking rule.
public struct Rule: Sendable, Hashable {
    public var trigger: Trigger
    public var action: Action
    /// Members of the rule object WebKit ignores.
    public var unknownMembers: [UnknownMember]

    public init(trigger: Trigger, action: Action, unknownMembers: [UnknownMember] = []) {
        self.trigger = trigger
        self.action = action
        self.unknownMembers = unknownMembers
    }
}
