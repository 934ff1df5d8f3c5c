// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "wkpack",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "wkpack", targets: ["wkpack"]),
        .library(name: "ScriptBundler", targets: ["ScriptBundler"]),
        .library(name: "BlockListCompiler", targets: ["BlockListCompiler"]),
        // For the separate fuzzing package in Fuzz/ (the config loader target).
        .library(name: "WKPackCLI", targets: ["WKPackCLI"]),
        .plugin(name: "WKPackCommandPlugin", targets: ["WKPackCommandPlugin"]),
        .plugin(name: "WKPackBuildToolPlugin", targets: ["WKPackBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // Libraries: all logic, no printing.
        // The bundler's stages, one target each, lowest first: a stage may import only the stages below it, so the
        // compiler forbids a backward reference (as Go's packages do for esbuild's). Syntax (lexer, tree, parser,
        // printer, source maps); the targets' syntax features and lowering; modules (resolution, discovery, the
        // module graph, linking, hoisting, tree shaking); the minifier; then assembly, size, output and watch.
        .target(name: "ScriptSyntax", dependencies: ["WKPackSupport"]),
        .target(name: "ScriptLowering", dependencies: ["ScriptSyntax"]),
        .target(name: "ScriptModules", dependencies: ["ScriptLowering"]),
        .target(name: "ScriptMinify", dependencies: ["ScriptModules"]),
        .target(name: "ScriptBundler", dependencies: ["ScriptMinify"]),
        .target(name: "BlockListCompiler", dependencies: ["WKPackSupport"]),
        // What both libraries and the command line use: paths, files, folder locks, worker pools and their results,
        // line terminators.
        .target(name: "WKPackSupport"),
        // The command-line layer: config loading, argument parsing, formatting and printing.
        .target(
            name: "WKPackCLI",
            dependencies: [
                "ScriptBundler",
                "BlockListCompiler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "wkpack", dependencies: ["WKPackCLI", "ScriptBundler"]),
        // SwiftPM and Xcode integration: `swift package wkpack build`, and bundling at build time.
        .plugin(
            name: "WKPackCommandPlugin",
            capability: .command(
                intent: .custom(verb: "wkpack", description: "Run wkpack (default: build) in the package folder."),
                permissions: [.writeToPackageDirectory(reason: "wkpack writes the bundles and content-blocking lists.")]),
            dependencies: ["wkpack"]),
        .plugin(name: "WKPackBuildToolPlugin", capability: .buildTool(), dependencies: ["wkpack"]),
        // Test helpers shared by the test targets (running child processes without Foundation's Process).
        .target(name: "WKPackTestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "ScriptBundlerTests", dependencies: ["ScriptBundler", "WKPackSupport", "WKPackTestSupport"],
            exclude: ["Fixtures", "Size/Fixtures"]),
        .testTarget(
            name: "BlockListCompilerTests", dependencies: ["BlockListCompiler", "WKPackTestSupport"],
            exclude: ["Fixtures", "Generation/Fixtures", "Conversion/Fixtures", "Cost/Fixtures"]),
        .testTarget(
            name: "WKPackCLITests",
            dependencies: ["WKPackCLI", "WKPackTestSupport", .product(name: "Yams", package: "Yams")], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
