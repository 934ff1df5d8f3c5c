import WKPackCLI

DetachedTeardown.arrange(for: Array(CommandLine.arguments.dropFirst()))
MemoryAllocatorTuning.apply()
WKPackCommand.main()
