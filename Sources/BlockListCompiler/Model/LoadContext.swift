/// A value of the trigger's `load-context` array (Safari 15+).
public enum LoadContext: String, CaseIterable, Sendable {
    case topFrame = "top-frame", childFrame = "child-frame"
}
