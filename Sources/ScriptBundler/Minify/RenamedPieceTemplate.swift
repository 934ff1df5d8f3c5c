/// A minified piece with the places its renamed identifiers were written, so that a piece of another bundle that
/// differs only in the new names (a scope-hoisted module whose top-level names the bundle chose) is made from it by
/// putting the other names in, without renaming or printing it again (`TreePieceTemplate`).
///
/// The names never change anything else the printer decides: they are ASCII identifiers, and the separator before
/// or after one depends only on it being a word. Mappings after a name on its line move by the difference in length.
struct RenamedPieceTemplate: Sendable {
    /// Where the writer wrote a rename's new name.
    struct NameSlot: Sendable, Equatable {
        /// Byte offset of the name in `piece.code`.
        var offset: Int32
        /// Index into the renames' table.
        var rename: Int32
        /// The line (from the piece's first) the name is on.
        var line: Int32
        /// The length of the piece's encoded mappings up to and including the name's own segment (later ones may
        /// move), and the line of the last segment there (0 for none).
        var mappingEnd: Int32
        var mappingLine: Int32
    }

    /// The piece as written with `names`.
    let piece: MinifiedPiece
    let slots: [NameSlot]
    /// The new name of each rename of the table the piece was written with.
    let names: [[UInt8]]

    /// The piece written with `newNames` (one per rename of the table, as in `names`) in place of `names`; `nil` when
    /// the tables do not line up.
    func substituting(_ newNames: [[UInt8]]) -> MinifiedPiece? {
        guard newNames.count == names.count else { return nil }
        return substitutingNames(newNames)
    }

    private func substitutingNames(_ newNames: [[UInt8]]) -> MinifiedPiece? {
        if newNames == names { return piece }
        // The new names back to back (`newStarts[i]..<newStarts[i + 1]`), and each old name's length: the loop
        // below then copies bytes between buffers without touching an array of arrays.
        var newStarts = [Int](repeating: 0, count: names.count + 1)
        var oldLengths = [Int](repeating: 0, count: names.count)
        var newBytes: [UInt8] = []
        for index in names.indices {
            newBytes.append(contentsOf: newNames[index])
            newStarts[index + 1] = newBytes.count
            oldLengths[index] = names[index].count
        }
        var growth = 0
        for slot in slots {
            let index = Int(slot.rename)
            guard index >= 0, index < names.count else { return nil }
            growth += newStarts[index + 1] - newStarts[index] - oldLengths[index]
        }
        let oldCode = piece.code
        let capacity = oldCode.count + growth
        guard capacity >= 0 else { return nil }
        var result = piece
        var valid = true
        var lastLineDelta = 0
        let code = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = 0
            oldCode.withUnsafeBufferPointer { old in
                newBytes.withUnsafeBufferPointer { newBytes in
                    var written = 0
                    func copy(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
                        guard range.lowerBound >= 0, range.upperBound <= source.count, written + range.count <= capacity else {
                            return false
                        }
                        if let from = source.baseAddress, let to = buffer.baseAddress, !range.isEmpty {
                            (to + written).update(from: from + range.lowerBound, count: range.count)
                        }
                        written += range.count
                        return true
                    }
                    var copied = 0
                    for slot in slots {
                        let index = Int(slot.rename)
                        let offset = Int(slot.offset)
                        let oldLength = oldLengths[index]
                        let newRange = newStarts[index]..<newStarts[index + 1]
                        guard offset >= copied, offset + oldLength <= old.count,
                            copy(old, copied..<offset), copy(newBytes, newRange)
                        else {
                            valid = false
                            break
                        }
                        copied = offset + oldLength
                    }
                    if valid, !copy(old, copied..<old.count) { valid = false }
                    initialized = written
                }
            }
        }
        // A mapping after names on its line moves by their change in length. Encoded, only the first segment after
        // them changes (the next ones' columns are deltas from it), and the piece's last column.
        let mappings = piece.mappings
        var moves: [(offset: Int, delta: Int)] = []
        var lastColumnMove = 0
        var k = 0
        while k < slots.count {
            var groupEnd = k
            while groupEnd < slots.count, slots[groupEnd].mappingEnd == slots[k].mappingEnd { groupEnd += 1 }
            if let next = mappings.segment(after: Int(slots[k].mappingEnd), line: slots[k].mappingLine) {
                var delta = 0
                for slot in slots[k..<groupEnd] {
                    let change = newStarts[Int(slot.rename) + 1] - newStarts[Int(slot.rename)] - oldLengths[Int(slot.rename)]
                    if slot.line == next.line { delta += change }
                    if slot.line == mappings.line { lastColumnMove += change }
                }
                if delta != 0 { moves.append((next.offset, delta)) }
            }
            k = groupEnd
        }
        for slot in slots where Int(slot.line) == piece.lineCount {
            lastLineDelta += newStarts[Int(slot.rename) + 1] - newStarts[Int(slot.rename)] - oldLengths[Int(slot.rename)]
        }
        guard let movedMappings = mappings.movingColumns(moves, lastColumnMove: lastColumnMove) else { return nil }
        result.mappings = movedMappings
        guard valid, code.count == capacity else { return nil }
        result.lastLineColumn += lastLineDelta
        result.code = code
        return result
    }
}
