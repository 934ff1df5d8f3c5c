import ArgumentParser
import Foundation
import Testing

@testable import WKPackCLI

/// `LeafOption`'s table matches the options ArgumentParser declares for `bundle`, `build` and `watch`, so an
/// option added to a command fails here until the fast path knows it.
@Suite struct LeafOptionTests {
    /// One option as ArgumentParser's help dump describes it.
    struct DumpedOption: Equatable, CustomStringConvertible {
        var name: String
        var takesValue: Bool
        var allowedValues: [String]?
        var description: String { "--\(name) value:\(takesValue) \(allowedValues ?? [])" }
    }

    /// The options in `command`'s `_dumpHelp()` JSON (without help), or the reasons they cannot be mirrored.
    static func dumpedOptions(_ command: any ParsableCommand.Type) throws -> (options: [DumpedOption], problems: [String]) {
        let json = try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8))
        let root = try #require(json as? [String: Any])
        let info = try #require(root["command"] as? [String: Any])
        let arguments = try #require(info["arguments"] as? [[String: Any]])
        var options: [DumpedOption] = []
        var problems: [String] = []
        for argument in arguments {
            let names = try #require(argument["names"] as? [[String: Any]])
            let longNames = names.filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
            if longNames == ["help"] { continue }
            let kind = argument["kind"] as? String
            if names.count != 1 || longNames.count != 1 { problems.append("names \(names)") }
            if kind != "option" && kind != "flag" { problems.append("kind \(kind ?? "nil") for \(longNames)") }
            if argument["isRepeating"] as? Bool == true { problems.append("repeating \(longNames)") }
            if let strategy = argument["parsingStrategy"] as? String, strategy != "default" {
                problems.append("parsing strategy \(strategy) for \(longNames)")
            }
            for name in longNames {
                options.append(DumpedOption(name: name, takesValue: kind == "option", allowedValues: argument["allValues"] as? [String]))
            }
        }
        return (options, problems)
    }

    @Test func knowsEveryLeafCommand() {
        let names = WKPackCommand.leafSubcommands.compactMap { $0.configuration.commandName }
        #expect(names.sorted() == LeafOption.commands.sorted())
        for name in LeafOption.commands { #expect(LeafOption.options(of: name) != nil) }
        #expect(LeafOption.options(of: "rules") == nil)
    }

    @Test func matchesArgumentParsersOptions() throws {
        for command in WKPackCommand.leafSubcommands {
            let name = try #require(command.configuration.commandName)
            let dumped = try Self.dumpedOptions(command)
            #expect(dumped.problems.isEmpty, "\(name): \(dumped.problems)")
            let known = (LeafOption.options(of: name) ?? []).map {
                DumpedOption(name: $0.rawValue, takesValue: $0.takesValue, allowedValues: $0.allowedValues)
            }
            #expect(dumped.options.sorted { $0.name < $1.name } == known.sorted { $0.name < $1.name }, "\(name)")
        }
    }
}
