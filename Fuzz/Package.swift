// swift-tools-version: 6.0
// libFuzzer targets for wkpack. Build separately so the main package's build is unaffected:
//   swift build -c debug -Xswiftc -sanitize=fuzzer,address
// or run them all for a bounded time with ../scripts/fuzz/run.
import PackageDescription

let package = Package(
    name: "wkpack-fuzz",
    dependencies: [
        .package(name: "wkpack", path: "..")
    ],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzJavaScriptTokenizer",
            dependencies: ["FuzzDriver", .product(name: "ScriptBundler", package: "wkpack")]
        ),
        .executableTarget(
            name: "FuzzScriptBundler",
            dependencies: ["FuzzDriver", .product(name: "ScriptBundler", package: "wkpack")]
        ),
        .executableTarget(
            name: "FuzzSyntaxTree",
            dependencies: ["FuzzDriver", .product(name: "ScriptBundler", package: "wkpack")]
        ),
        .executableTarget(
            name: "FuzzSourceMapVLQ",
            dependencies: ["FuzzDriver", .product(name: "ScriptBundler", package: "wkpack")]
        ),
        .executableTarget(
            name: "FuzzConfigLoader",
            dependencies: ["FuzzDriver", .product(name: "WKPackCLI", package: "wkpack")]
        ),
        .executableTarget(
            name: "FuzzJSONReader",
            dependencies: ["FuzzDriver", .product(name: "BlockListCompiler", package: "wkpack")]
        ),
        .executableTarget(
            name: "FuzzRuleValidator",
            dependencies: ["FuzzDriver", .product(name: "BlockListCompiler", package: "wkpack")]
        ),
        .executableTarget(
            name: "FuzzURLFilterParser",
            dependencies: ["FuzzDriver", .product(name: "BlockListCompiler", package: "wkpack")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
