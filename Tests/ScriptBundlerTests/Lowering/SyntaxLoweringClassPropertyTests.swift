import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Behaviour of lowered classes: seeded programs (`ClassProgramGenerator`) run in node as written and lowered for
/// the oldest target (safari11, which has none of the class features); the logs must be equal and Debian's acorn
/// must parse every lowered program at ECMAScript 2017. `WKPACK_PROPERTY_CASES=N` runs N programs instead of the
/// default 40.
@Suite(.enabled(if: DebianNodeCorpus.isInstalled("node-acorn"), DebianNodeCorpus.absence("node-acorn")))
struct SyntaxLoweringClassPropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 40

    static func programs(_ count: Int, seed: UInt64) -> [String] {
        (0..<count).map { index in
            var generator = ClassProgramGenerator(seed: UInt64(index) &+ seed)
            return generator.program()
        }
    }

    @Test func loweredClassesBehaveLikeTheSourcesAndParseAtTheTargetsYear() throws {
        let programs = Self.programs(Self.caseCount, seed: 84_000)
        guard let outcome = try SyntaxLoweringPropertyTests.run(programs, target: .minimum, options: SyntaxLowering.Options()) else {
            return
        }
        print(
            "class lowering property: \(programs.count) programs, \(outcome.entries) log entries (\(outcome.thrown) expected throws), \(outcome.failures.count) differing"
        )
        #expect(outcome.entries >= programs.count * 10, "the programs should log something")
        #expect(outcome.thrown > 0, "some brand checks should throw")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Targets that have some class features (public fields, then private fields, then private methods) lower the
    /// classes that use one they lack and keep the others: the output behaves as the source and parses at
    /// ECMAScript 2022 (the year of the class features, which these targets have in part, so the table gives them
    /// 2021).
    @Test func partlySupportingTargetsBehaveAlike() throws {
        let programs = Self.programs(4, seed: 91_000)
        for name in ["safari14", "safari14.1", "safari15", "safari16"] {
            let target = try #require(ScriptTarget(name: name))
            guard let outcome = try SyntaxLoweringPropertyTests.run(programs, target: target, options: SyntaxLowering.Options(), year: 2022)
            else {
                return
            }
            #expect(outcome.failures.isEmpty, "\(name): \(outcome.failures.joined(separator: "\n\n"))")
        }
    }
}
