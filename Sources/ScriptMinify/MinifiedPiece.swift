import ScriptSyntax

/// One independently minified part of a bundle (a wrapped file or a module definition): its code, its
/// mappings relative to where it starts, the names and sources they use, and its legal comments.
/// `MinifiedBundleComposer` joins pieces into one bundle and one map without re-encoding anything twice.
package struct MinifiedPiece: Sendable {
    /// One mapping segment (see `PieceMappings.Segment`).
    package typealias Segment = PieceMappings.Segment

    package var code: [UInt8] = []
    /// The mappings, encoded (see `PieceMappings`).
    package var mappings = PieceMappings()
    /// The mapping segments, decoded (set: encoded again).
    package var segments: [Segment] {
        get { mappings.segments }
        set { mappings = PieceMappings(newValue) }
    }
    /// The original names the segments use (a name may be listed more than once).
    package var names: [String] = []
    /// The sources the segments point at (map path and content).
    package var sources: [SourceMapBuilder.Source] = []
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

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(
        code: [UInt8] = [],
        mappings: PieceMappings = PieceMappings(),
        names: [String] = [],
        sources: [SourceMapBuilder.Source] = [],
        legalComments: [[UInt8]] = [],
        lineCount: Int = 0,
        lastLineColumn: Int = 0,
        endsWithStatementBrace: Bool = false,
        nameSlots: [RenamedPieceTemplate.NameSlot] = [],
        isVerbatim: Bool = false
    ) {
        self.code = code
        self.mappings = mappings
        self.names = names
        self.sources = sources
        self.legalComments = legalComments
        self.lineCount = lineCount
        self.lastLineColumn = lastLineColumn
        self.endsWithStatementBrace = endsWithStatementBrace
        self.nameSlots = nameSlots
        self.isVerbatim = isVerbatim
    }

    /// Generated one-line ASCII code, kept as it is and unmapped.
    package static func verbatim(_ text: String) -> MinifiedPiece {
        var piece = MinifiedPiece()
        piece.code = Array(text.utf8)
        piece.lastLineColumn = piece.code.count
        piece.segments = [Segment(line: 0, column: 0, source: -1, originalLine: 0, originalColumn: 0, name: -1)]
        piece.isVerbatim = true
        return piece
    }
}
