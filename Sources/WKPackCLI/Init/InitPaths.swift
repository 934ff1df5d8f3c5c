import Foundation
import ScriptBundler

/// Path arithmetic for `wkpack init`: absolute, normalized paths and paths relative to the project folder.
enum InitPaths {
    /// `path` joined to `base` (unless absolute), made absolute and normalized.
    static func absolute(_ path: String, in base: String) -> String {
        AbsolutePath.make(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// The absolute `path` relative to the absolute `folder` (`..` where needed; `.` for the folder itself).
    static func relative(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/").map(String.init)
        let base = folder.split(separator: "/").map(String.init)
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The folder part of a path (`.` when there is none).
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The entry file of the package folder `folder`: its `package.json` `main` (probed with `.js` and
    /// `/index.js`), else `index.js`; `nil` when none exists.
    static func packageMain(_ folder: String) -> String? {
        var main = "index.js"
        if let data = (try? LocalFileSystem().readFile(at: folder + "/package.json")).map({ Data($0) }),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let declared = object["main"] as? String, !declared.isEmpty
        {
            main = declared
        }
        let base = absolute(main, in: folder)
        for candidate in [base, base + ".js", base + "/index.js"] where isFile(candidate) { return candidate }
        return isFile(folder + "/index.js") ? folder + "/index.js" : nil
    }
}
