import ScriptBundler

/// A problem in `wkpack.yml`, located at the offending key or value.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String

    public init(at location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `path:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }
}
