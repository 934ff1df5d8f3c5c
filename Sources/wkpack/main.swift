import WKPackCLI

await WKPackCommand.main()
