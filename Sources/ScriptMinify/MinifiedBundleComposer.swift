import ScriptSyntax

/// Joins independently minified pieces into one production bundle: the license pointer (or the bundle's
/// unmapped opening, `(()=>{"use strict"`, or an empty line) alone on the first line, the pieces in order, and one source map whose segments are the pieces' segments moved to their
/// place in the output (each encoded once).
package enum MinifiedBundleComposer {
    /// Joins the minified files of a script bundle, each in a function scope: files that may share one (see
    /// `MinifiedFileBody`) and have the same strictness go into one function, written as an arrow function when
    /// all of them allow it: `(()=>{"use strict";A;B})();`, else `(function(){...}).call(this);`.
    /// With `helpers` (the lowering helpers' declarations), the whole is enclosed in `(()=>{` helpers ... `})();`.
    package static func composeFiles(
        _ files: [MinifiedFileBody], helpers: MinifiedPiece? = nil, mapping: Bool, licenseFileName: String
    ) -> MinifiedBundle {
        var pieces: [MinifiedPiece] = []
        pieces.reserveCapacity(files.count * 3 + 4)
        if let helpers {
            pieces.append(MinifiedPiece.verbatim("(()=>{"))
            pieces.append(helpers)
            if helpers.code.last != 0x3B, helpers.code.last != 0x7D { pieces.append(MinifiedPiece.verbatim(";")) }
        }
        var index = 0
        while index < files.count {
            // Read in place (step 5m: a copy of the file was a retain and a release of each of its piece's arrays).
            let wrapping = files[index].wrapping
            if wrapping == .complete {
                pieces.append(files[index].piece)
                index += 1
                continue
            }
            var end = index + 1
            if files[index].canShareScope {
                while end < files.count, files[end].canShareScope, files[end].wrapping == wrapping { end += 1 }
            }
            let group = index..<end
            let arrow = group.allSatisfy { files[$0].allowsArrowFunction }
            let directive = wrapping == .strict ? "\"use strict\";" : ""
            pieces.append(MinifiedPiece.verbatim((arrow ? "(()=>{" : "(function(){") + directive))
            // Whether the previous file's code ends without ending its statement (no file yet: `false`).
            var previousContinues = false
            for fileIndex in group where !files[fileIndex].piece.code.isEmpty {
                // Statements of the previous file end here: nothing of the next may continue them. A `;` needs
                // none; nor does a `}` ending a block or declaration (not one ending an expression, `a=function(){}`).
                if previousContinues { pieces.append(MinifiedPiece.verbatim(";")) }
                pieces.append(files[fileIndex].piece)
                previousContinues = files[fileIndex].piece.code.last != 0x3B && !files[fileIndex].piece.endsWithStatementBrace
            }
            pieces.append(MinifiedPiece.verbatim(arrow ? "})();" : "}).call(this);"))
            index = end
        }
        if helpers != nil { pieces.append(MinifiedPiece.verbatim("})();")) }
        return compose(pieces, mapping: mapping, licenseFileName: licenseFileName, separateWithLineBreaks: false)
    }

    /// `separateWithLineBreaks`: pieces are whole statements that each ended with a line break in the
    /// unminified bundle; keep one between them (see below). Without it, the pieces are joined as they are.
    package static func compose(
        _ pieces: [MinifiedPiece], mapping: Bool, licenseFileName: String, separateWithLineBreaks: Bool = true
    ) -> MinifiedBundle {
        var legalComments: [[UInt8]] = []
        // Pieces are read in place, field by field, here and below (step 5m: `for piece in` copied each piece, a
        // retain and a release of each of its arrays and strings).
        for index in pieces.indices { legalComments.append(contentsOf: pieces[index].legalComments) }
        var output: [UInt8]
        var license: [UInt8]? = nil
        // The first line maps nothing, so that a wrapper written before the bundle on that line (firefox-ios's
        // `(function(){ const APP_ID_TOKEN=…;`) moves no mapped column.
        var rest = pieces[...]
        if legalComments.isEmpty {
            output = []
            if let index = rest.firstIndex(where: { !$0.code.isEmpty }), rest[index].isVerbatim {
                output = rest[index].code
                rest = rest[(index + 1)...]
                let next = rest.first { !$0.code.isEmpty }?.code ?? []
                // `"use strict";` then code that cannot continue the string (`…"use strict"⏎window…`): the line
                // break ends the directive as `;` would (automatic semicolon insertion).
                if output.count >= 13, output[(output.count - 13)...].elementsEqual("\"use strict\";".utf8),
                    Self.endsStatementOnNewLine(before: next)
                {
                    output.removeLast()
                }
            }
            output.append(0x0A)
        } else {
            output = LegalComments.pointer(to: licenseFileName)
            license = LegalComments.file(legalComments)
        }
        // Room for every piece, its line break, and the lines `BundleAssembler.appendURLComments` appends (no copy to grow).
        var outputBytes = output.count + 1 + 512 + 2 * licenseFileName.utf8.count
        for index in pieces.indices { outputBytes += pieces[index].code.count + 1 }
        output.reserveCapacity(outputBytes)
        // Built as a plain (non-optional) value, so each segment is added in place without optional chaining.
        var map = SourceMapBuilder()
        // A piece's mappings are copied but for its first segments and its names' values, which take a few bytes
        // more at most: room for all of them, so the buffer never doubles.
        if mapping {
            var mappingBytes = 64
            for index in pieces.indices {
                mappingBytes +=
                    pieces[index].mappings.bytes.count + 48 + 8 * pieces[index].mappings.namedSegments.count
                    + pieces[index].lineCount + 2
            }
            map.reserveCapacity(mappingBytes: mappingBytes)
        }
        // Generated position where the next piece starts (line 0 is the pointer line, or the opening's).
        var line = 1
        var column = 0
        var lastWasMapped = false
        var previousEnd: UInt8? = nil
        // Kept across pieces (step 5m: two arrays allocated per piece).
        var sourceIndices: [Int] = []
        var nameIndices: [Int] = []
        for pieceIndex in rest.indices where !pieces[pieceIndex].code.isEmpty {
            // Pieces are whole statements that each ended with a line break in the unminified bundle: keep one,
            // unless the previous piece ended with `;` or `{` (nothing can merge with them or depend on the break).
            if separateWithLineBreaks, let previousEnd, previousEnd != 0x3B, previousEnd != 0x7B {
                output.append(0x0A)
                line += 1
                column = 0
            }
            if mapping {
                sourceIndices.removeAll(keepingCapacity: true)
                for source in pieces[pieceIndex].sources {
                    sourceIndices.append(map.addSource(source.path, content: source.content))
                }
                nameIndices.removeAll(keepingCapacity: true)
                map.addNames(pieces[pieceIndex].names, to: &nameIndices)
                map.addPiece(
                    pieces[pieceIndex].mappings, line: line, column: column, sources: sourceIndices, names: nameIndices,
                    lastWasMapped: &lastWasMapped)
            }
            output.append(contentsOf: pieces[pieceIndex].code)
            let lineCount = pieces[pieceIndex].lineCount, lastLineColumn = pieces[pieceIndex].lastLineColumn
            column = lineCount == 0 ? column + lastLineColumn : lastLineColumn
            line += lineCount
            previousEnd = pieces[pieceIndex].code.last
        }
        output.append(0x0A)
        return MinifiedBundle(code: output, map: mapping ? map : nil, license: license)
    }

    /// Whether code starting with `next`, on the line after an expression, starts a statement of its own (a
    /// semicolon is inserted before it): it starts with a word other than `in` and `instanceof`, with `{` or with
    /// `!`, none of which can continue an expression.
    static func endsStatementOnNewLine(before next: [UInt8]) -> Bool {
        guard let first = next.first else { return false }
        func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
        }
        switch first {
        case 0x7B, 0x21: return true
        case 0x30...0x39: return false
        default:
            guard isWordByte(first) else { return false }
            var end = 1
            while end < next.count, isWordByte(next[end]) { end += 1 }
            // A word going on in an escape or a non-ASCII letter is not read here.
            if end < next.count, next[end] == 0x5C || next[end] >= 0x80 { return false }
            let word = next[0..<end]
            return !word.elementsEqual("in".utf8) && !word.elementsEqual("instanceof".utf8)
        }
    }
}
