/// The regular expression WebKit builds from an `if-domain` / `unless-domain` entry (`getDomainList`).
struct DomainRegex {
    /// The regex text, as UTF-16 units.
    var units: [UInt16]
    /// For each regex unit, the index of the domain character it came from (nil for the generated parts).
    var sourceIndex: [Int?]

    private static let prefix = Array("[a-z][a-z+.-]*:\\/\\/".utf16)
    private static let subdomains = Array("([^/]*\\.)*".utf16)
    private static let suffix = Array("[:/]".utf16)
    private static let escaped: Set<UInt16> = Set("\\{}[.?*$".utf16)

    init(domain: String) {
        var units = DomainRegex.prefix
        var sourceIndex = [Int?](repeating: nil, count: units.count)
        var characters = Array(domain.utf16)
        var firstIndex = 0
        if characters.first == UInt16(UInt8(ascii: "*")) {
            units += DomainRegex.subdomains
            sourceIndex += [Int?](repeating: 0, count: DomainRegex.subdomains.count)
            characters.removeFirst()
            firstIndex = 1
        }
        for (offset, unit) in characters.enumerated() {
            if DomainRegex.escaped.contains(unit) {
                units.append(UInt16(UInt8(ascii: "\\")))
                sourceIndex.append(firstIndex + offset)
            }
            units.append(unit)
            sourceIndex.append(firstIndex + offset)
        }
        units += DomainRegex.suffix
        sourceIndex += [Int?](repeating: nil, count: DomainRegex.suffix.count)
        self.units = units
        self.sourceIndex = sourceIndex
    }

    var text: String { String(decoding: units, as: UTF16.self) }
}
