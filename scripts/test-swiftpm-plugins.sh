#!/usr/bin/env bash
# Tests the SwiftPM plugins on this machine: creates a temporary sample package that depends on this package by
# local path, runs the command plugin (`swift package --allow-writing-to-package-directory wkpack build`), then
# builds and runs an executable whose target uses the build-tool plugin and reads the bundles from Bundle.module.
# Usage: scripts/test-swiftpm-plugins.sh [--keep]   (prints the sample's folder with --keep)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/wkpack-plugin-sample.XXXXXX")"
if [ "${1:-}" != "--keep" ]; then trap 'rm -rf "$work"' EXIT; fi
# A local dependency's identity is its folder name: copy this checkout's tracked files to a folder named `wkpack`.
mkdir "$work/wkpack"
(cd "$repo" && git ls-files -z | xargs -0 cp --parents -t "$work/wkpack")
sample="$work/PluginSample"

mkdir -p "$sample/Sources/SampleApp/UserScripts/AllFrames/AtDocumentStart" \
         "$sample/Sources/SampleApp/UserScripts/MainFrame/AtDocumentEnd" \
         "$sample/UserScripts/AllFrames/AtDocumentStart"
cat > "$sample/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PluginSample",
    dependencies: [.package(path: "$work/wkpack")],
    targets: [
        .executableTarget(
            name: "SampleApp",
            exclude: ["UserScripts"],
            plugins: [.plugin(name: "WKPackBuildToolPlugin", package: "wkpack")]
        ),
    ]
)
SWIFT
cat > "$sample/Sources/SampleApp/main.swift" <<'SWIFT'
import Foundation

for name in ["AllFramesAtDocumentStart", "MainFrameAtDocumentEnd"] {
    guard let url = Bundle.module.url(forResource: name, withExtension: "js"),
          let text = try? String(contentsOf: url, encoding: .utf8) else {
        print("missing \(name).js")
        exit(1)
    }
    let hasMap = Bundle.module.url(forResource: name + ".js", withExtension: "map") != nil
    print("\(name).js \(text.utf8.count) bytes, map \(hasMap ? "present" : "missing")")
}
SWIFT
printf '/*! sample license */\nconst greeting = "hello from the build-tool plugin";\nwindow.greeting = greeting;\n' \
  > "$sample/Sources/SampleApp/UserScripts/AllFrames/AtDocumentStart/greeting.js"
printf 'window.end = 1;\n' > "$sample/Sources/SampleApp/UserScripts/MainFrame/AtDocumentEnd/end.js"
printf 'scripts:\n  root: UserScripts\n  output: Assets\n  mode: production\n' > "$sample/wkpack.yml"
printf 'const fromCommand = "hello from the command plugin";\nwindow.fromCommand = fromCommand;\n' \
  > "$sample/UserScripts/AllFrames/AtDocumentStart/command.js"

cd "$sample"
echo "== command plugin: swift package --allow-writing-to-package-directory wkpack build"
swift package --allow-writing-to-package-directory wkpack build
test -f Assets/AllFramesAtDocumentStart.js && test -f Assets/AllFramesAtDocumentStart.js.map
grep -q '"hello from the command plugin"' Assets/AllFramesAtDocumentStart.js
node -e 'const s={};s.window=s;require("vm").runInNewContext(require("fs").readFileSync("Assets/AllFramesAtDocumentStart.js","utf8"),s);if(s.fromCommand!=="hello from the command plugin")process.exit(1)'
echo "command plugin: ok"

echo "== build-tool plugin: swift build, then run SampleApp"
swift build
output="$(swift run SampleApp)"
echo "$output"
echo "$output" | grep -q "AllFramesAtDocumentStart.js .* bytes, map present"
echo "$output" | grep -q "MainFrameAtDocumentEnd.js .* bytes, map present"
echo "build-tool plugin: ok"
if [ "${1:-}" = "--keep" ]; then echo "sample kept in $sample"; fi
