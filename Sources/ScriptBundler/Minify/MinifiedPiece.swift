/// One independently minified part of a bundle (a wrapped file or a module definition): its code, its
/// mappings relative to where it starts, the names and sources they use, and its legal comments.
/// `MinifiedBundleComposer` joins pieces into one bundle and one map without re-encoding anything twice.
struct MinifiedPiece: Sendable {
    /// One mapping segment (see `PieceMappings.Segment`).
    typealias Segment = PieceMappings.Segment

    var code: [UInt8] = []
    /// The mappings, encoded (see `PieceMappings`).
    var mappings = PieceMappings()
    /// The mapping segments, decoded (set: encoded again).
    var segments: [Segment] {
        get { mappings.segments }
        set { mappings = PieceMappings(newValue) }
    }
    /// The original names the segments use (a name may be listed more than once).
    var names: [String] = []
    /// The sources the segments point at (map path and content).
    var sources: [SourceMapBuilder.Source] = []
    /// Legal comments in order of appearance.
    var legalComments: [[UInt8]] = []
    /// Line terminators in `code`.
    var lineCount = 0
    /// UTF-16 length of the code after its last line terminator.
    var lastLineColumn = 0
    /// The code ends with the `}` ending a statement (a block, `if`, loop, function or class declaration): code
    /// after it starts a statement of its own, with no `;` between.
    var endsWithStatementBrace = false
    /// Where the writer put each new name, while the minifier makes a `RenamedPieceTemplate` of the piece (empty
    /// otherwise).
    var nameSlots: [RenamedPieceTemplate.NameSlot] = []
    /// Made by `verbatim(_:)`: one line of generated code, mapping nothing.
    var isVerbatim = false

    /// Generated one-line ASCII code, kept as it is and unmapped.
    static func verbatim(_ text: String) -> MinifiedPiece {
        var piece = MinifiedPiece()
        piece.code = Array(text.utf8)
        piece.lastLineColumn = piece.code.count
        piece.segments = [Segment(line: 0, column: 0, source: -1, originalLine: 0, originalColumn: 0, name: -1)]
        piece.isVerbatim = true
        return piece
    }
}
