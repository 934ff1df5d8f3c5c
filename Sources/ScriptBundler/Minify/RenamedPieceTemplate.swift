/// A minified piece with the places its renamed identifiers were written, so that a piece of another bundle that
/// differs only in the new names (a scope-hoisted module whose top-level names the bundle chose) is made from it by
/// putting the other names in, without renaming passes or writing it again.
///
/// The names never change anything else the writer decides: they are ASCII identifiers, and the separator before
/// or after one depends only on it being a word (`TokenSeparator.spacing`). Mappings after a name on its line move
/// by the difference in length.
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

    /// Where the writer put the piece's module ID (the first argument of its definition call, unmapped text).
    struct ModuleIDSlot: Sendable, Equatable {
        /// Byte offset of the ID in `piece.code`, before every name slot.
        var offset: Int
        /// The ID as written: decimal digits that are the number's shortest spelling.
        var digits: [UInt8]
    }

    /// The piece as written with `names`.
    let piece: MinifiedPiece
    let slots: [NameSlot]
    /// The new name of each rename of the table the piece was written with.
    let names: [[UInt8]]
    /// The module ID, where the piece has one that another ID of as many digits may replace.
    var moduleID: ModuleIDSlot? = nil

    /// The module ID of `piece`, if the written piece starts with `prefix` (the generated text before the ID, as
    /// the writer keeps it: `define(`), then `digits`, a number literal the writer kept as it is, then `,`.
    static func moduleIDSlot(in piece: MinifiedPiece, prefix: ArraySlice<UInt8>, digits: [UInt8]) -> ModuleIDSlot? {
        let offset = prefix.count
        guard !digits.isEmpty, NumberLiterals.shortest(digits) == digits,
            piece.code.starts(with: prefix),
            offset + digits.count < piece.code.count, Array(piece.code[offset..<(offset + digits.count)]) == digits,
            piece.code[offset + digits.count] == 0x2C
        else { return nil }
        return ModuleIDSlot(offset: offset, digits: digits)
    }

    /// The piece written with `newNames` (one per rename of the table, as in `names`) in place of `names`, and with
    /// module ID `newModuleID` (digits) in place of its own; `nil` when the tables do not line up or the ID cannot
    /// be put in (another digit count, a spelling the writer would shorten, no known place).
    func substituting(_ newNames: [[UInt8]], moduleID newModuleID: [UInt8]? = nil) -> MinifiedPiece? {
        guard newNames.count == names.count else { return nil }
        var idSlot: ModuleIDSlot?
        if let newModuleID, newModuleID != moduleID?.digits {
            guard let slot = moduleID, newModuleID.count == slot.digits.count,
                NumberLiterals.shortest(newModuleID) == newModuleID,
                slot.offset + newModuleID.count <= Int(slots.first?.offset ?? Int32.max)
            else { return nil }
            idSlot = ModuleIDSlot(offset: slot.offset, digits: newModuleID)
        }
        guard var renamed = substitutingNames(newNames) else { return nil }
        if let idSlot {
            guard idSlot.offset + idSlot.digits.count <= renamed.code.count else { return nil }
            renamed.code.replaceSubrange(idSlot.offset..<(idSlot.offset + idSlot.digits.count), with: idSlot.digits)
        }
        return renamed
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
