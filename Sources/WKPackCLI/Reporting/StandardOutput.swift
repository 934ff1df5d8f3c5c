import Foundation

/// Writes lines to standard output immediately (watch mode prints while running, often into a pipe).
enum StandardOutput {
    static func writeLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
