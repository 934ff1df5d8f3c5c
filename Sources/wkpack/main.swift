import WKPackCLI

WKPackCommand.main()
