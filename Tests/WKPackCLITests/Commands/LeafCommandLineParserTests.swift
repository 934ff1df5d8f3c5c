import ArgumentParser
import Testing

@testable import WKPackCLI

/// `LeafCommandLineParser` resolves ordinary `bundle`, `build`, `watch` and `rules check` command lines exactly as
/// ArgumentParser does, and leaves every other command line to ArgumentParser.
@Suite struct LeafCommandLineParserTests {
    /// One piece of a generated command line, and whether the fast path must understand it.
    struct Piece {
        var arguments: [String]
        var ordinary: Bool
    }

    /// ArgumentParser's resolution of `arguments` through the full command tree, or `nil` when it fails.
    static func reference(_ arguments: [String]) -> LeafCommandLine? {
        guard let command = try? WKPackCommand.parseAsRoot(arguments) else { return nil }
        switch command {
        case let command as BundleCommand: return command.commandLine
        case let command as BuildCommand: return command.commandLine
        case let command as WatchCommand: return command.commandLine
        case let command as RulesCheckCommand: return command.commandLine
        default: return nil
        }
    }

    static let stringValues = ["a", "dir/x y.yml", "a=b", "build", "-x", "-", "--", "--root", ""]
    static let enumValues: [LeafOption: [String]] = [
        .mode: ["development", "production", "Production", "fast", "-x", ""],
        .sourceMaps: ["external", "inline", "none", "None", "-", ""],
    ]

    /// Every spelling of one option with every test value: `--name value`, `--name=value`, a missing value.
    static func pieces(for option: LeafOption, values: [String]? = nil) -> [Piece] {
        let name = "--" + option.rawValue
        guard option.takesValue else {
            return [Piece(arguments: [name], ordinary: true), Piece(arguments: [name + "=true"], ordinary: false)]
        }
        var pieces: [Piece] = []
        for value in values ?? enumValues[option] ?? stringValues {
            let valid = !value.isEmpty && (option.allowedValues?.contains(value) ?? true)
            pieces.append(Piece(arguments: [name, value], ordinary: valid && !value.hasPrefix("-")))
            pieces.append(Piece(arguments: [name + "=" + value], ordinary: valid))
        }
        return pieces
    }

    /// Command lines: every pair of options (repeats included); each option alone, all at once and odd lines
    /// (unknown options, help, single-dash spellings, an argument after `--`), each also with a final `--`.
    static func commandLines() -> [Piece] {
        var lines: [Piece] = []
        for command in LeafOption.commands {
            let options = LeafOption.options(of: command) ?? []
            let base = Piece(arguments: [command], ordinary: true)
            let singles = options.flatMap { pieces(for: $0) }
            let few = options.flatMap { option in
                pieces(for: option, values: option.allowedValues.map { [$0[0], $0[$0.count - 1]] } ?? ["a", "-x"])
            }
            for first in few {
                for second in few {
                    lines.append(
                        Piece(arguments: base.arguments + first.arguments + second.arguments, ordinary: first.ordinary && second.ordinary))
                }
            }
            var bodies: [Piece] = [Piece(arguments: [], ordinary: true)] + singles
            let valued = options.filter(\.takesValue)
            bodies.append(
                Piece(
                    arguments: valued.flatMap { ["--" + $0.rawValue, $0.allowedValues?.last ?? "v"] }, ordinary: true))
            bodies.append(
                Piece(
                    arguments: valued.reversed().flatMap { ["--" + $0.rawValue + "=" + ($0.allowedValues?.first ?? "w")] }, ordinary: true))
            let odd: [[String]] = [
                ["--bogus"], ["--bogus=1"], ["-h"], ["--help"], ["-help"], ["--version"], ["-root", "a"], ["-c"],
                ["---root", "a"], ["--=a"], ["--generate-completion-script", "bash"], ["--experimental-dump-help"],
                ["x"], [""], ["--", "x"], ["--", "--"], ["--config"], ["--config", "a", "x"], ["help"],
                ["--Root", "a"], ["--source_maps", "none"], ["--sourceMaps", "none"], ["--root", "a", "--", "--out", "b"],
            ]
            bodies += odd.map { Piece(arguments: $0, ordinary: false) }
            for body in bodies {
                lines.append(Piece(arguments: base.arguments + body.arguments, ordinary: body.ordinary))
                lines.append(Piece(arguments: base.arguments + body.arguments + ["--"], ordinary: body.ordinary))
            }
        }
        lines += [[], ["rules"], ["help"], ["--help"], ["Bundle"], ["bundle-x"], ["rules", "check", "a.json"]]
            .map { Piece(arguments: $0, ordinary: false) }
        return lines
    }

    @Test func resolvesEveryGeneratedCommandLineLikeArgumentParser() {
        let lines = Self.commandLines()
        var handled = 0
        for line in lines {
            let fast = LeafCommandLineParser.parse(line.arguments)
            let reference = Self.reference(line.arguments)
            if let fast {
                handled += 1
                #expect(fast == reference, "\(line.arguments)")
            } else if line.ordinary {
                Issue.record("the fast path declined an ordinary command line: \(line.arguments)")
            }
            if line.ordinary {
                #expect(reference != nil, "ArgumentParser rejected a line the test calls ordinary: \(line.arguments)")
            }
        }
        // The generator covers both kinds of line.
        #expect(handled > 300)
        #expect(handled < lines.count)
    }

    @Test func resolvesRepeatsAndTheEqualsFormTheWayArgumentParserDoes() {
        let arguments = [
            "bundle", "--root", "a", "--root=b", "--mode", "development", "--mode=production", "--watch", "--watch",
            "--out=-o", "--config=x=y",
        ]
        let expected = LeafCommandLine.bundle(
            config: "x=y", overrides: ScriptsOverrides(root: "b", output: "-o", mode: .production), watch: true)
        #expect(LeafCommandLineParser.parse(arguments) == expected)
        #expect(Self.reference(arguments) == expected)
    }

    @Test func readsTheSizeOptions() {
        let lines: [([String], LeafCommandLine)] = [
            (
                ["build", "--metafile", "m.json", "--report"],
                .build(config: nil, size: SizeOutputOptions(metafile: "m.json", report: .text))
            ),
            (["build", "--report-format=json"], .build(config: nil, size: SizeOutputOptions(report: .json))),
            (
                ["bundle", "--report", "--report-format", "text", "--mode", "development"],
                .bundle(config: nil, overrides: ScriptsOverrides(mode: .development), watch: false, size: SizeOutputOptions(report: .text))
            ),
            (
                ["bundle", "--metafile=out/m.json"],
                .bundle(
                    config: nil, overrides: ScriptsOverrides(), watch: false,
                    size: SizeOutputOptions(metafile: "out/m.json"))
            ),
        ]
        for (arguments, expected) in lines {
            #expect(LeafCommandLineParser.parse(arguments) == expected, "\(arguments)")
            #expect(Self.reference(arguments) == expected, "\(arguments)")
        }
        #expect(LeafCommandLineParser.parse(["watch", "--report"]) == nil)
        #expect(LeafCommandLineParser.parse(["build", "--report-format", "yaml"]) == nil)
        #expect(LeafCommandLineParser.parse(["build", "--report=1"]) == nil)
    }

    @Test(arguments: [
        ["bundle", "--help"], ["bundle", "--mode", "fast"], ["bundle", "--root"], ["bundle", "--root", "-x"],
        ["build", "--root", "a"], ["watch", "--watch"], ["bundle", "--", "x"], ["bundle", "--watch=1"], ["rules"], [],
    ])
    func declinesWhatArgumentParserMustHandle(arguments: [String]) {
        #expect(LeafCommandLineParser.parse(arguments) == nil)
    }

    /// `rules check` lines: files and every option in both spellings with ordinary and odd values, pairs of them,
    /// repeats, and odd arguments. The fast path must resolve each ordinary line as ArgumentParser does and may
    /// only decline the others.
    @Test func resolvesRulesCheckLinesLikeArgumentParser() {
        let values = ["a", "safari15", "json", "12", "x y", "a=b", "check", "-x", "-", "--", "--target", ""]
        var options: [Piece] = []
        for name in LeafCommandLineParser.rulesCheckOptions {
            for value in values {
                let ordinary = !value.isEmpty && !value.hasPrefix("-")
                options.append(Piece(arguments: ["--" + name, value], ordinary: ordinary))
                options.append(Piece(arguments: ["--" + name + "=" + value], ordinary: !value.isEmpty))
            }
            options.append(Piece(arguments: ["--" + name], ordinary: false))
        }
        let files: [Piece] = [
            Piece(arguments: [], ordinary: true), Piece(arguments: ["a.json"], ordinary: true),
            Piece(arguments: ["a.json", "dir/b c.json"], ordinary: true), Piece(arguments: ["rules"], ordinary: true),
        ]
        let odd: [[String]] = [
            ["--bogus"], ["--bogus=1"], ["-h"], ["--help"], ["help"], ["-"], ["--"], ["--", "a.json"], ["-x"], [""],
            ["--Target", "a"], ["--max_rules", "1"], ["--version"], ["--generate-completion-script", "bash"],
        ]
        var lines: [Piece] = []
        for file in files {
            lines.append(Piece(arguments: ["rules", "check"] + file.arguments, ordinary: file.ordinary))
            for option in options {
                lines.append(Piece(arguments: ["rules", "check"] + file.arguments + option.arguments, ordinary: option.ordinary))
                lines.append(Piece(arguments: ["rules", "check"] + option.arguments + file.arguments, ordinary: option.ordinary))
            }
            for extra in odd {
                lines.append(Piece(arguments: ["rules", "check"] + file.arguments + extra, ordinary: false))
            }
        }
        let few = options.filter { $0.arguments.count == 2 && ["a", "-x"].contains($0.arguments[1]) }
        for first in few {
            for second in few {
                lines.append(
                    Piece(
                        arguments: ["rules", "check", "l.json"] + first.arguments + second.arguments,
                        ordinary: first.ordinary && second.ordinary))
            }
        }
        var handled = 0
        for line in lines {
            let fast = LeafCommandLineParser.parse(line.arguments)
            let reference = Self.reference(line.arguments)
            if let fast {
                handled += 1
                #expect(fast == reference, "\(line.arguments)")
            } else if line.ordinary {
                Issue.record("the fast path declined an ordinary command line: \(line.arguments)")
            }
            if line.ordinary {
                #expect(reference != nil, "ArgumentParser rejected a line the test calls ordinary: \(line.arguments)")
            }
        }
        #expect(handled > 100)
        #expect(handled < lines.count)
        let expected = RulesCheckLine(files: ["a.json", "b.json"], target: "safari14", maxRules: "5", format: "json")
        let arguments = ["rules", "check", "a.json", "--target", "x", "--format=json", "b.json", "--target=safari14", "--max-rules", "5"]
        #expect(LeafCommandLineParser.parse(arguments) == .rulesCheck(expected))
        #expect(Self.reference(arguments) == .rulesCheck(expected))
    }
}
