import Testing

@testable import BlockListCompiler

@Test func versionIsSemantic() {
    #expect(BlockListCompilerVersion.string.split(separator: ".").count == 3)
}
