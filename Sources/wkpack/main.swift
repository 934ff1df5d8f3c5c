import WKPackCLI

MemoryAllocatorTuning.apply()
WKPackCommand.main()
