/// A value of the trigger's `load-type` array.
public enum LoadType: String, CaseIterable, Sendable {
    /// `first-party`: the request's registrable domain is the top document's; `third-party`: it is not.
    case firstParty = "first-party", thirdParty = "third-party"
}
