public enum ScriptBundlerVersion { public static let string = "0.1.0" }
