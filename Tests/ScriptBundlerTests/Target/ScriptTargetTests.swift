import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `ScriptTarget` names: esbuild's `safariN` and `safariN.M`, Safari 11 to 18 and 26.
@Suite struct ScriptTargetTests {
    @Test(arguments: [
        ("safari11", 11, 0), ("safari11.1", 11, 1), ("safari12.1", 12, 1), ("safari13.1", 13, 1), ("safari14.1", 14, 1),
        ("safari15", 15, 0), ("safari15.4", 15, 4), ("safari16.4", 16, 4), ("safari17", 17, 0), ("safari18", 18, 0),
        ("safari26", 26, 0), ("safari26.1", 26, 1),
    ])
    func namesParse(name: String, major: Int, minor: Int) throws {
        let target = try #require(ScriptTarget(name: name))
        #expect(target.major == major && target.minor == minor)
        #expect(target.description == name)
    }

    @Test(arguments: [
        "safari", "safari10", "safari10.1", "safari19", "safari25", "safari27", "Safari12", "safari12.", "safari12.10",
        "safari012", "safari12.1.1", "chrome90", "es2020", "safari 12", "safari-12", "",
    ])
    func otherNamesAreRefused(name: String) {
        #expect(ScriptTarget(name: name) == nil)
    }

    @Test func versionsOrderAndGlobalThis() throws {
        let names = ["safari11", "safari11.1", "safari12", "safari12.1", "safari13", "safari26"]
        let targets = try names.map { try #require(ScriptTarget(name: $0)) }
        #expect(targets == targets.sorted())
        #expect(targets.map(\.hasGlobalThis) == [false, false, false, true, true, true])
        #expect(ScriptTarget.default == ScriptTarget.minimum)
        #expect(ScriptTarget.minimum.description == "safari11")
        #expect(ScriptTarget.newest.description == "safari26")
    }

    @Test func everyNotableNameParses() {
        #expect(ScriptTarget.notableNames.allSatisfy { ScriptTarget(name: $0) != nil })
        #expect(ScriptTarget.unknownNameMessage("safari10").contains("safari11.1"))
    }
}
