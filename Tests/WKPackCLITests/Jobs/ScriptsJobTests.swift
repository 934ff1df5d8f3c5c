import ScriptBundler
import Testing

@testable import WKPackCLI

@Suite struct ScriptsJobTests {
    @Test func defaultsWithoutConfigFile() {
        let configuration = ScriptsJob(config: .defaults).bundleConfiguration()
        #expect(
            configuration
                == BundleConfiguration(root: "UserScripts", output: "Assets", projectFolder: ".", mode: .production, sourceMaps: .external))
    }

    @Test func configPathsAreRelativeToTheConfigFolder() throws {
        let config = try ProjectConfig.parse("scripts:\n  root: Scripts\n  mode: development\n", path: "proj/wkpack.yml")
        let configuration = ScriptsJob(config: config).bundleConfiguration()
        #expect(configuration.root == "proj/Scripts")
        #expect(configuration.output == "proj/Assets")
        #expect(configuration.projectFolder == "proj")
        #expect(configuration.mode == .development)
        #expect(configuration.sourceMaps == .inline)
        #expect(configuration.rootOrigin == SourceLocation(path: "proj/wkpack.yml", line: 2, column: 9))
    }

    @Test func flagsOverrideTheConfig() throws {
        let config = try ProjectConfig.parse(
            "scripts:\n  root: Scripts\n  output: Out\n  mode: development\n  sourceMaps: none\n", path: "wkpack.yml")
        let overrides = ScriptsOverrides(root: "Other", output: "/abs/out", mode: .production, sourceMaps: .inline)
        let configuration = ScriptsJob(config: config, overrides: overrides).bundleConfiguration()
        #expect(configuration.root == "Other")
        #expect(configuration.output == "/abs/out")
        #expect(configuration.mode == .production)
        #expect(configuration.sourceMaps == .inline)
        #expect(configuration.rootOrigin == nil)
    }

    @Test func buildRunsEachJobOnlyWhenConfigured() throws {
        #expect(BuildCommand.jobs(for: .defaults).map(\.name) == ["scripts"])
        #expect(BuildCommand.jobs(for: try ProjectConfig.parse("rules:\n  check: [a.json]\n", path: "wkpack.yml")).map(\.name) == ["rules"])
        #expect(
            BuildCommand.jobs(for: try ProjectConfig.parse("scripts:\nrules:\n", path: "wkpack.yml")).map(\.name) == ["scripts", "rules"])
        #expect(BuildCommand.jobs(for: try ProjectConfig.parse("scripts:\n", path: "wkpack.yml")).map(\.name) == ["scripts"])
    }

    @Test func reportFormatting() {
        #expect(BuildReport.size(512) == "512 B")
        #expect(BuildReport.size(1536) == "1.5 KB")
        #expect(BuildReport.milliseconds(.microseconds(1250)) == "1.3 ms" || BuildReport.milliseconds(.microseconds(1250)) == "1.2 ms")
        #expect(BuildReport.milliseconds(.milliseconds(12)) == "12.0 ms")
    }
}
