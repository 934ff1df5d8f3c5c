#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minified piece with the places its renamed identifiers were written, so that a piece of another bundle that
/// differs only in the new names (a scope-hoisted module whose top-level names the bundle chose) is made from it by
/// putting the other names in, without renaming or printing it again (`TreePieceTemplate`).
///
/// The names never change anything else the printer decides: they are ASCII identifiers, and the separator before
/// or after one depends only on it being a word. Mappings after a name on its line move by the difference in length.
package struct RenamedPieceTemplate: Sendable {
    /// Where the writer wrote a rename's new name.
    package struct NameSlot: Sendable, Equatable {
        /// Byte offset of the name in `piece.code`.
        package var offset: Int32
        /// Index into the renames' table.
        package var rename: Int32
        /// The line (from the piece's first) the name is on.
        package var line: Int32
        /// The length of the piece's encoded mappings up to and including the name's own segment (later ones may
        /// move), and the line of the last segment there (0 for none).
        var mappingEnd: Int32
        var mappingLine: Int32

        /// Made from every stored property (the memberwise initializer, for the stages above).
        package init(offset: Int32, rename: Int32, line: Int32, mappingEnd: Int32, mappingLine: Int32) {
            self.offset = offset
            self.rename = rename
            self.line = line
            self.mappingEnd = mappingEnd
            self.mappingLine = mappingLine
        }
    }

    /// Names back to back: name `i` is `bytes[starts[i]..<starts[i + 1]]` (step 5d: a table of new names made and
    /// read without an array per name, whose making and release were a third of making a piece from a template).
    struct Names: Equatable, Sendable {
        package private(set) var bytes: [UInt8] = []
        package private(set) var starts: [Int] = [0]

        package init(capacity: Int = 0) {
            starts.reserveCapacity(capacity + 1)
        }

        package init(_ names: [[UInt8]]) {
            self.init(capacity: names.count)
            for name in names { append(name) }
        }

        /// The number of names.
        package var count: Int { starts.count - 1 }

        package mutating func append(_ name: [UInt8]) {
            bytes.append(contentsOf: name)
            starts.append(bytes.count)
        }

        package mutating func append(_ name: String) {
            bytes.append(contentsOf: name.utf8)
            starts.append(bytes.count)
        }

        /// Appends the names of `other` from `index` on (one copy of their bytes).
        package mutating func append(from index: Int, of other: Names) {
            guard index >= 0, index < other.starts.count else { return }
            let shift = bytes.count - other.starts[index]
            other.bytes.withUnsafeBufferPointer { from in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: from[other.starts[index]...]))
            }
            for start in other.starts[(index + 1)...] { starts.append(start + shift) }
        }
    }

    /// The piece as written with `names`.
    package let piece: MinifiedPiece
    let slots: [NameSlot]
    /// The new name of each rename of the table the piece was written with.
    package let names: [[UInt8]]
    /// `names` back to back.
    let flatNames: Names

    package init(piece: MinifiedPiece, slots: [NameSlot], names: [[UInt8]]) {
        self.piece = piece
        self.slots = slots
        self.names = names
        flatNames = Names(names)
    }

    /// The piece written with `newNames` (one per rename of the table, as in `names`) in place of `names`; `nil` when
    /// the tables do not line up.
    func substituting(_ newNames: [[UInt8]]) -> MinifiedPiece? {
        substituting(Names(newNames))
    }

    /// The piece written with `newNames` (one per rename, as in `names`, back to back); `nil` when the tables do not
    /// line up.
    func substituting(_ newNames: Names) -> MinifiedPiece? {
        guard newNames.count == names.count else { return nil }
        return substitutingNames(newNames)
    }

    private func substitutingNames(_ newNames: Names) -> MinifiedPiece? {
        if newNames == flatNames { return piece }
        // Each rename's change in length, and whether its bytes change: the loops below then read flat tables through
        // pointers. A slot whose rename keeps its bytes (most: the renamed locals, and the top-level names a bundle
        // spells alike) is left in the old code copied around it, and moves no mapping (step 5d).
        let renameCount = names.count
        let newBytes = newNames.bytes
        let newStarts = newNames.starts
        var changes = [Int](repeating: 0, count: renameCount)
        var oldLengths = [Int](repeating: 0, count: renameCount)
        var differs = [Bool](repeating: false, count: renameCount)
        let oldStarts = flatNames.starts
        flatNames.bytes.withUnsafeBufferPointer { oldBytes in
            newBytes.withUnsafeBufferPointer { newBytes in
                for index in 0..<renameCount {
                    let oldStart = oldStarts[index], oldLength = oldStarts[index + 1] - oldStart
                    let newStart = newStarts[index], newLength = newStarts[index + 1] - newStart
                    oldLengths[index] = oldLength
                    if newLength == oldLength {
                        // Equal lengths: the same name where the bytes are equal (`memcmp`, no generic comparison).
                        guard oldLength > 0, let old = oldBytes.baseAddress, let new = newBytes.baseAddress,
                            oldStart + oldLength <= oldBytes.count, newStart + newLength <= newBytes.count
                        else { continue }
                        if memcmp(old + oldStart, new + newStart, oldLength) == 0 { continue }
                    }
                    differs[index] = true
                    changes[index] = newLength - oldLength
                }
            }
        }
        let oldCode = piece.code
        let lineCount = piece.lineCount
        let mappings = piece.mappings
        var result = piece
        var valid = true
        var growth = 0
        var lastLineDelta = 0
        // A mapping after names on its line moves by their change in length. Encoded, only the first segment after
        // them changes (the next ones' columns are deltas from it), and the piece's last column.
        var moves: [(offset: Int, delta: Int)] = []
        var lastColumnMove = 0
        slots.withUnsafeBufferPointer { slots in
            changes.withUnsafeBufferPointer { changes in
                for slot in slots {
                    let index = Int(slot.rename)
                    guard index >= 0, index < renameCount else {
                        valid = false
                        return
                    }
                    let change = changes[index]
                    if change == 0 { continue }
                    growth += change
                    if Int(slot.line) == lineCount { lastLineDelta += change }
                }
                var k = 0
                while k < slots.count {
                    let mappingEnd = slots[k].mappingEnd
                    var groupEnd = k
                    var changed = false
                    while groupEnd < slots.count, slots[groupEnd].mappingEnd == mappingEnd {
                        if changes[Int(slots[groupEnd].rename)] != 0 { changed = true }
                        groupEnd += 1
                    }
                    // A group of names of unchanged lengths moves nothing.
                    if changed, let next = mappings.segment(after: Int(mappingEnd), line: slots[k].mappingLine) {
                        var delta = 0
                        for slot in slots[k..<groupEnd] {
                            let change = changes[Int(slot.rename)]
                            if slot.line == next.line { delta += change }
                            if slot.line == mappings.line { lastColumnMove += change }
                        }
                        if delta != 0 { moves.append((next.offset, delta)) }
                    }
                    k = groupEnd
                }
            }
        }
        guard valid else { return nil }
        let capacity = oldCode.count + growth
        guard capacity >= 0 else { return nil }
        let code = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = 0
            let to = buffer.baseAddress
            oldCode.withUnsafeBufferPointer { old in
                newBytes.withUnsafeBufferPointer { newBytes in
                    slots.withUnsafeBufferPointer { slots in
                        newStarts.withUnsafeBufferPointer { newStarts in
                            oldLengths.withUnsafeBufferPointer { oldLengths in
                                differs.withUnsafeBufferPointer { differs in
                                    var written = 0
                                    func copy(_ source: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
                                        guard start >= 0, start <= end, end <= source.count, written + (end - start) <= capacity
                                        else { return false }
                                        let count = end - start
                                        guard count > 0 else { return true }
                                        guard let from = source.baseAddress, let to else { return false }
                                        // A new name is mostly one or two bytes: put in without a call of `memcpy`.
                                        if count <= 2 {
                                            to[written] = from[start]
                                            if count == 2 { to[written + 1] = from[start + 1] }
                                        } else {
                                            (to + written).update(from: from + start, count: count)
                                        }
                                        written += count
                                        return true
                                    }
                                    var copied = 0
                                    for slot in slots {
                                        let index = Int(slot.rename)
                                        guard differs[index] else { continue }
                                        let offset = Int(slot.offset)
                                        let oldLength = oldLengths[index]
                                        guard offset >= copied, offset + oldLength <= old.count, copy(old, copied, offset),
                                            copy(newBytes, newStarts[index], newStarts[index + 1])
                                        else {
                                            valid = false
                                            break
                                        }
                                        copied = offset + oldLength
                                    }
                                    if valid, !copy(old, copied, old.count) { valid = false }
                                    initialized = written
                                }
                            }
                        }
                    }
                }
            }
        }
        guard let movedMappings = mappings.movingColumns(moves, lastColumnMove: lastColumnMove) else { return nil }
        result.mappings = movedMappings
        guard valid, code.count == capacity else { return nil }
        result.lastLineColumn += lastLineDelta
        result.code = code
        return result
    }
}
