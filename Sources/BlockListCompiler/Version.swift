public enum BlockListCompilerVersion { public static let string = "0.1.0" }
