/// The registrable domain ("eTLD+1") of a host, by the Public Suffix List, as WebKit decides first- and third-party
/// loads.
///
/// The list is built in (`PublicSuffixData.swift`, ICANN and private sections). IP addresses, single-label hosts and
/// hosts that are themselves a public suffix are their own registrable domain.
public enum RegistrableDomain {
    /// The registrable domain of `host` (lower case, non-ASCII labels in punycode, as URLs carry them).
    public static func of(_ host: String) -> String {
        if host.isEmpty || host.hasPrefix("[") || isIPv4(host) { return host }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count > 1 else { return host }
        let suffixLabels = PublicSuffixList.builtIn.suffixLabelCount(of: labels)
        guard labels.count > suffixLabels else { return host }
        return labels[(labels.count - suffixLabels - 1)...].joined(separator: ".")
    }

    /// Whether two hosts have the same registrable domain.
    public static func sameSite(_ first: String, _ second: String) -> Bool {
        first == second || of(first) == of(second)
    }

    private static func isIPv4(_ host: String) -> Bool {
        guard let last = host.utf8.last, last >= 0x30 && last <= 0x39 else { return false }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
