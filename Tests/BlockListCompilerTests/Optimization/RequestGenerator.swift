@testable import BlockListCompiler

/// A small deterministic random number generator (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Builds requests from the rules themselves (URLs each url-filter matches, near misses, tops from the domain
/// lists and top-url patterns, every resource type, load context and some methods, fragments, tops holding a listed
/// domain outside their host) plus random URLs.
struct RequestGenerator {
    private var random: SeededGenerator
    private var samples: [String] = []
    private var tops: [String] = ["https://www.news.example/", "http://shop.example.org/cart", "https://blog.example.net/post?id=1"]
    private static let hosts = [
        "cdn.example.com", "ads.example.net", "static.site.org", "a.b.c.example.co.uk", "tracker.test", "www.google.com",
    ]
    private static let pathChars = Array("abcdefghijklmnopqrstuvwxyz0123456789/._-?=&".utf8)

    init(rules: [Rule], seed: UInt64) {
        random = SeededGenerator(state: seed)
        let parser = URLFilterParser()
        for rule in rules {
            if let pattern = parser.parseTerms(rule.trigger.urlFilter, isCaseSensitive: true).pattern {
                samples.append(sample(pattern))
                samples.append(mutate(sample(pattern)))
            }
            guard let condition = rule.trigger.condition else { continue }
            for value in condition.values.prefix(3) {
                if condition.kind.isDomainList {
                    let domain = value.hasPrefix("*") ? String(value.dropFirst()) : value
                    tops.append("https://\(domain)/")
                    tops.append("http://www.\(domain)/page")
                } else if let pattern = parser.parseTerms(value, isCaseSensitive: true).pattern {
                    tops.append(sample(pattern))
                }
            }
        }
        if samples.isEmpty { samples = ["http://example.com/"] }
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[Int(random.next() % UInt64(values.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// A string the pattern matches, made absolute when the pattern does not start with a scheme.
    private mutating func sample(_ pattern: URLFilterPattern) -> String {
        var bytes: [UInt8] = []
        emit(pattern.terms, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        if pattern.isAnchoredAtStart, text.contains("://") || text.contains(":") { return text }
        return "http://" + pick(RequestGenerator.hosts) + (text.hasPrefix("/") ? "" : "/") + text
    }

    private mutating func emit(_ terms: [URLFilterTerm], into bytes: inout [UInt8]) {
        for term in terms {
            let count: Int
            switch term.quantifier {
            case .one: count = 1
            case .zeroOrOne: count = chance(60) ? 1 : 0
            case .zeroOrMore: count = Int(random.next() % 3)
            case .oneOrMore: count = 1 + Int(random.next() % 2)
            }
            for _ in 0..<count {
                switch term.atom {
                case .set(let set):
                    if set == .endOfLine { continue }
                    let units = set.units.filter { $0 > 0x20 && $0 < 0x7F && $0 != 0x23 }
                    if units.isEmpty { continue }
                    let preferred = units.filter { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2F || $0 == 0x2E }
                    bytes.append(pick(preferred.isEmpty || chance(10) ? units : preferred))
                case .group(let inner):
                    emit(inner, into: &bytes)
                }
            }
        }
    }

    /// The sample with one byte changed, dropped or duplicated (a near miss).
    private mutating func mutate(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.count > 10 else { return text }
        let index = 8 + Int(random.next() % UInt64(bytes.count - 8))
        switch random.next() % 3 {
        case 0: bytes[index] = pick(RequestGenerator.pathChars)
        case 1: bytes.remove(at: index)
        default: bytes.insert(bytes[index], at: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func randomURL() -> String {
        var path = ""
        for _ in 0..<(1 + random.next() % 20) { path.append(Character(Unicode.Scalar(pick(RequestGenerator.pathChars)))) }
        return (chance(50) ? "https://" : "http://") + pick(RequestGenerator.hosts) + "/" + path
    }

    /// The next request.
    mutating func next() -> MatchRequest {
        var url = chance(80) ? pick(samples) : randomURL()
        // Fragments: WebKit drops them for most types, keeps them for popups and evaluates media and pings twice.
        if chance(15), !url.contains("#") { url += "#" + pick(["", "x", "a.js", String(pick(samples).suffix(6))]) }
        let type = pick(RequestResourceType.allCases)
        var top: String
        switch random.next() % 4 {
        case 0: top = url
        case 1: top = randomURL()
        default: top = pick(tops)
        }
        // A listed domain outside the top's host (WebKit searches domain patterns in the whole top URL).
        if chance(10), let host = CanonicalURL(top)?.host, !host.isEmpty { top = "http://elsewhere.example/?u=http://" + host + "/" }
        if chance(20), let host = CanonicalURL(url)?.host, !host.isEmpty { top = "https://" + host + "/index.html" }
        var request = MatchRequest(url: url, resourceType: type, topURL: top)
        if chance(15) { request.frameURL = chance(50) ? pick(tops) : randomURL() }
        if chance(15) { request.loadContext = pick(LoadContext.allCases) }
        if chance(10) { request.method = pick(RequestMethod.allCases) }
        return request
    }
}
