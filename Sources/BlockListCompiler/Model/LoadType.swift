/// A value of the trigger's `load-type` array.
public enum LoadType: String, CaseIterable, Sendable {
    case firstParty = "first-party", thirdParty = "third-party"
}
