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
        /// Subtree nodes times the width of `firstCharacters` when the prefix loops (0 otherwise).
        var restartWeightedNodes: Int { loopsInPrefix > 0 ? subtreeNodes * max(1, firstCharacters.count) : 0 }
        /// NFA nodes WebKit generates for it.
        var nfaNodes: Int { prefixNodes + subtreeNodes }
    }

    private struct EdgeKey: Hashable {
        var parent: Int32
        var term: Int32
    }

    private var termIDs: [URLFilterTerm: Int32] = [:]
    private var termNodes: [Int] = []
    private var termIsFixed: [Bool] = []
    private var firstTermSet: [ASCIISet] = []
    private var edges: [EdgeKey: Int32] = [:]
    /// Per vertex: nodes on its path, loops on its path and its partition.
    private var pathNodes: [Int] = [0]
    private var pathLoops: [Int] = [0]
    private var partitionOfVertex: [Int32] = [0]
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
        /// Partitions (NFAs) the pattern opened.
        var newPartitions = 0
        /// The partition it ends in.
        var partition = 0
        /// Whether the pattern is the first to end in that partition, which makes it an NFA WebKit builds.
        var endsInNewPartition = false
    }

    /// Adds a pattern; `terms` already carry the implicit `.*` when the pattern is unanchored.
    @discardableResult
    mutating func add(_ terms: [URLFilterTerm]) -> Insertion {
        let pattern = patternCount
        patternCount += 1
        var vertex: Int32 = 0
        var insertion = Insertion()
        for term in terms {
            let id = intern(term)
            let key = EdgeKey(parent: vertex, term: id)
            if let child = edges[key] {
                vertex = child
                continue
            }
            let child = Int32(pathNodes.count)
            edges[key] = child
            let nodes = termNodes[Int(id)]
            let parent = Int(vertex)
            pathNodes.append(pathNodes[parent] + nodes)
            pathLoops.append(pathLoops[parent] + (termIsFixed[Int(id)] ? 0 : 1))
            if termIsFixed[Int(id)] {
                var partition = Int(partitionOfVertex[parent])
                while let next = continuation[partition] { partition = next }
                if partitions[partition].nfaNodes + nodes > URLFilterPrefixTree.maximumNFANodes {
                    // WebKit closes the NFA and continues the rest of the subtree in a new one.
                    let old = partitions[partition]
                    partitions.append(
                        Partition(
                            prefixNodes: old.prefixNodes, loopsInPrefix: old.loopsInPrefix, creator: pattern,
                            rootVertex: old.rootVertex, firstCharacters: old.firstCharacters))
                    continuation[partition] = partitions.count - 1
                    partition = partitions.count - 1
                    insertion.newPartitions += 1
                    insertion.newNodes += old.prefixNodes
                    insertion.newLoopWeightedNodes += old.prefixNodes * old.loopsInPrefix
                }
                partitions[partition].subtreeNodes += nodes
                if partitions[partition].rootVertex == vertex {
                    partitions[partition].firstCharacters = partitions[partition].firstCharacters.union(firstTermSet[Int(id)])
                }
                partitionOfVertex.append(Int32(partition))
                insertion.newNodes += nodes
                insertion.newLoopWeightedNodes += nodes * partitions[partition].loopsInPrefix
                if partitions[partition].loopsInPrefix > 0 {
                    insertion.newRestartWeightedNodes += nodes * max(1, partitions[partition].firstCharacters.count)
                }
            } else {
                let prefix = pathNodes[Int(child)], loops = pathLoops[Int(child)]
                partitions.append(Partition(prefixNodes: prefix, loopsInPrefix: loops, creator: pattern, rootVertex: child))
                partitionOfVertex.append(Int32(partitions.count - 1))
                insertion.newPartitions += 1
                insertion.newNodes += prefix
                insertion.newLoopWeightedNodes += prefix * loops
            }
            vertex = child
        }
        insertion.partition = Int(partitionOfVertex[Int(vertex)])
        while let next = continuation[insertion.partition] { insertion.partition = next }
        insertion.endsInNewPartition = partitions[insertion.partition].patternCount == 0
        partitions[insertion.partition].patternCount += 1
        return insertion
    }

    private mutating func intern(_ term: URLFilterTerm) -> Int32 {
        if let id = termIDs[term] { return id }
        let id = Int32(termNodes.count)
        termIDs[term] = id
        termNodes.append(URLFilterPrefixTree.nodeCount(of: term))
        termIsFixed.append(URLFilterPrefixTree.hasFixedLength(term))
        firstTermSet.append(URLFilterPrefixTree.firstSet(of: term))
        return id
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
