import Foundation
import WKPackTestSupport

@testable import BlockListCompiler

/// The lists the oracle fixtures name, laid out by `scripts/cost/lists.sh` in a temporary folder (once per run).
enum CostFixtureLists {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let sharedFolder = packageRoot.appendingPathComponent("../shared").standardized

    /// One oracle measurement of the fixture file.
    struct Measurement: Decodable {
        var name: String
        var cpu_seconds: Double
        var seconds: Double
        var compiled_bytes: Int?
        var ok: Bool
    }

    /// The lists above 1 MB, measured again alone (`scripts/cost/record.sh --large`): each must be estimated
    /// within 25%.
    static let largeFixture = "oracle-measurements-large.jsonl"

    static func measurements(in file: String) throws -> [Measurement] {
        let text = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Measurement.self, from: Data($0.utf8)) }
    }

    /// Every accepted list's measurement: the first fixture, with the lists the large fixture measured again
    /// replaced by those measurements (as `scripts/cost/fit.py` reads them).
    static func measurements() throws -> [Measurement] {
        let large = try measurements(in: largeFixture)
        let remeasured = Set(large.map(\.name))
        let earlier = try measurements(in: "oracle-measurements.jsonl").filter { !remeasured.contains($0.name) }
        return (earlier + large).filter(\.ok)
    }

    /// Why the lists cannot be laid out here, or nil when they can.
    static let missingTool: String? = {
        let needs = [
            ("../shared/corpus/extra/corpus-extra.tar.xz", sharedFolder.appendingPathComponent("corpus/extra/corpus-extra.tar.xz").path),
            ("tar", "/usr/bin/tar"), ("xz", "/usr/bin/xz"), ("/usr/bin/python3", "/usr/bin/python3"),
        ]
        return needs.first { !FileManager.default.fileExists(atPath: $0.1) }.map {
            "needs \($0.0) (\($0.1)) to lay out the measured lists"
        }
    }()

    /// Where this process lays the lists out.
    static let layoutFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("wkpack-cost-lists-\(ProcessInfo.processInfo.processIdentifier)")

    /// Deletes the layout (`corpus` is a symbolic link: removing it leaves ../shared alone).
    static func removeLayout() {
        try? FileManager.default.removeItem(at: layoutFolder)
    }

    /// The folder holding corpus/, extra/ and generated/, made once.
    static let folder: Result<URL, LayoutFailure> = {
        let dir = layoutFolder
        let result: ChildProcess.Output
        do {
            let child = try ChildProcess(
                "/bin/bash", [packageRoot.appendingPathComponent("scripts/cost/lists.sh").path, dir.path],
                output: .inherit, error: .inherit)
            result = child.finish()
        } catch {
            return .failure(LayoutFailure(message: "scripts/cost/lists.sh did not start: \(error)"))
        }
        // Removed when the test process exits, so runs do not pile up copies (~14 MB each) in the temporary folder.
        atexit { CostFixtureLists.removeLayout() }
        guard result.status == 0 else {
            return .failure(LayoutFailure(message: "scripts/cost/lists.sh exited with \(result.status)"))
        }
        return .success(dir)
    }()

    struct LayoutFailure: Error {
        var message: String
    }

    /// Spearman's rank correlation (average ranks on ties).
    static func spearman(_ x: [Double], _ y: [Double]) -> Double {
        func ranks(_ values: [Double]) -> [Double] {
            let order = values.indices.sorted { values[$0] < values[$1] }
            var result = [Double](repeating: 0, count: values.count)
            var start = 0
            while start < order.count {
                var end = start
                while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
                for k in start...end { result[order[k]] = Double(start + end) / 2 + 1 }
                start = end + 1
            }
            return result
        }
        let rx = ranks(x), ry = ranks(y)
        let mx = rx.reduce(0, +) / Double(rx.count), my = ry.reduce(0, +) / Double(ry.count)
        var cov = 0.0, vx = 0.0, vy = 0.0
        for (a, b) in zip(rx, ry) {
            cov += (a - mx) * (b - my)
            vx += (a - mx) * (a - mx)
            vy += (b - my) * (b - my)
        }
        return vx == 0 || vy == 0 ? 0 : cov / (vx * vy).squareRoot()
    }

    /// The estimate of every measured list (seconds, compiled bytes), by name, made once per test process.
    static let estimates: Result<[String: (seconds: Double, bytes: Int)], EstimateFailure> = {
        do {
            let folder = try CostFixtureLists.folder.get()
            var result: [String: (seconds: Double, bytes: Int)] = [:]
            for measurement in try measurements() {
                let estimate = try estimate(folder.appendingPathComponent(measurement.name))
                result[measurement.name] = (estimate.seconds, estimate.compiledBytes)
            }
            return .success(result)
        } catch {
            return .failure(EstimateFailure(message: "\(error)"))
        }
    }()

    struct EstimateFailure: Error {
        var message: String
    }

    /// The model's estimate for a list file (rule byte counts from the file, as `wkpack rules cost` does).
    static func estimate(_ url: URL, model: CompileCostModel = CompileCostModel()) throws -> CompileCostEstimate {
        let bytes = [UInt8](try Data(contentsOf: url))
        let loaded = RuleListLoader().load(bytes)
        let document = try JSONReader().parse(bytes)
        let elements = document.elements(of: document.root)
        let counts = loaded.ruleIndices.map { Int(document[elements[$0]].end - document[elements[$0]].start) }
        return model.estimate(
            loaded.rules, ruleByteCounts: counts, sourceBytes: bytes.count,
            storedSourceBytes: CompileCostModel.storedSourceBytes(of: bytes))
    }
}
