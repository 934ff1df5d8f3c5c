import Foundation

/// Writes text to standard error (the CLI's only channel for errors).
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
