import WKPackCLI

await WKPackCommand.runCommandLine()
