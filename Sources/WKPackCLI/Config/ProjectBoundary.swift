import Foundation
import ScriptBundler

/// Keeps configured paths inside the project folder: a path from `wkpack.yml` that leaves it, lexically
/// (`../x`, `/abs`) or through a symbolic link, is refused unless the configuration sets
/// `allowOutsideProject: true`. Paths given on the command line are the user's explicit choice and not checked.
struct ProjectBoundary {
    /// The project folder, absolute and with symbolic links resolved.
    let resolvedProject: String
    /// The project folder, absolute and normalized (links not resolved).
    let lexicalProject: String

    init(projectFolder: String) {
        lexicalProject = Self.absolute(projectFolder)
        resolvedProject = Self.resolve(lexicalProject)
    }

    /// Why `path` is outside the project, or `nil` when it is inside.
    func escape(_ path: String) -> String? {
        let lexical = Self.absolute(path)
        if !Self.isSameOrInside(lexical, lexicalProject) {
            return "'\(path)' is outside the project folder '\(lexicalProject)'"
        }
        let resolved = Self.resolve(lexical)
        if !Self.isSameOrInside(resolved, resolvedProject) {
            return "'\(path)' leads outside the project folder through a symbolic link (to '\(resolved)')"
        }
        return nil
    }

    /// `path` made absolute against the current directory, with `.`, `..` and repeated `/` removed lexically.
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Resolves symbolic links in the longest existing prefix of the absolute `path` and appends the rest.
    static func resolve(_ path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        var rest: [String] = []
        while true {
            let prefix = "/" + parts.joined(separator: "/")
            if let resolved = realPath(prefix) {
                let joined = ([resolved == "/" ? "" : resolved] + rest).joined(separator: "/")
                return joined.isEmpty ? "/" : joined
            }
            guard let last = parts.popLast() else { return path }
            rest.insert(last, at: 0)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func isSameOrInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
