import ScriptBundler

/// Formats the per-output and total lines printed after a bundle build.
enum BuildReport {
    static func lines(bundles: [GroupBundle], written: [WrittenFile], output: String, total: Duration) -> [String] {
        let unchanged = Set(written.filter { !$0.changed }.map(\.path))
        var lines: [String] = []
        var codeBytes = 0
        var mapBytes = 0
        let width = bundles.map(\.group.outputFileName.count).max() ?? 0
        for bundle in bundles {
            codeBytes += bundle.code.count
            var line = bundle.group.outputFileName.padding(toLength: width) + "  " + size(bundle.code.count)
            // The map's byte count, not its joined bytes (step 4z).
            if let map = bundle.mapParts {
                mapBytes += map.count
                line += "  map " + size(map.count)
            }
            line += "  \(bundle.group.files.count) file\(bundle.group.files.count == 1 ? "" : "s")  " + milliseconds(bundle.duration)
            if unchanged.contains(output.hasSuffix("/") ? output + bundle.group.outputFileName : output + "/" + bundle.group.outputFileName)
            {
                line += "  (unchanged)"
            }
            lines.append(line)
        }
        var totalLine = "\(bundles.count) bundle\(bundles.count == 1 ? "" : "s") in \(output): " + size(codeBytes)
        if mapBytes > 0 { totalLine += ", maps " + size(mapBytes) }
        totalLine += ", " + milliseconds(total)
        lines.append(totalLine)
        return lines
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        return decimal(Double(bytes) / 1024, places: 1) + " KB"
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return decimal(ms, places: 1) + " ms"
    }

    private static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(whole)." + String(repeating: "0", count: max(0, places - fraction.count)) + fraction
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
