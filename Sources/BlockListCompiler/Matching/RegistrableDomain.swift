/// The registrable domain ("eTLD+1") of a host, from a compact built-in list of public suffixes.
///
/// WebKit uses the full Public Suffix List. This approximation knows every single-label TLD implicitly (the last
/// label of any host is a suffix) plus the common multi-label suffixes below (second-level country domains and
/// popular hosting platforms). Hosts outside it whose suffix has several labels are treated as if only the last
/// label were the suffix, which can make two sites of such a suffix look like one party. IP addresses and
/// single-label hosts are their own registrable domain.
public enum RegistrableDomain {
    /// Multi-label public suffixes known to the approximation.
    public static let multiLabelSuffixes: Set<String> = {
        var suffixes: Set<String> = []
        let generic = ["com", "net", "org", "edu", "gov", "co", "ac", "or", "ne", "go", "mil", "biz", "info", "gob", "nic", "web", "int"]
        let countries = ["uk", "au", "nz", "jp", "kr", "br", "cn", "tw", "hk", "sg", "my", "in", "za", "mx", "ar", "tr", "ua", "il", "id",
                         "ph", "vn", "pk", "eg", "sa", "pe", "ve", "th", "ng", "ke", "bd", "np", "lk", "ec", "uy", "py", "bo", "do",
                         "gt", "sv", "cr", "pa", "ni", "hn", "cu", "jm", "tt", "kh", "mm", "qa", "kw", "om", "bh", "jo", "lb", "ly",
                         "ma", "dz", "tn", "gh", "ug", "tz", "zm", "zw", "na", "bw", "mz", "et", "cy", "mt", "pl", "ru", "by", "kz",
                         "ge", "am", "az", "uz", "af", "ir", "iq", "sy", "ye", "np", "fj", "pg", "sb"]
        for country in countries {
            for label in generic { suffixes.insert(label + "." + country) }
        }
        for extra in ["me.uk", "ltd.uk", "plc.uk", "sch.uk", "nhs.uk", "police.uk", "asn.au", "id.au", "gr.jp", "lg.jp", "ed.jp", "ad.jp",
                      "idv.tw", "firm.in", "gen.in", "ind.in", "res.in", "gen.tr", "bel.tr", "in.th", "or.th", "ltd.cy",
                      "github.io", "gitlab.io", "blogspot.com", "herokuapp.com", "appspot.com", "cloudfront.net", "azurewebsites.net",
                      "netlify.app", "vercel.app", "pages.dev", "workers.dev", "web.app", "firebaseapp.com", "s3.amazonaws.com",
                      "fastly.net", "wordpress.com", "tumblr.com", "glitch.me", "ngrok.io", "myshopify.com"] {
            suffixes.insert(extra)
        }
        return suffixes
    }()

    /// The registrable domain of `host` (lower case).
    public static func of(_ host: String) -> String {
        if host.isEmpty || host.hasPrefix("[") || isIPv4(host) { return host }
        let bytes = Array(host.utf8)
        // Starts of the last four labels, from the end.
        var labelStarts: [Int] = []
        var index = bytes.count
        while index > 0 && labelStarts.count < 4 {
            index -= 1
            if bytes[index] == UInt8(ascii: ".") { labelStarts.append(index + 1) }
        }
        if labelStarts.count < 4 && index == 0 { labelStarts.append(0) }
        guard labelStarts.count > 1 else { return host }
        func tail(_ labels: Int) -> String { String(decoding: bytes[labelStarts[labels - 1]...], as: UTF8.self) }
        var suffixLabels = 1
        if labelStarts.count >= 4, multiLabelSuffixes.contains(tail(3)) {
            suffixLabels = 3
        } else if multiLabelSuffixes.contains(tail(2)) {
            suffixLabels = 2
        }
        guard labelStarts.count > suffixLabels else { return host }
        return tail(suffixLabels + 1)
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
