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
        lexicalProject = AbsolutePath.make(projectFolder)
        resolvedProject = Self.resolve(lexicalProject)
    }

    /// Why `path` is outside the project, or `nil` when it is inside.
    func escape(_ path: String) -> String? {
        let lexical = AbsolutePath.make(path)
        if !Paths.isSameOrInside(lexical, lexicalProject) {
            return "'\(path)' is outside the project folder '\(lexicalProject)'"
        }
        let resolved = Self.resolve(lexical)
        if !Paths.isSameOrInside(resolved, resolvedProject) {
            return "'\(path)' leads outside the project folder through a symbolic link (to '\(resolved)')"
        }
        return nil
    }

    /// A folder whose files are checked with one `lstat` each instead of resolving every path.
    struct Folder {
        /// The folder as configured (for the fallback to a full check).
        let path: String
        /// Absolute and normalized; `nil` when the folder is not inside the project lexically.
        let lexical: String?
        /// `lexical` with symbolic links resolved.
        let resolved: String
    }

    func folder(_ path: String) -> Folder {
        let lexical = AbsolutePath.make(path)
        guard Paths.isSameOrInside(lexical, lexicalProject) else { return Folder(path: path, lexical: nil, resolved: "") }
        return Folder(path: path, lexical: lexical, resolved: Self.resolve(lexical))
    }

    /// `escape(folder.path + "/" + name)`: a plain file name in a folder inside the project only needs a check that
    /// the file is not itself a symbolic link (resolving a path that is no link just appends it to its folder's).
    func escape(_ name: String, in folder: Folder) -> String? {
        guard let lexical = folder.lexical, !name.isEmpty, name != ".", name != "..", !name.utf8.contains(0x2F) else {
            return escape(folder.path + "/" + name)
        }
        let path = lexical == "/" ? "/" + name : lexical + "/" + name
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
            return escape(folder.path + "/" + name)
        }
        let resolved = folder.resolved == "/" ? "/" + name : folder.resolved + "/" + name
        if !Paths.isSameOrInside(resolved, resolvedProject) {
            return "'\(folder.path + "/" + name)' leads outside the project folder through a symbolic link (to '\(resolved)')"
        }
        return nil
    }

    /// The parts separated by `/`. Written out rather than `joined(separator:)`, whose generic path looks up a
    /// protocol conformance at run time (a scan of every conformance record of the binary, at each start), and so
    /// does appending a `Substring` to a `String`.
    private static func joinedWithSlashes(_ parts: [String]) -> String {
        var result = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { result += "/" }
            result += part
        }
        return result
    }

    /// Resolves symbolic links in the longest existing prefix of the absolute `path` and appends the rest.
    static func resolve(_ path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        var rest: [String] = []
        while true {
            let prefix = "/" + Self.joinedWithSlashes(parts)
            if let resolved = realPath(prefix) {
                let joined = Self.joinedWithSlashes([resolved == "/" ? "" : resolved] + rest)
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
}
