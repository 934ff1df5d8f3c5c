import Foundation

/// Locates `../shared` relative to the package root and the fixtures next to these tests.
enum SharedCorpus {
    /// The package root, from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/<relative>` from the package root.
    static func url(_ relative: String) -> URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared").appendingPathComponent(relative)
    }

    /// The bytes of a shared file, or nil when it is absent.
    static func bytes(_ relative: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: url(relative).path) else { return nil }
        return [UInt8](data)
    }

    /// The fixture folder next to these tests.
    static let fixtures: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The bytes of a fixture.
    static func fixture(_ name: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: fixtures.appendingPathComponent(name).path) ?? Data())
    }

    /// The WebKit oracle, when it can run: the script in ../shared and what it loads, Debian's python3-gi (for
    /// /usr/bin/python3) and gir1.2-webkit-6.0 (WebKitGTK's WebKit 6.0 typelib).
    static var oracle: URL? {
        let url = url("tools/webkit-oracle")
        return FileManager.default.isExecutableFile(atPath: url.path) && oracleAbsence == nil ? url : nil
    }

    /// Why the oracle cannot run here (what to install), or nil when it can.
    static var oracleAbsence: String? {
        var missing: [String] = []
        if !FileManager.default.isExecutableFile(atPath: url("tools/webkit-oracle").path) {
            missing.append("../shared/tools/webkit-oracle")
        }
        if !FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi/__init__.py") {
            missing.append("Debian's python3-gi")
        }
        let libraries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        let typelib = libraries.filter { $0.hasSuffix("-linux-gnu") }.map { "/usr/lib/\($0)/girepository-1.0/WebKit-6.0.typelib" }
        if !typelib.contains(where: { FileManager.default.fileExists(atPath: $0) }) { missing.append("Debian's gir1.2-webkit-6.0") }
        guard !missing.isEmpty else { return nil }
        return
            "the WebKit oracle needs \(missing.joined(separator: ", ")) (apt-get install -y --no-install-recommends python3-gi gir1.2-webkit-6.0)"
    }
}
