import Foundation
import ScriptBundler

// syntax-parse-bench [--runs N] [--only tokenize|old|new] PATH...
// Tokenizes every .js/.mjs file under the paths once (no comments), then times, as process CPU time
// (user + sys), parsing all of them with JavaScriptParser and with SyntaxParser from those tokens,
// alternating, N runs each; prints the medians. `--only` runs one side once (for callgrind). Since issue 41
// step 2, JavaScriptParser ("old") is SyntaxParser plus the token-indexed ScopeAnalysis built from its tree, so
// "old" minus "new" is the cost of that view.

var runs = 7
var only: String?
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--only": only = arguments.popFirst()
    default: paths.append(argument)
    }
}

func files(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [path] }
    var found: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let relative = enumerator?.nextObject() as? String {
        if relative.hasSuffix(".js") || relative.hasSuffix(".mjs") { found.append(path + "/" + relative) }
    }
    return found.sorted()
}

/// Process CPU time (user + sys, all threads: both parsers run on a large-stack worker thread).
func cpuSeconds() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
}

var inputs: [([UInt8], JavaScriptTokenization)] = []
var bytes = 0
var skipped = 0
for path in paths.flatMap(files(under:)) {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    let source = Array(data)
    guard let tokens = try? JavaScriptTokenizer.tokenize(source),
        (try? JavaScriptParser.analyze(source, tokenization: tokens)) != nil
    else {
        skipped += 1
        continue
    }
    inputs.append((source, tokens))
    bytes += source.count
}

func parseOld(_ inputs: [([UInt8], JavaScriptTokenization)]) -> Int {
    var failures = 0
    for (source, tokens) in inputs where (try? JavaScriptParser.analyze(source, tokenization: tokens)) == nil { failures += 1 }
    return failures
}

func parseNew(_ inputs: [([UInt8], JavaScriptTokenization)]) -> Int {
    var failures = 0
    for (source, tokens) in inputs where (try? SyntaxParser.parse(source, tokenization: tokens)) == nil { failures += 1 }
    return failures
}

switch only {
case "tokenize":
    print("tokenized \(inputs.count) files")
    exit(0)
case "old":
    print("old parser failures: \(parseOld(inputs))")
    exit(0)
case "new":
    print("new parser failures: \(parseNew(inputs))")
    exit(0)
default:
    break
}

var old: [Double] = [], new: [Double] = []
var oldFailures = 0, newFailures = 0
for _ in 0..<runs {
    var start = cpuSeconds()
    oldFailures = parseOld(inputs)
    old.append(cpuSeconds() - start)
    start = cpuSeconds()
    newFailures = parseNew(inputs)
    new.append(cpuSeconds() - start)
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let oldMedian = median(old), newMedian = median(new)
print("\(inputs.count) files, \(bytes) bytes (\(skipped) skipped: not parsed today), \(runs) runs each, CPU time (user+sys) medians:")
print(String(format: "  JavaScriptParser (today, no tree): %8.1f ms  (%d failures)", oldMedian * 1000, oldFailures))
print(String(format: "  SyntaxParser (tree + binding):     %8.1f ms  (%d failures)", newMedian * 1000, newFailures))
print(String(format: "  ratio new/old: %.2fx", newMedian / oldMedian))
