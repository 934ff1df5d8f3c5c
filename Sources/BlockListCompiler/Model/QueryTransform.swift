/// The `query-transform` of a URL transform.
public struct QueryTransform: Sendable, Hashable {
    public var removeParameters: [String]?
    public var addOrReplaceParameters: [QueryParameter]?
    public var unknownMembers: [UnknownMember]

    public init(removeParameters: [String]? = nil, addOrReplaceParameters: [QueryParameter]? = nil, unknownMembers: [UnknownMember] = []) {
        self.removeParameters = removeParameters
        self.addOrReplaceParameters = addOrReplaceParameters
        self.unknownMembers = unknownMembers
    }
}
