import Testing
@testable import ScriptBundler

@Test func versionIsSemantic() {
    #expect(ScriptBundlerVersion.string.split(separator: ".").count == 3)
}
