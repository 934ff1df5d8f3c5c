/// A value of the trigger's `load-context` array (Safari 15+).
public enum LoadContext: String, CaseIterable, Sendable {
    /// `top-frame`: a load of the main frame; `child-frame`: a load of an iframe.
    case topFrame = "top-frame", childFrame = "child-frame"
}
