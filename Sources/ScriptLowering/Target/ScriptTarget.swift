import ScriptSyntax

/// The oldest Safari (WebKit JavaScriptCore) a bundle must run on, named as esbuild names it: `safari11`,
/// `safari13.1`, ... `safari26`.
///
/// It decides two things: which source syntax a build keeps (`SyntaxFeature.availableSince`; newer syntax is
/// lowered where `SyntaxLowering` can, and a located error where it cannot) and which globals the module runtime may
/// use (`globalThis` only from Safari 12.1 on). wkpack's own output needs Safari 11 (arrow functions, `let`/`const`), the oldest target.
public struct ScriptTarget: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The Safari major version (`15` for safari15.4).
    public let major: Int
    /// The Safari minor version (`4` for safari15.4, `0` for safari15).
    public let minor: Int

    /// The oldest accepted target, and the default: what wkpack's own output needs (see `docs/targets.md`).
    public static let minimum = ScriptTarget(major: 11, minor: 0)
    /// The newest Safari known to wkpack.
    public static let newest = ScriptTarget(major: 26, minor: 0)
    /// The target when none is configured.
    public static let `default` = minimum

    /// Safari's major versions: 11 to 18, then 26 (Safari took the year's number in 2025).
    static let majors: [Int] = Array(11...18) + [26]

    /// The versions at which some syntax or global wkpack checks became available, for messages.
    public static let notableNames = [
        "safari11", "safari11.1", "safari12", "safari12.1", "safari13", "safari13.1",
        "safari14", "safari14.1", "safari15", "safari16", "safari16.4", "safari17",
        "safari18", "safari26",
    ]

    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Parses `safariN` or `safariN.M` (N a Safari major version from 11 on, M a minor version 0-9);
    /// `nil` for anything else.
    public init?(name: String) {
        guard name.hasPrefix("safari") else { return nil }
        let version = name.dropFirst("safari".count)
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
            let major = Int(parts[0]), Self.majors.contains(major), parts[0].first != "0"
        else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) ?? -1 : 0
        guard minor >= 0, minor <= 9, parts.count == 1 || parts[1].count == 1 else { return nil }
        self.init(major: major, minor: minor)
    }

    /// `safariN` or `safariN.M`.
    public var description: String { minor == 0 ? "safari\(major)" : "safari\(major).\(minor)" }

    /// Whether `lhs` is an older Safari than `rhs`.
    public static func < (lhs: ScriptTarget, rhs: ScriptTarget) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Whether the target's engine parses and runs `feature`.
    public func supports(_ feature: SyntaxFeature) -> Bool { self >= feature.availableSince }

    /// Whether the global `globalThis` exists (Safari 12.1, iOS 12.2).
    public var hasGlobalThis: Bool { self >= ScriptTarget(major: 12, minor: 1) }

    /// The error message for a configured name that is not a target.
    public static func unknownNameMessage(_ name: String) -> String {
        "unknown target '\(name)'; expected safariN or safariN.M from safari11 to safari26 (Safari 11-18 and 26), e.g. "
            + notableNames.joined(separator: ", ")
    }
}
