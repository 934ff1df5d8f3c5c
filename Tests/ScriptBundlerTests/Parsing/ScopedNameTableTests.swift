import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct ScopedNameTableTests {
    @Test func findsWhatWasInsertedPerScope() {
        var table = ScopedNameTable(capacity: 4)
        table.insert(7, scope: 0, name: 0)
        table.insert(8, scope: 1, name: 0)
        table.insert(9, scope: 0, name: 1)
        #expect(table.declaration(scope: 0, name: 0) == 7)
        #expect(table.declaration(scope: 1, name: 0) == 8)
        #expect(table.declaration(scope: 0, name: 1) == 9)
        #expect(table.declaration(scope: 1, name: 1) == nil)
        #expect(table.declaration(scope: 2, name: 0) == nil)
    }

    @Test func keepsEverythingAcrossGrowth() {
        var table = ScopedNameTable(capacity: 1)
        for scope in 0..<50 {
            for name in 0..<40 { table.insert(scope * 1_000 + name, scope: scope, name: Int32(name)) }
        }
        var missing = 0
        for scope in 0..<50 {
            for name in 0..<40 where table.declaration(scope: scope, name: Int32(name)) != scope * 1_000 + name {
                missing += 1
            }
        }
        #expect(missing == 0)
        #expect(table.declaration(scope: 50, name: 0) == nil)
        #expect(table.declaration(scope: 0, name: 40) == nil)
    }
}
