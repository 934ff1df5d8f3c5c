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

    /// The WebKit oracle, when installed.
    static var oracle: URL? {
        let url = url("tools/webkit-oracle")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }
}
