/// One job of `wkpack build` (scripts now; the rules job joins later).
public protocol BuildJob {
    /// The configuration section the job reads (`scripts`, `rules`).
    var name: String { get }
    /// Runs the job and returns the lines to print. Errors print as `path:line:col: error: message`.
    func run() throws -> [String]
}
