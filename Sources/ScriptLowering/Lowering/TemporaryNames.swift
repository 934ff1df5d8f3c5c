/// Fresh names for the temporaries and helpers lowering adds: `_a` ... `_z`, then `_a1` ... `_z1`, and so on,
/// skipping every name the file holds (any identifier, property name or label), so a temporary can neither
/// capture nor shadow a name of the source.
struct TemporaryNames {
    /// Names that must not be chosen (the file's, and the helpers' once chosen).
    private var taken: Set<String>

    package init(taken names: [String]) {
        taken = Set(names)
    }

    /// The `index`-th candidate name: `_a`, ..., `_z`, `_a1`, ...
    package static func candidate(_ index: Int) -> String {
        let letter = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(index % 26)))
        let round = index / 26
        return round == 0 ? "_\(letter)" : "_\(letter)\(round)"
    }

    /// The first candidate from `index` on that the file does not hold, and the index after it.
    package func next(from index: Int) -> (name: String, next: Int) {
        var index = index
        while taken.contains(Self.candidate(index)) { index += 1 }
        return (Self.candidate(index), index + 1)
    }

    /// Takes `name` for the whole file: no other temporary or helper gets it (a class's temporaries, read from
    /// inside its methods, must not be shadowed by theirs).
    package mutating func take(_ name: String) {
        taken.insert(name)
    }

    /// A name for a helper: `base` unless the file holds it, else `base2`, `base3`, ...; reserved from then on.
    package mutating func helper(_ base: String) -> String {
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = "\(base)\(suffix)"
            suffix += 1
        }
        taken.insert(name)
        return name
    }
}

/// The temporaries of one function body, static block or wrapped expression, in the order they were made.
struct TemporaryContext {
    /// The names to declare (`var _a, _b;` or the wrapper's parameters).
    package var temporaries: [String] = []
    /// Names in use in this context that it does not declare (a catch clause's binding, a lowered parameter).
    package var reserved: [String] = []
    /// Where the next candidate name is searched from.
    var nextCandidate = 0
}

extension LoweringPass {
    /// A new temporary of the innermost context (declared with it).
    package mutating func temporary() -> String {
        let name = freshName()
        contexts[contexts.count - 1].temporaries.append(name)
        return name
    }

    /// A new name of the innermost context that it does not declare (a catch clause's binding).
    mutating func reserveName() -> String {
        let name = freshName()
        contexts[contexts.count - 1].reserved.append(name)
        return name
    }

    private mutating func freshName() -> String {
        var (name, next) = names.next(from: contexts[contexts.count - 1].nextCandidate)
        while contexts[contexts.count - 1].reserved.contains(name) { (name, next) = names.next(from: next) }
        contexts[contexts.count - 1].nextCandidate = next
        return name
    }
}
