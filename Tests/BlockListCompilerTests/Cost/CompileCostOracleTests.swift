import Foundation
import Testing
import WKPackTestSupport

@testable import BlockListCompiler

/// Asks the real compiler (../shared/tools/webkit-oracle) when it is installed: lists the model ranks far apart must
/// be ranked the same way by WebKit's CPU time and compiled size.
@Suite struct CompileCostOracleTests {
    static let oracle = CostFixtureLists.sharedFolder.appendingPathComponent("tools/webkit-oracle")
    static let missing: String? = {
        if !FileManager.default.fileExists(atPath: oracle.path) { return "needs ../shared/tools/webkit-oracle" }
        if !FileManager.default.fileExists(atPath: "/usr/bin/python3") { return "needs /usr/bin/python3 for the oracle" }
        // The oracle runs WebKitGTK through python3-gi: without them it exits 1 on every list.
        return SharedCorpus.oracleAbsence
    }()

    private static func list(_ count: Int, _ pattern: (Int) -> String) -> String {
        "[" + (0..<count).map { #"{"trigger":{"url-filter":"\#(pattern($0))"},"action":{"type":"block"}}"# }.joined(separator: ",") + "]"
    }

    private static func token(_ index: Int) -> String {
        var value = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 7
        var result = ""
        for _ in 0..<9 {
            result.append(Character(UnicodeScalar(UInt8(97 + value % 26))))
            value /= 26
        }
        return result
    }

    @Test(.enabled(if: missing == nil, "\(missing ?? "")"))
    func theModelRanksListsAsWebKitDoes() throws {
        let lists = [
            Self.list(50, { "^https://cdn\\\\.example\\\\.com/" + Self.token($0) }),
            Self.list(1_500, { Self.token($0) + "\\\\.js" }),
            Self.list(600, { Self.token($0) + ".*" + Self.token($0 + 7) }),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wkpack-cost-oracle-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (index, text) in lists.enumerated() {
            let url = folder.appendingPathComponent("list\(index).json")
            try Data(text.utf8).write(to: url)
            files.append(url.path)
        }
        let result = try ChildProcess.run(
            "/usr/bin/python3",
            [
                CostFixtureLists.packageRoot.appendingPathComponent("scripts/cost/measure.py").path, "--runs", "1", "--oracle",
                Self.oracle.path,
            ] + files)
        let output = result.standardOutput
        #expect(result.status == 0, "\(result.stderr)")
        struct Line: Decodable { var cpu_seconds: Double; var compiled_bytes: Int? }
        let measured = try String(decoding: output, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(Line.self, from: Data($0.utf8))
        }
        try #require(measured.count == lists.count)
        let estimates = try files.map { try CostFixtureLists.estimate(URL(fileURLWithPath: $0)) }
        print(
            "oracle cpu \(measured.map(\.cpu_seconds)), model \(estimates.map(\.seconds)); oracle bytes \(measured.map { $0.compiled_bytes ?? 0 }), model \(estimates.map(\.compiledBytes))"
        )
        let bytesRho = CostFixtureLists.spearman(
            estimates.map { Double($0.compiledBytes) }, measured.map { Double($0.compiled_bytes ?? 0) })
        #expect(bytesRho == 1)
        // The smallest list is far cheaper than the others for both.
        #expect(measured[0].cpu_seconds < measured[1].cpu_seconds && measured[0].cpu_seconds < measured[2].cpu_seconds)
        #expect(estimates[0].seconds < estimates[1].seconds && estimates[0].seconds < estimates[2].seconds)
    }
}
