import ScriptModules
import ScriptSyntax
import WKPackSupport

/// esbuild's metafile for a build (`inputs` and `outputs`, with the bytes each input contributes to each output),
/// so esbuild's bundle analyzer and similar tools open wkpack builds. Paths are relative to the project folder.
///
/// Every output file is listed: each bundle, then its external map and license file (those with no inputs). An
/// output's `bytes` minus the sum of its inputs' `bytesInOutput` is what wkpack generated (wrappers, the module
/// runtime, the `//# sourceMappingURL` comment).
public struct Metafile: Sendable, Equatable {
    /// One file the bundles read, as the metafile's `inputs` lists it.
    public struct Input: Sendable, Equatable {
        /// The file's path, relative to the project folder.
        public let path: String
        /// The file's size in bytes.
        public let bytes: Int
        /// What the file imports, resolved.
        public let imports: [BundleModule.Import]
        /// `esm` or `cjs`; `nil` for plain scripts and JSON.
        public let format: BundleModule.Format?
    }

    /// One written file, as the metafile's `outputs` lists it.
    public struct Output: Sendable, Equatable {
        /// The file's path, relative to the project folder.
        public let path: String
        /// The file's size in bytes.
        public let bytes: Int
        /// Inputs in the bundle's module order, each with its bytes in this output.
        public let inputs: [ByteAttribution.Share]
        /// The group's only file, when it has exactly one (a group of several entry files has no single entry
        /// point).
        public let entryPoint: String?
    }

    /// Sorted by path; a module shared by several bundles is listed once.
    public let inputs: [Input]
    /// Bundles in group order, each followed by its map and license file.
    public let outputs: [Output]

    /// The metafile of `bundles`, built with `configuration` (whose `analyzesSize` gives each bundle its
    /// `size`; a bundle without one is listed with no inputs).
    public init(bundles: [GroupBundle], configuration: BundleConfiguration) {
        let project = AbsolutePath.make(configuration.projectFolder)
        let output = AbsolutePath.make(configuration.output)
        func outputPath(_ name: String) -> String { Paths.relative(Paths.join(output, name), from: project) }
        var inputsByPath: [String: Input] = [:]
        var outputs: [Output] = []
        for bundle in bundles {
            let modules = bundle.size?.modules ?? []
            for module in modules where inputsByPath[module.path] == nil {
                inputsByPath[module.path] = Input(
                    path: module.path, bytes: module.byteCount, imports: module.imports, format: module.format)
            }
            var shares: [ByteAttribution.Share] = []
            if let attribution = bundle.size?.attribution {
                let byPath = Dictionary(attribution.inputs.map { ($0.path, $0.bytesInOutput) }, uniquingKeysWith: +)
                var listed: Set<String> = []
                for module in modules {
                    guard let bytes = byPath[module.path], listed.insert(module.path).inserted else { continue }
                    shares.append(ByteAttribution.Share(path: module.path, bytesInOutput: bytes))
                }
                // Sources the map names that are no module of the list (none expected): after them, by path.
                for share in attribution.inputs.sorted(by: { $0.path < $1.path }) where !listed.contains(share.path) {
                    shares.append(share)
                    if inputsByPath[share.path] == nil {
                        inputsByPath[share.path] = Input(path: share.path, bytes: share.bytesInOutput, imports: [], format: nil)
                    }
                }
            }
            let entries = modules.filter(\.isEntry)
            outputs.append(
                Output(
                    path: outputPath(bundle.group.outputFileName), bytes: bundle.code.count, inputs: shares,
                    entryPoint: entries.count == 1 ? entries[0].path : nil))
            if let map = bundle.mapParts, let name = bundle.mapFileName {
                outputs.append(Output(path: outputPath(name), bytes: map.count, inputs: [], entryPoint: nil))
            }
            if let license = bundle.license, let name = bundle.licenseFileName {
                outputs.append(Output(path: outputPath(name), bytes: license.count, inputs: [], entryPoint: nil))
            }
        }
        self.inputs = inputsByPath.values.sorted { $0.path < $1.path }
        self.outputs = outputs
    }

    /// The metafile as JSON (two-space indentation, keys in esbuild's order, a final line break).
    public func json() -> [UInt8] {
        var out: [UInt8] = []
        func text(_ string: String) { out.append(contentsOf: Array(string.utf8)) }
        func string(_ value: String) { JSONStringEscaping.append(Array(value.utf8), to: &out) }
        func imports(_ list: [BundleModule.Import], indent: String) {
            guard !list.isEmpty else { return text("[]") }
            text("[\n")
            for (index, item) in list.enumerated() {
                text(indent + "  {\"path\": ")
                string(item.path)
                text(", \"kind\": ")
                string(item.kind.rawValue)
                text(index + 1 < list.count ? "},\n" : "}\n")
            }
            text(indent + "]")
        }
        text("{\n  \"inputs\": {")
        for (index, input) in inputs.enumerated() {
            text(index == 0 ? "\n    " : ",\n    ")
            string(input.path)
            text(": {\n      \"bytes\": \(input.bytes),\n      \"imports\": ")
            imports(input.imports, indent: "      ")
            if let format = input.format {
                text(",\n      \"format\": ")
                string(format.rawValue)
            }
            text("\n    }")
        }
        text(inputs.isEmpty ? "},\n" : "\n  },\n")
        text("  \"outputs\": {")
        for (index, output) in outputs.enumerated() {
            text(index == 0 ? "\n    " : ",\n    ")
            string(output.path)
            text(": {\n      \"imports\": [],\n      \"exports\": [],\n")
            if let entryPoint = output.entryPoint {
                text("      \"entryPoint\": ")
                string(entryPoint)
                text(",\n")
            }
            text("      \"inputs\": {")
            for (k, share) in output.inputs.enumerated() {
                text(k == 0 ? "\n        " : ",\n        ")
                string(share.path)
                text(": {\"bytesInOutput\": \(share.bytesInOutput)}")
            }
            text(output.inputs.isEmpty ? "},\n" : "\n      },\n")
            text("      \"bytes\": \(output.bytes)\n    }")
        }
        text(outputs.isEmpty ? "}\n}\n" : "\n  }\n}\n")
        return out
    }
}
