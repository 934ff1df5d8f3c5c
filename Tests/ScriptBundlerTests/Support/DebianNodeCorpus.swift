import Foundation
import Testing

/// The Debian packages `.ci/run` installs for the tests (listed in `.ci/debian-packages`) and the real-world
/// JavaScript they put under /usr/share/nodejs. Tests read only the folders the list names, so what else is
/// installed on the machine changes nothing; a test that needs a package is enabled only when it is installed
/// and otherwise skips with the package's name.
enum DebianNodeCorpus {
    static let root = "/usr/share/nodejs"

    /// One line of `.ci/debian-packages`: a Debian package and the folders it adds under `root`.
    struct Package: Sendable, CustomStringConvertible {
        let name: String
        let folders: [String]
        var description: String { name }

        /// Whether every folder the package should add is there.
        var isInstalled: Bool {
            folders.allSatisfy { FileManager.default.fileExists(atPath: DebianNodeCorpus.root + "/" + $0) }
        }

        /// The package's `.js` files (absolute paths, sorted), without its `test/` and `fixtures/` folders.
        func javaScriptFiles() -> [String] {
            var files: [String] = []
            for folder in folders {
                let base = DebianNodeCorpus.root + "/" + folder
                guard let enumerator = FileManager.default.enumerator(atPath: base) else { continue }
                while let relative = enumerator.nextObject() as? String {
                    guard relative.hasSuffix(".js"), !("/" + relative).contains("/test/"), !("/" + relative).contains("/fixtures/") else {
                        continue
                    }
                    var isDirectory: ObjCBool = false
                    let path = base + "/" + relative
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                        files.append(path)
                    }
                }
            }
            return files.sorted()
        }
    }

    /// `.ci/debian-packages`, found from this file's path (Tests/ScriptBundlerTests/Support/).
    static let listPath: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".ci/debian-packages").path

    /// Every package in the list (peer tools have no folders).
    static let packages: [Package] = {
        guard let text = try? String(contentsOfFile: listPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let name = words.first, !name.hasPrefix("#") else { return nil }
            return Package(name: name, folders: Array(words.dropFirst()))
        }
    }()

    /// The packages whose folders make up the corpus.
    static var corpus: [Package] { packages.filter { !$0.folders.isEmpty } }

    /// The listed packages named `names` (all of the corpus when `names` is empty).
    static func packages(_ names: [String]) -> [Package] {
        names.isEmpty ? corpus : packages.filter { names.contains($0.name) }
    }

    /// Whether the named node packages (default: the whole corpus) are installed. False when the list is
    /// unreadable or does not name one of them.
    static func isInstalled(_ names: String...) -> Bool {
        let found = packages(names)
        return !found.isEmpty && (names.isEmpty || found.count == names.count) && found.allSatisfy(\.isInstalled)
    }

    /// The skip reason for a test that needs the named packages (default: the whole corpus).
    static func absence(_ names: String...) -> Comment {
        let wanted = names.isEmpty ? corpus.map(\.name) : names
        guard !wanted.isEmpty else { return Comment(rawValue: "cannot read the package list \(listPath)") }
        let missing = wanted.filter { name in !(packages.first { $0.name == name }?.isInstalled ?? false) }
        return Comment(
            rawValue: "needs Debian's \(missing.joined(separator: ", ")) under \(root) "
                + "(apt-get install -y --no-install-recommends \(wanted.joined(separator: " ")); .ci/run installs them from .ci/debian-packages)"
        )
    }

    /// Whether an executable from a Debian package is on `PATH`, and the skip reason when it is not.
    static func hasTool(_ name: String) -> Bool { TestSupport.executable(name) != nil }

    static func toolAbsence(_ name: String, package: String) -> Comment {
        Comment(
            rawValue:
                "\(name) is not on PATH (Debian's \(package): apt-get install -y --no-install-recommends \(package); .ci/run installs it)")
    }

    /// Every `stride`-th file of each package, starting with its first, so every package is in the sample.
    static func sample(_ packages: [Package], stride: Int) -> [(package: Package, path: String)] {
        packages.flatMap { package in
            package.javaScriptFiles().enumerated().filter { $0.offset % max(stride, 1) == 0 }.map { (package, $0.element) }
        }
    }
}
