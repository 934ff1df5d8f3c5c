/// The names of Node.js built-in modules (which browsers do not provide).
public enum NodeBuiltins {
    /// The built-in module names (without `node:`).
    public static let names: Set<String> = [
        "assert", "async_hooks", "buffer", "child_process", "cluster", "console", "constants", "crypto", "dgram",
        "diagnostics_channel", "dns", "domain", "events", "fs", "http", "http2", "https", "inspector", "module", "net",
        "os", "path", "perf_hooks", "process", "punycode", "querystring", "readline", "repl", "stream",
        "string_decoder", "sys", "timers", "tls", "trace_events", "tty", "url", "util", "v8", "vm", "wasi",
        "worker_threads", "zlib",
    ]

    /// The built-in a bare specifier names (`node:fs/promises` -> `fs`), if any.
    public static func builtin(for specifier: String) -> String? {
        var name = specifier
        if name.hasPrefix("node:") { name.removeFirst(5) }
        let first = name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
        return names.contains(first) || specifier.hasPrefix("node:") ? first : nil
    }
}
