/// The prefix tree WebKit's `CombinedURLFilters` builds from the url-filters of one automaton group, and the
/// way `processNFAs` cuts it into NFAs.
///
/// Every pattern is a path of terms from the root (an unanchored pattern starts with an implicit `.*`); equal
/// leading terms are shared. WebKit makes one NFA per vertex reached through a term that has no fixed length
/// (a quantified term: `.*`, `x+`, `(…)?`) when some pattern ends below it: the NFA holds the path to that vertex and the fixed-length subtree
/// below it, cut again whenever it passes `maximumNFANodes`. So each distinct "prefix up to the last quantifier"
/// costs an automaton of its own, and the nodes of the tree are what the NFA-to-DFA conversion walks.
struct URLFilterPrefixTree {
    /// WebKit's `maxNFASize`.
    static let maximumNFANodes = 75_000

    /// One NFA of the group.
    struct Partition {
        /// Nodes on the path from the root to the partition's first vertex (generated again in this NFA).
        var prefixNodes: Int
        /// Quantified (looping or optional) terms on that path: each keeps NFA states alive in every DFA state.
        var loopsInPrefix: Int
        /// Nodes of the fixed-length subtree.
        var subtreeNodes: Int = 0
        /// The pattern that created the partition (index into the patterns added).
        var creator: Int
        /// Patterns that end in this partition.
        var patternCount: Int = 0
        /// The vertex the fixed-length subtree hangs from.
        var rootVertex: Int32
        /// Characters that can start the fixed-length subtree. After a loop (`.*`), every such character can
        /// start a new match while earlier ones are still alive, so the DFA's states are sets of subtree nodes
        /// whose number grows with this width.
        var firstCharacters = ASCIISet()
        /// The characters after which a new match of the fixed subtree can start while older ones are alive, when
        /// the partition is entered through a term that ends in fixed characters (`([^/]*\.)?` restarts only after
        /// a `.`); nil when it is entered through a loop over characters that can start the subtree (`.*`), where
        /// every character of `firstCharacters` restarts it.
        var restartCharacters: ASCIISet?
        /// Loops over characters that can start what follows them (`.*`, `x+`) on the prefix.
        var freeLoopsInPrefix = 0
        /// How many characters can start a new match of the subtree while older ones are alive.
        var restartWidth: Int { max(1, (restartCharacters ?? firstCharacters).count) }
        /// Subtree nodes times `restartWidth` when the prefix loops (0 otherwise).
        var restrictedRestartWeightedNodes: Int { loopsInPrefix > 0 ? subtreeNodes * restartWidth : 0 }
        /// Subtree nodes times the width of `firstCharacters` when the prefix loops (0 otherwise).
        var restartWeightedNodes: Int { loopsInPrefix > 0 ? subtreeNodes * max(1, firstCharacters.count) : 0 }
        /// Whether two or more loops over characters that can start what follows them are on the prefix
        /// (`.*a.*b`): WebKit's combination of such small DFAs multiplies their states.
        var hasLoopsInSequence: Bool { freeLoopsInPrefix >= 2 }
        /// NFA nodes WebKit generates for it.
        var nfaNodes: Int { prefixNodes + subtreeNodes }
    }

    /// The tree's edges, (parent vertex, term) -> child vertex, in an open-addressing table: the tree of a large
    /// list has millions of edges, and a `Dictionary` spent most of the estimate hashing and growing.
    private struct EdgeTable {
        private static let empty = UInt64.max
        private var keys = [UInt64](repeating: EdgeTable.empty, count: 1 << 10)
        private var values = [Int32](repeating: 0, count: 1 << 10)
        private var shift = 64 - 10
        private(set) var count = 0

        /// The key of an edge (both halves are non-negative, so no key equals `empty`).
        @inline(__always) static func key(_ parent: Int32, _ term: Int32) -> UInt64 {
            UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: term))
        }

        @inline(__always) private func slot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        }

        func child(_ key: UInt64) -> Int32? {
            let mask = keys.count - 1
            var index = slot(key)
            while true {
                let found = keys[index]
                if found == key { return values[index] }
                if found == EdgeTable.empty { return nil }
                index = (index + 1) & mask
            }
        }

        /// Adds an edge that is not in the table.
        mutating func insert(_ key: UInt64, child: Int32) {
            if (count + 1) * 2 > keys.count { grow() }
            let mask = keys.count - 1
            var index = slot(key)
            while keys[index] != EdgeTable.empty { index = (index + 1) & mask }
            keys[index] = key
            values[index] = child
            count += 1
        }

        private mutating func grow() {
            let oldKeys = keys, oldValues = values
            keys = [UInt64](repeating: EdgeTable.empty, count: oldKeys.count * 2)
            values = [Int32](repeating: 0, count: oldKeys.count * 2)
            shift -= 1
            count = 0
            for (key, value) in zip(oldKeys, oldValues) where key != EdgeTable.empty { insert(key, child: value) }
        }
    }

    private var termIDs: [URLFilterTerm: Int32] = [:]
    private var termNodes: [Int] = []
    private var termIsFixed: [Bool] = []
    private var firstTermSet: [ASCIISet] = []
    private var termRestart: [ASCIISet?] = []
    private var termIsOptional: [Bool] = []
    private var edges = EdgeTable()
    /// Per vertex: nodes on its path, loops on its path and its partition.
    private var pathNodes: [Int] = [0]
    private var pathLoops: [Int] = [0]
    private var pathFreeLoops: [Int] = [0]
    private var partitionOfVertex: [Int32] = [0]
    /// Per vertex: whether it is reached through a loop whose characters can start anything below it (a match of
    /// what follows can begin at any position), rather than through fixed characters.
    private var vertexIsFree: [Bool] = [false]
    /// Per vertex: its parent, the term that reaches it, and whether a pattern ends at or below it in its NFA.
    private var parentOfVertex: [Int32] = [0]
    private var termOfVertex: [Int32] = [0]
    private var vertexIsLive: [Bool] = [false]
    /// The NFA that continues a subtree once its first NFA went over `maximumNFANodes`.
    private var continuation: [Int: Int] = [:]
    private(set) var partitions: [Partition] = [Partition(prefixNodes: 0, loopsInPrefix: 0, creator: 0, rootVertex: 0)]
    /// Patterns added.
    private(set) var patternCount = 0
    /// Tree edges (= prefix-tree vertices besides the root).
    var edgeCount: Int { edges.count }

    /// The implicit leading `.*` of an unanchored pattern.
    static let universalPrefix = URLFilterTerm(atom: .set(.anyCharacter), quantifier: .zeroOrMore)

    /// What adding one pattern did.
    struct Insertion {
        /// NFA nodes the pattern added: its unshared terms, and the prefix each NFA it opens generates again.
        var newNodes = 0
        /// Those nodes weighted by the quantified terms of their NFA's prefix.
        var newLoopWeightedNodes = 0
        /// Its fixed-subtree nodes after a loop, times the partition's start width so far.
        var newRestartWeightedNodes = 0
        /// Its fixed-subtree nodes after a loop, times the characters that restart the subtree.
        var newRestrictedRestartWeightedNodes = 0
        /// Partitions (NFAs) the pattern opened.
        var newPartitions = 0
        /// The partition it ends in.
        var partition = 0
        /// Whether the pattern is the first to end in that partition, which makes it an NFA WebKit builds.
        var endsInNewPartition = false
        /// Whether that partition has loops in sequence on its prefix.
        var inLoopsInSequence = false
    }

    /// Adds a pattern; `terms` already carry the implicit `.*` when the pattern is unanchored.
    ///
    /// Only fixed paths that lead to a pattern's end are nodes of an NFA: WebKit drops the vertices of a subtree
    /// that carry no action and lead to none (a host whose only continuation is a quantified term, as in
    /// `host[/:]?`, becomes part of that term's NFA, not of the host trie's), so a path's nodes are counted when
    /// a pattern ends at or below it.
    @discardableResult
    mutating func add(_ terms: [URLFilterTerm]) -> Insertion {
        let pattern = patternCount
        patternCount += 1
        var vertex: Int32 = 0
        var insertion = Insertion()
        for term in terms {
            let id = intern(term)
            let key = EdgeTable.key(vertex, id)
            if let child = edges.child(key) {
                vertex = child
                continue
            }
            let child = Int32(pathNodes.count)
            edges.insert(key, child: child)
            let parent = Int(vertex)
            pathNodes.append(pathNodes[parent] + termNodes[Int(id)])
            pathLoops.append(pathLoops[parent] + (termIsFixed[Int(id)] ? 0 : 1))
            parentOfVertex.append(vertex)
            pathFreeLoops.append(pathFreeLoops[parent] + (!termIsFixed[Int(id)] && termRestart[Int(id)] == nil ? 1 : 0))
            termOfVertex.append(id)
            vertexIsLive.append(false)
            if termIsFixed[Int(id)] {
                partitionOfVertex.append(partitionOfVertex[parent])
                vertexIsFree.append(false)
            } else {
                let restart = termRestart[Int(id)]
                // An optional term can be skipped: what restarts at its parent restarts below it too.
                let isFree = restart == nil || (termIsOptional[Int(id)] && vertexIsFree[parent])
                vertexIsFree.append(isFree)
                partitions.append(
                    Partition(
                        prefixNodes: pathNodes[Int(child)], loopsInPrefix: pathLoops[Int(child)], creator: pattern,
                        rootVertex: child, restartCharacters: isFree ? nil : restart,
                        freeLoopsInPrefix: pathFreeLoops[Int(child)]))
                partitionOfVertex.append(Int32(partitions.count - 1))
            }
            vertex = child
        }
        // The fixed path from the partition's first vertex to the pattern's end becomes part of the NFA.
        let base = Int(partitionOfVertex[Int(vertex)])
        let root = partitions[base].rootVertex
        var liveNodes = 0
        var firstCharacters = ASCIISet()
        var walk = vertex
        while walk != root && !vertexIsLive[Int(walk)] {
            vertexIsLive[Int(walk)] = true
            let term = Int(termOfVertex[Int(walk)])
            liveNodes += termNodes[term]
            let parent = parentOfVertex[Int(walk)]
            if parent == root { firstCharacters = firstCharacters.union(firstTermSet[term]) }
            walk = parent
        }
        var partition = base
        while let next = continuation[partition] { partition = next }
        if partitions[partition].subtreeNodes > 0,
            partitions[partition].nfaNodes + liveNodes > URLFilterPrefixTree.maximumNFANodes
        {
            // WebKit closes the NFA and continues the rest of the subtree in a new one.
            let old = partitions[partition]
            partitions.append(
                Partition(
                    prefixNodes: old.prefixNodes, loopsInPrefix: old.loopsInPrefix, creator: pattern,
                    rootVertex: old.rootVertex, firstCharacters: old.firstCharacters,
                    restartCharacters: old.restartCharacters, freeLoopsInPrefix: old.freeLoopsInPrefix))
            continuation[partition] = partitions.count - 1
            partition = partitions.count - 1
        }
        insertion.partition = partition
        insertion.endsInNewPartition = partitions[partition].patternCount == 0
        insertion.inLoopsInSequence = partitions[partition].hasLoopsInSequence
        let loops = partitions[partition].loopsInPrefix
        if insertion.endsInNewPartition {
            // The NFA generates its prefix again.
            insertion.newPartitions = 1
            insertion.newNodes += partitions[partition].prefixNodes
            insertion.newLoopWeightedNodes += partitions[partition].prefixNodes * loops
        }
        partitions[partition].subtreeNodes += liveNodes
        partitions[partition].firstCharacters = partitions[partition].firstCharacters.union(firstCharacters)
        insertion.newNodes += liveNodes
        insertion.newLoopWeightedNodes += liveNodes * loops
        if loops > 0 {
            insertion.newRestartWeightedNodes += liveNodes * max(1, partitions[partition].firstCharacters.count)
            insertion.newRestrictedRestartWeightedNodes += liveNodes * partitions[partition].restartWidth
        }
        partitions[partition].patternCount += 1
        return insertion
    }

    private mutating func intern(_ term: URLFilterTerm) -> Int32 {
        if let id = termIDs[term] { return id }
        let id = Int32(termNodes.count)
        termIDs[term] = id
        termNodes.append(URLFilterPrefixTree.nodeCount(of: term))
        termIsFixed.append(URLFilterPrefixTree.hasFixedLength(term))
        firstTermSet.append(URLFilterPrefixTree.firstSet(of: term))
        termRestart.append(URLFilterPrefixTree.restartCharacters(after: term))
        termIsOptional.append(term.quantifier == .zeroOrOne || term.quantifier == .zeroOrMore)
        return id
    }

    /// The characters after which a term with no fixed length can end, when it ends in fixed characters: what
    /// follows it can only start right after one of them (`([^/]*\.)?`: after a `.`; `s?`: after an `s`). Nil when
    /// it ends in a loop (`.*`, `x+`, `(ab*)?`), after which what follows can start at any position the loop reaches.
    static func restartCharacters(after term: URLFilterTerm) -> ASCIISet? {
        switch term.atom {
        case .set(let set):
            return term.quantifier == .zeroOrOne ? set : nil
        case .group(let terms):
            guard let last = terms.last else { return nil }
            if last.quantifier == .one, case .set(let set) = last.atom { return set }
            guard last.quantifier == .one || last.quantifier == .zeroOrOne else { return nil }
            return restartCharacters(after: last)
        }
    }

    /// NFA nodes WebKit's `Term::generateGraph` makes for a term (one per character set, one more for a
    /// quantifier's extra state).
    static func nodeCount(of term: URLFilterTerm) -> Int {
        let base: Int
        switch term.atom {
        case .set: base = 1
        case .group(let terms): base = terms.reduce(0) { $0 + nodeCount(of: $1) }
        }
        return term.quantifier == .one ? base : base + 1
    }

    /// The characters the term's first unit can be.
    static func firstSet(of term: URLFilterTerm) -> ASCIISet {
        switch term.atom {
        case .set(let set): return set
        case .group(let terms):
            var result = ASCIISet()
            for inner in terms {
                result = result.union(firstSet(of: inner))
                if hasFixedLength(inner) || inner.quantifier == .one || inner.quantifier == .oneOrMore { break }
            }
            return result
        }
    }

    /// Whether the term always matches the same number of characters (WebKit's `Term::hasFixedLength`).
    static func hasFixedLength(_ term: URLFilterTerm) -> Bool {
        guard term.quantifier == .one else { return false }
        switch term.atom {
        case .set: return true
        case .group(let terms): return terms.allSatisfy(hasFixedLength)
        }
    }
}
