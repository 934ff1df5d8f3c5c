/// Minimal string path arithmetic ("/"-separated), independent of the file system.
public enum Paths {
    package static func join(_ base: String, _ component: String) -> String {
        if component.hasPrefix("/") { return component }
        if base.isEmpty || base == "." { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// Removes `.`, empty components and resolves `..` lexically; keeps a leading `/`. Works on the UTF-8 bytes
    /// (`/` and `.` are ASCII, so components split there are whole characters).
    package static func normalize(_ path: String) -> String {
        if isNormalized(path) { return path }
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            let isAbsolute = bytes.first == slash
            // Kept components as byte ranges of `bytes`.
            var parts: [Range<Int>] = []
            var start = 0
            var index = 0
            let end = bytes.count
            while index <= end {
                if index == end || bytes[index] == slash {
                    let length = index - start
                    let isDot = length == 1 && bytes[start] == dot
                    let isDotDot = length == 2 && bytes[start] == dot && bytes[start + 1] == dot
                    if length == 0 || isDot {
                        // Skipped.
                    } else if isDotDot, let last = parts.last,
                        !(last.count == 2 && bytes[last.lowerBound] == dot
                            && bytes[last.lowerBound + 1] == dot)
                    {
                        parts.removeLast()
                    } else if !(isDotDot && isAbsolute) {
                        parts.append(start..<index)
                    }
                    start = index + 1
                }
                index += 1
            }
            var result: [UInt8] = []
            result.reserveCapacity(end + 1)
            if isAbsolute { result.append(slash) }
            for (k, part) in parts.enumerated() {
                if k > 0 { result.append(slash) }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[part]))
            }
            if result.isEmpty { result.append(dot) }
            return String(decoding: result, as: UTF8.self)
        }
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
    /// Compares components as UTF-8 bytes.
    package static func relative(_ path: String, from base: String) -> String {
        var target = normalize(path), origin = normalize(base)
        return target.withUTF8 { target in origin.withUTF8 { relative(target, from: $0) } }
    }

    /// `relative` on the normalized paths' bytes: the components are walked in place (no array of them).
    private static func relative(_ target: UnsafeBufferPointer<UInt8>, from origin: UnsafeBufferPointer<UInt8>) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        // The next non-empty component at or after `index` (`.` components skipped where asked).
        func component(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, skippingDots: Bool) -> Range<Int>? {
            var start = index
            while true {
                while start < bytes.count, bytes[start] == slash { start += 1 }
                guard start < bytes.count else { return nil }
                var end = start
                while end < bytes.count, bytes[end] != slash { end += 1 }
                if skippingDots, end - start == 1, bytes[start] == dot {
                    start = end
                    continue
                }
                return start..<end
            }
        }
        var t = component(target, from: 0, skippingDots: false)
        var o = component(origin, from: 0, skippingDots: true)
        while let tc = t, let oc = o, tc.count == oc.count,
            UnsafeBufferPointer(rebasing: target[tc]).elementsEqual(UnsafeBufferPointer(rebasing: origin[oc]))
        {
            t = component(target, from: tc.upperBound, skippingDots: false)
            o = component(origin, from: oc.upperBound, skippingDots: true)
        }
        var result: [UInt8] = []
        result.reserveCapacity(target.count + 3 * origin.count / 2)
        while let oc = o {
            if !result.isEmpty { result.append(slash) }
            result.append(dot)
            result.append(dot)
            o = component(origin, from: oc.upperBound, skippingDots: true)
        }
        while let tc = t {
            if !result.isEmpty { result.append(slash) }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: target[tc]))
            t = component(target, from: tc.upperBound, skippingDots: false)
        }
        return result.isEmpty ? "." : String(decoding: result, as: UTF8.self)
    }

    /// Whether `path` equals `folder` or lies inside it (lexically).
    public static func isSameOrInside(_ path: String, _ folder: String) -> Bool {
        let p = normalize(path), f = normalize(folder)
        if p == f { return true }
        return p.hasPrefix(f == "/" ? "/" : f + "/")
    }

    /// The folder containing `path` (`/` for a top-level item, `.` for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.utf8.startIndex { return "/" }
        return String(path.utf8[..<slash]) ?? String(path[..<slash])
    }

    /// The last component of `path`.
    package static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        let rest = path.utf8[path.utf8.index(after: slash)...]
        return String(rest) ?? String(path[path.utf8.index(after: slash)...])
    }
}
