/// Minifies an assembled bundle: drops comments and needless whitespace (keeping a line break wherever removing
/// it could change how the code parses), moves legal comments to a license file, and rewrites the source map so
/// that every token still maps to its original position.
///
/// The output starts with a line holding no mapped code (the license pointer, or an empty line), so an app that
/// prefixes a wrapper on the bundle's first line shifts no mapped column.
enum Minifier {
    static func minify(
        _ code: [UInt8], map: SourceMapBuilder?, licenseFileName: String, renameIdentifiers: Bool = true
    ) -> MinifiedBundle {
        let tokenization: JavaScriptTokenization
        do {
            tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
        } catch {
            // Every input file tokenized on its own; the concatenation cannot fail. Stay safe anyway.
            return MinifiedBundle(code: code, map: map, license: nil)
        }
        let significant = tokenization.tokens.filter { !$0.isComment }
        var renames: [IdentifierRename?] = []
        if renameIdentifiers {
            let parsed = JavaScriptTokenization(tokens: significant, lineTerminatorCount: tokenization.lineTerminatorCount)
            if let analysis = try? JavaScriptParser.analyze(code, tokenization: parsed) {
                renames = IdentifierRenamer.renames(analysis)
            }
        }
        return code.withUnsafeBufferPointer { bytes in
            var writer = Writer(bytes: bytes, map: map)
            for token in tokenization.tokens where token.kind == .lineComment || token.kind == .blockComment {
                if LegalComments.isLegal(bytes, token.range) { writer.legalComments.append(Array(bytes[token.range])) }
            }
            writer.run(significant, renames: renames)
            var output: [UInt8]
            var license: [UInt8]? = nil
            if writer.legalComments.isEmpty {
                output = [0x0A]
            } else {
                output = LegalComments.pointer(to: licenseFileName)
                license = LegalComments.file(writer.legalComments)
            }
            output.append(contentsOf: writer.out)
            output.append(0x0A)
            return MinifiedBundle(code: output, map: writer.newMap, license: license)
        }
    }

    /// Emits the tokens and their mappings. Generated positions count from line 1 (line 0 is the pointer line).
    private struct Writer {
        let bytes: UnsafeBufferPointer<UInt8>
        let lookup: MappingLookup?
        var newMap: SourceMapBuilder?
        var out: [UInt8] = []
        var legalComments: [[UInt8]] = []
        var line = 1
        var column = 0
        var cursor = MappingLookup.Cursor()
        var lastWasMapped = false

        init(bytes: UnsafeBufferPointer<UInt8>, map: SourceMapBuilder?) {
            self.bytes = bytes
            lookup = map.map { MappingLookup(mappings: $0.encodedMappings) }
            newMap = map?.withSourcesOnly()
            out.reserveCapacity(bytes.count / 2)
        }

        func text(_ token: JavaScriptToken) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[token.range])
        }

        mutating func run(_ tokens: [JavaScriptToken], renames: [IdentifierRename?]) {
            var previous: JavaScriptToken?
            var previousLast: UInt8 = 0
            // Per open `(`: whether it follows `if`, `while`, `for` or `with` (its `)` may precede an empty statement).
            var parens: [Bool] = []
            var closedStatementHead = false
            for (index, token) in tokens.enumerated() {
                if token.kind == .punctuator, token.end - token.start == 1 {
                    switch bytes[token.start] {
                    case 0x28: parens.append(previous.map { isStatementHead($0, before: index - 1, in: tokens) } ?? false)
                    case 0x29: closedStatementHead = parens.popLast() ?? false
                    case 0x3B:
                        if let previous, index + 1 < tokens.count, isPunctuator(tokens[index + 1], 0x7D),
                           canDropSemicolon(after: previous, closedStatementHead: closedStatementHead) {
                            continue
                        }
                    default: break
                    }
                }
                let rename = index < renames.count ? renames[index] : nil
                if let previous {
                    switch separator(previous, previousLast: previousLast, token, renamedFirst: rename.map { $0.isShorthand ? nil : $0.name[0] } ?? nil) {
                    case .none: break
                    case .space:
                        out.append(0x20)
                        column += 1
                    case .newline:
                        out.append(0x0A)
                        line += 1
                        column = 0
                    }
                }
                if let rename {
                    emitRenamed(token, rename)
                    previousLast = rename.name[rename.name.count - 1]
                } else {
                    emit(token)
                    previousLast = bytes[token.end - 1]
                }
                previous = token
            }
        }

        func isPunctuator(_ token: JavaScriptToken, _ byte: UInt8) -> Bool {
            token.kind == .punctuator && token.end - token.start == 1 && bytes[token.start] == byte
        }

        func isKeyword(_ token: JavaScriptToken, _ word: StaticString) -> Bool {
            guard token.kind == .keyword, token.end - token.start == word.utf8CodeUnitCount else { return false }
            for k in 0..<word.utf8CodeUnitCount where bytes[token.start + k] != word.utf8Start[k] { return false }
            return true
        }

        /// Whether the `(` after `token` (at `index`) opens the head of `if`, `while`, `for` (`for await`) or `with`.
        func isStatementHead(_ token: JavaScriptToken, before index: Int, in tokens: [JavaScriptToken]) -> Bool {
            if isKeyword(token, "if") || isKeyword(token, "while") || isKeyword(token, "for") || isKeyword(token, "with") { return true }
            return isKeyword(token, "await") && index > 0 && isKeyword(tokens[index - 1], "for")
        }

        /// A `;` right before `}` can go unless it is an empty statement: the body of `if (...)`, `while (...)`,
        /// `for (...)`, `with (...)`, `else` or a label.
        func canDropSemicolon(after previous: JavaScriptToken, closedStatementHead: Bool) -> Bool {
            if isPunctuator(previous, 0x29) { return !closedStatementHead }
            return !isKeyword(previous, "else") && !isPunctuator(previous, 0x3A)
        }

        /// Writes a renamed identifier (`key:name` for a shorthand), mapped with its original name.
        mutating func emitRenamed(_ token: JavaScriptToken, _ rename: IdentifierRename) {
            if rename.isShorthand {
                emit(token)
                out.append(0x3A)
                column += 1
            }
            let original = lookup?.original(line: token.line - 1, column: token.column, cursor: &cursor)
            if newMap != nil, let original {
                let name = newMap?.addName(rename.originalName) ?? 0
                newMap?.addMapping(generatedLine: line, generatedColumn: column, source: original.source,
                                   originalLine: original.line, originalColumn: original.column, name: name)
                lastWasMapped = true
            }
            out.append(contentsOf: rename.name)
            column += rename.name.count
        }

        func separator(
            _ previous: JavaScriptToken, previousLast: UInt8, _ token: JavaScriptToken, renamedFirst: UInt8?
        ) -> TokenSeparator {
            let previousText = text(previous)
            let tokenText = text(token)
            if token.newlineBefore, needsLineBreak(previous, previousText, token, tokenText) { return .newline }
            return TokenSeparator.spacing(
                previous: previous.kind, last: previousLast, previousText: previousText,
                next: token.kind, first: renamedFirst ?? tokenText[0], nextText: tokenText)
        }

        /// Whether the line break the source had between the two tokens must stay.
        func needsLineBreak(_ previous: JavaScriptToken, _ previousText: UnsafeBufferPointer<UInt8>,
                            _ token: JavaScriptToken, _ tokenText: UnsafeBufferPointer<UInt8>) -> Bool {
            switch previous.kind {
            case .punctuator where TokenSeparator.continuesAfter(previousText): return false
            case .templateHead, .templateMiddle: return false
            case .keyword where TokenSeparator.keywordContinues(previousText): return false
            default: break
            }
            switch token.kind {
            case .templateMiddle, .templateTail: return false
            case .punctuator where TokenSeparator.closes(tokenText): return false
            case .punctuator where TokenSeparator.isBinaryOperator(tokenText),
                 .keyword where tokenText.count >= 2 && tokenText[0] == 0x69 && tokenText[1] == 0x6E: // in, instanceof
                if previous.kind == .punctuator { return !(previousText.count == 1 && previousText[0] != 0x7D) }
                if previous.kind == .keyword || previous.kind == .identifier {
                    return TokenSeparator.isRestricted(previousText)
                }
                return false
            default:
                return true
            }
        }

        mutating func emit(_ token: JavaScriptToken) {
            let original = lookup?.original(line: token.line - 1, column: token.column, cursor: &cursor)
            if newMap != nil {
                if let original {
                    newMap?.addMapping(generatedLine: line, generatedColumn: column, source: original.source,
                                       originalLine: original.line, originalColumn: original.column)
                    lastWasMapped = true
                } else if lastWasMapped {
                    newMap?.addUnmapped(generatedLine: line, generatedColumn: column)
                    lastWasMapped = false
                }
            }
            let range = token.range
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            guard token.canSpanLines else {
                column += Self.utf16Length(bytes, range.lowerBound, range.upperBound)
                return
            }
            // A multi-line token: count its lines and map each continuation line at column 0.
            var lineStart = range.lowerBound
            var sourceLine = token.line - 1
            var i = range.lowerBound
            while i < range.upperBound {
                let b = bytes[i]
                var length = 0
                if b == 0x0A {
                    length = 1
                } else if b == 0x0D {
                    length = i + 1 < range.upperBound && bytes[i + 1] == 0x0A ? 2 : 1
                } else if b == 0xE2, i + 2 < range.upperBound, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    length = 3
                }
                if length == 0 {
                    i += 1
                    continue
                }
                i += length
                lineStart = i
                line += 1
                sourceLine += 1
                if newMap != nil, let continued = lookup?.original(line: sourceLine, column: 0, cursor: &cursor) {
                    newMap?.addMapping(generatedLine: line, generatedColumn: 0, source: continued.source,
                                       originalLine: continued.line, originalColumn: continued.column)
                    lastWasMapped = true
                }
            }
            let tail = Self.utf16Length(bytes, lineStart, range.upperBound)
            column = lineStart == range.lowerBound ? column + tail : tail
        }

        @inline(__always)
        static func utf16Length(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
            var units = 0
            var i = start
            while i < end {
                let b = bytes[i]
                if b < 0x80 {
                    units += 1
                } else if b & 0xC0 != 0x80 {
                    units += b >= 0xF0 ? 2 : 1
                }
                i += 1
            }
            return units
        }
    }
}
