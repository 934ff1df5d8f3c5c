import BlockListCompiler

/// Where `wkpack rules match` takes its requests from: one given on the command line, or a JSON Lines file read a
/// batch at a time.
enum RequestSource {
    case single(MatchRequest)
    case file(String)

    /// A request that cannot be read or prepared, at a 1-based line (1 for a command-line request).
    struct Failure: Error {
        var line: Int
        var message: String
        /// The file itself cannot be read: no line to point at.
        var isFileProblem = false
    }

    /// Calls `body` with each batch of at most `size` requests, in order, and the line of each request.
    func forEachBatch(
        fileSystem: any ListFileSystem, size: Int,
        _ body: ([MatchRequest], [Int]) throws(Failure) -> Void
    ) -> Result<Void, Failure> {
        do throws(Failure) {
            switch self {
            case .single(let request):
                try body([request], [1])
            case .file(let path):
                let reader: any LineReader
                switch fileSystem.lines(path) {
                case .success(let opened): reader = opened
                case .failure(let problem): throw Failure(line: 0, message: problem.message, isFileProblem: true)
                }
                var requests: [MatchRequest] = []
                var lines: [Int] = []
                var lineNumber = 0
                while true {
                    let next: [UInt8]?
                    do {
                        next = try reader.nextLine()
                    } catch {
                        throw Failure(line: 0, message: error.message, isFileProblem: true)
                    }
                    guard let line = next else { break }
                    lineNumber += 1
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                    do {
                        requests.append(try MatchRequestDecoder.decode(line))
                    } catch {
                        throw Failure(line: lineNumber, message: error.message)
                    }
                    lines.append(lineNumber)
                    if requests.count == size {
                        try body(requests, lines)
                        requests.removeAll(keepingCapacity: true)
                        lines.removeAll(keepingCapacity: true)
                    }
                }
                if !requests.isEmpty { try body(requests, lines) }
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// `path:line:1: error: message` for a file, `error: message` for a command-line request.
    func describe(_ failure: Failure) -> String {
        switch self {
        case .single: return "error: \(failure.message)"
        case .file(let path):
            return failure.isFileProblem ? "\(path): error: \(failure.message)" : "\(path):\(failure.line):1: error: \(failure.message)"
        }
    }
}
