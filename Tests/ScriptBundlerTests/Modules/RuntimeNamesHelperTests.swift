import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Production names of the lowering helpers a bundle declares once (`RuntimeNames.shortHelperNames`).
@Suite struct RuntimeNamesHelperTests {
    /// A helper named like a local of another helper that calls it would be captured by that local: `__objRest`
    /// loops with `var j` and calls `__publicField`, which once got the short name `j` (the minifier property test
    /// with lowering forced on then threw a TypeError in production).
    @Test func helperNamesAreNoWordOfAnyHelperSource() {
        let names = RuntimeNames.shortHelperNames(LoweringHelper.allCases, avoiding: ShortNameSet())
        #expect(names.count == LoweringHelper.allCases.count)
        for (helper, name) in names {
            #expect(!RuntimeNames.helperSourceWords.contains(name), "\(helper.rawValue) named \(name)")
        }
        #expect(RuntimeNames.helperSourceWords.isSuperset(of: ["i", "j", "target", "source"]))
        #expect(Set(names.values).count == names.count)
    }
}
