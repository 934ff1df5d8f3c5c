import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Values handed from a first stage to a second: taken once, after waiting for them when needed.
@Suite struct StagedResultsTests {
    @Test func takeWaitsForTheValueSetOnAnotherThread() {
        let results = StagedResults<String>(count: 2)
        let setter = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            results.set(1, "late")
        }
        setter.start()
        #expect(results.take(1) == "late")
        // Taken once.
        #expect(results.take(1) == nil)
    }

    @Test func aValueSetBeforeIsTakenAtOnce() {
        let results = StagedResults<Int>(count: 1)
        results.set(0, 7)
        #expect(results.take(0) == 7)
        #expect(results.take(5) == nil)
    }
}
