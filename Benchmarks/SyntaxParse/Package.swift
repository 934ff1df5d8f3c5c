// swift-tools-version: 6.0
// Parse time of the syntax-tree parser (`SyntaxParser`) against today's `JavaScriptParser` over the same tokens.
// Run with ../../scripts/bench/syntax-parse.
import PackageDescription

let package = Package(
    name: "syntax-parse-bench",
    dependencies: [
        .package(name: "wkpack", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "syntax-parse-bench",
            dependencies: [.product(name: "ScriptBundler", package: "wkpack")]
        )
    ],
    swiftLanguageModes: [.v6]
)
