/// The `query-transform` of a URL transform.
public struct QueryTransform: Sendable, Hashable {
    /// `remove-parameters`: the names of the query parameters to remove.
    public var removeParameters: [String]?
    /// `add-or-replace-parameters`: the parameters to add or replace.
    public var addOrReplaceParameters: [QueryParameter]?
    /// Members WebKit ignores, in source order.
    public var unknownMembers: [UnknownMember]

    /// Creates a query transform.
    public init(removeParameters: [String]? = nil, addOrReplaceParameters: [QueryParameter]? = nil, unknownMembers: [UnknownMember] = []) {
        self.removeParameters = removeParameters
        self.addOrReplaceParameters = addOrReplaceParameters
        self.unknownMembers = unknownMembers
    }
}
