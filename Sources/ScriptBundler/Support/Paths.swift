/// Minimal string path arithmetic ("/"-separated), independent of the file system.
enum Paths {
    static func join(_ base: String, _ component: String) -> String {
        if component.hasPrefix("/") { return component }
        if base.isEmpty || base == "." { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// Removes `.`, empty components and resolves `..` lexically; keeps a leading `/`.
    static func normalize(_ path: String) -> String {
        if isNormalized(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", isAbsolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `normalize` would return `path` unchanged: not empty, no empty, `.` or `..` component, no
    /// trailing `/` (except `/` itself). A byte scan, so already-clean paths (the common case) cost no copies.
    static func isNormalized(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { isNormalized(bytes: $0) }
    }

    private static func isNormalized(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let end = bytes.count
        guard end > 0 else { return false }
        if end == 1 { return bytes[0] != dot }
        var componentStart = 0
        var index = 0
        while index <= end {
            if index == end || bytes[index] == slash {
                let length = index - componentStart
                // An empty component is only allowed as the leading one of an absolute path.
                if length == 0, componentStart != 0 || index == end { return false }
                if length == 1, bytes[componentStart] == dot { return false }
                if length == 2, bytes[componentStart] == dot, bytes[componentStart + 1] == dot { return false }
                componentStart = index + 1
            }
            index += 1
        }
        return true
    }

    /// `path` relative to the folder `base` (both normalized absolute, or both relative to the same folder).
    static func relative(_ path: String, from base: String) -> String {
        let target = normalize(path).split(separator: "/")
        let origin = normalize(base).split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let ups = Array(repeating: Substring(".."), count: origin.count - common)
        let rest = ups + target[common...]
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// Whether `path` equals `folder` or lies inside it (lexically).
    static func isSameOrInside(_ path: String, _ folder: String) -> Bool {
        let p = normalize(path), f = normalize(folder)
        if p == f { return true }
        return p.hasPrefix(f == "/" ? "/" : f + "/")
    }

    /// The folder containing `path` (`/` for a top-level item, `.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
