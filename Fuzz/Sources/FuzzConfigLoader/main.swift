import FuzzDriver
import WKPackCLI

/// Parses arbitrary text as `wkpack.yml`; it must either load or throw a `ConfigError`, never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let config = try? ProjectConfig.parse(text, path: "fuzz/wkpack.yml") {
        _ = ScriptsJob(config: config).bundleConfiguration()
    }
    return 0
}

// SwiftPM links this file's top-level code as `main`; it hands control to libFuzzer (see `FuzzDriver`).
_ = FuzzDriver.run(CommandLine.argc, CommandLine.unsafeArgv, fuzzConfigLoader)
