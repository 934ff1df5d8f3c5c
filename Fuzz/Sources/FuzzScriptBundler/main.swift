import FuzzDriver
import ScriptBundler

/// A read-only project in memory: the entry script of a group and a package it may import.
struct MemoryProject: BundlerFileSystem {
    static let entry = "/p/UserScripts/AllFrames/AtDocumentStart/a.js"
    static let package = "/p/node_modules/m/index.js"
    let files: [String: [UInt8]]
    let folders: Set<String> = [
        "/", "/p", "/p/UserScripts", "/p/UserScripts/AllFrames", "/p/UserScripts/AllFrames/AtDocumentStart",
        "/p/node_modules", "/p/node_modules/m",
    ]

    struct Refused: Error {}

    func itemKind(at path: String) -> FileItemKind? {
        if files[path] != nil { return .file }
        return folders.contains(path) ? .directory : nil
    }

    func contentsOfDirectory(at path: String) throws -> [String] {
        guard folders.contains(path) else { throw Refused() }
        let prefix = path == "/" ? "/" : path + "/"
        let names = (Array(files.keys) + Array(folders)).filter { $0.hasPrefix(prefix) && $0 != path }
            .map { String($0.dropFirst(prefix.count)) }.filter { !$0.contains("/") }
        return names.sorted()
    }

    func readFile(at path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw Refused() }
        return bytes
    }

    func createDirectory(at path: String) throws { throw Refused() }
    func createFile(at path: String, bytes: [UInt8]) throws { throw Refused() }
    func replaceItem(at destination: String, with source: String) throws { throw Refused() }
    func removeItem(at path: String) throws { throw Refused() }
    func removeEmptyFolder(at path: String) throws { throw Refused() }
    func realPath(of path: String) -> String? { itemKind(at: path) == nil ? nil : path }
}

/// Bundles arbitrary bytes as a group's entry script (and, after a NUL byte, as the package `m` it may import) in
/// production mode (the tree minifier) and in development mode, with source maps. Errors are fine, but for an internal
/// error (wkpack generated code that does not parse); a crash is not, and when every input parses, so must every bundle
/// of each build (the minifier and the module wrappers must never write invalid syntax).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptBundler(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let entry = Array(bytes[..<split])
    let package = split < bytes.count ? Array(bytes[(split + 1)...]) : Array("export default 1;\n".utf8)
    let project = MemoryProject(files: [MemoryProject.entry: entry, MemoryProject.package: package])
    let inputsParse = (try? JavaScriptParser.analyze(entry)) != nil && (try? JavaScriptParser.analyze(package)) != nil
    let bundler = ScriptBundler(fileSystem: project)
    for mode in [BundleMode.production, .development] {
        let configuration = BundleConfiguration(
            root: "/p/UserScripts", output: "/p/Assets", projectFolder: "/p", mode: mode,
            sourceMaps: .external, target: .newest)
        let bundles: [GroupBundle]
        do {
            bundles = try bundler.build(configuration)
        } catch {
            if error.kind == .internalError { fatalError("\(mode): \(error)") }
            continue
        }
        guard inputsParse else { continue }
        for bundle in bundles {
            do {
                _ = try JavaScriptParser.analyze(bundle.code)
            } catch {
                fatalError(
                    "\(bundle.group.outputFileName) (\(mode)) does not parse (\(error.line):\(error.column): \(error.message)):\n"
                        + String(decoding: bundle.code, as: UTF8.self))
            }
        }
    }
    return 0
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzScriptBundler)
