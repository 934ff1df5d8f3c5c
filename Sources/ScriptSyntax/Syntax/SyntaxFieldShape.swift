/// What a node field holds, per kind: the table generic walks (comparison, later visitors) read.
public enum SyntaxField: UInt8, Sendable {
    /// Nothing (the field is `SyntaxTree.none` or unused).
    case unused
    /// A node ID (or `SyntaxTree.none`).
    case node
    /// A list ID.
    case list
    /// A name ID.
    case name
    /// An index into `references` or `symbols` (binding data, not structure).
    case binding
}

extension SyntaxKind {
    /// What fields `a`, `b`, `c`, `d` hold.
    ///
    /// Inlined: the switch is a table the optimizer reads with one load where it is inlined, and walks read it per
    /// node (called, it cost a call and a return per node: 542,858 calls in the compressor's walk of the
    /// firefox-shaped benchmark tree).
    @inline(__always)
    @inlinable public var fields: (SyntaxField, SyntaxField, SyntaxField, SyntaxField) {
        switch self {
        case .program, .blockStatement, .variableDeclaration, .arrayExpression, .objectExpression, .sequenceExpression,
            .arrayPattern, .objectPattern, .templateLiteral:
            return (.list, .unused, .unused, .unused)
        case .expressionStatement, .returnStatement, .breakStatement, .continueStatement, .throwStatement,
            .exportDefaultDeclaration, .unaryExpression, .updateExpression, .chainExpression, .spreadElement,
            .yieldExpression, .awaitExpression, .restElement, .staticBlock:
            return (.node, .unused, .unused, .unused)
        case .withStatement, .labeledStatement, .catchClause, .whileStatement, .doWhileStatement, .variableDeclarator,
            .importSpecifier, .importAttribute, .exportSpecifier, .taggedTemplate, .property, .binaryExpression,
            .logicalExpression, .assignmentExpression, .memberExpression, .importCall, .assignmentPattern,
            .methodDefinition, .propertyDefinition:
            return (.node, .node, .unused, .unused)
        case .ifStatement, .tryStatement, .forInStatement, .forOfStatement, .conditionalExpression:
            return (.node, .node, .node, .unused)
        case .forStatement:
            return (.node, .node, .node, .node)
        case .switchStatement, .switchCase, .callExpression, .newExpression:
            return (.node, .list, .unused, .unused)
        case .functionDeclaration, .functionExpression, .arrowFunction:
            return (.node, .list, .node, .unused)
        case .classDeclaration, .classExpression:
            return (.node, .node, .list, .unused)
        case .importDeclaration:
            return (.list, .node, .list, .unused)
        case .exportNamedDeclaration:
            return (.node, .list, .node, .list)
        case .exportAllDeclaration:
            return (.node, .node, .list, .unused)
        case .identifier, .bindingIdentifier:
            return (.name, .binding, .unused, .unused)
        case .identifierName, .privateName:
            return (.name, .unused, .unused, .unused)
        case .emptyStatement, .debuggerStatement, .thisExpression, .superExpression, .nullLiteral, .booleanLiteral,
            .numberLiteral, .stringLiteral, .regexLiteral, .templateElement, .elision, .metaProperty:
            return (.unused, .unused, .unused, .unused)
        }
    }

    /// Which fields hold children, as one byte: bit `i` (0 for `a` ... 3 for `d`) when field `i` holds a node, bit
    /// `4 + i` when it holds a list; 0 for a leaf (names, literals: most nodes). What `fields` says, for walks that
    /// only follow children: one byte from a table per node.
    @inline(__always)
    @inlinable package var childFields: UInt8 {
        switch self {
        case .program, .blockStatement, .variableDeclaration, .arrayExpression, .objectExpression, .sequenceExpression,
            .arrayPattern, .objectPattern, .templateLiteral:
            0b0001_0000
        case .expressionStatement, .returnStatement, .breakStatement, .continueStatement, .throwStatement,
            .exportDefaultDeclaration, .unaryExpression, .updateExpression, .chainExpression, .spreadElement,
            .yieldExpression, .awaitExpression, .restElement, .staticBlock:
            0b0000_0001
        case .withStatement, .labeledStatement, .catchClause, .whileStatement, .doWhileStatement, .variableDeclarator,
            .importSpecifier, .importAttribute, .exportSpecifier, .taggedTemplate, .property, .binaryExpression,
            .logicalExpression, .assignmentExpression, .memberExpression, .importCall, .assignmentPattern,
            .methodDefinition, .propertyDefinition:
            0b0000_0011
        case .ifStatement, .tryStatement, .forInStatement, .forOfStatement, .conditionalExpression:
            0b0000_0111
        case .forStatement:
            0b0000_1111
        case .switchStatement, .switchCase, .callExpression, .newExpression:
            0b0010_0001
        case .functionDeclaration, .functionExpression, .arrowFunction:
            0b0010_0101
        case .classDeclaration, .classExpression:
            0b0100_0011
        case .importDeclaration:
            0b0101_0010
        case .exportNamedDeclaration:
            0b1010_0101
        case .exportAllDeclaration:
            0b0100_0011
        case .identifier, .bindingIdentifier, .identifierName, .privateName, .emptyStatement, .debuggerStatement,
            .thisExpression, .superExpression, .nullLiteral, .booleanLiteral, .numberLiteral, .stringLiteral,
            .regexLiteral, .templateElement, .elision, .metaProperty:
            0
        }
    }

    /// Whether the node's value is its source text (literals and template parts).
    public var isLiteralText: Bool {
        switch self {
        case .booleanLiteral, .numberLiteral, .stringLiteral, .regexLiteral, .templateElement: true
        default: false
        }
    }
}

extension SyntaxTree {
    /// The first structural difference between this tree and `other` (kinds, operators, flags other than
    /// `parenthesized`, names, literal texts, children), ignoring source ranges and binding indexes; nil when
    /// they are the same.
    public func firstDifference(from other: SyntaxTree) -> String? {
        var pairs: [(Int32, Int32)] = [(root, other.root)]
        while let (x, y) = pairs.popLast() {
            if x < 0 || y < 0 {
                if x != y { return "a child is absent in one tree only (\(describe(x)) vs \(other.describe(y)))" }
                continue
            }
            let n = self[x], m = other[y]
            let ignored = SyntaxFlags.parenthesized.rawValue
            guard n.kind == m.kind, n.op == m.op, n.flags.rawValue & ~ignored == m.flags.rawValue & ~ignored else {
                return "\(describe(x)) vs \(other.describe(y))"
            }
            if n.kind.isLiteralText, bytes(x) != other.bytes(y) { return "\(describe(x)) vs \(other.describe(y))" }
            let shape = n.kind.fields
            for (field, left, right) in [(shape.0, n.a, m.a), (shape.1, n.b, m.b), (shape.2, n.c, m.c), (shape.3, n.d, m.d)] {
                switch field {
                case .unused, .binding:
                    continue
                case .name:
                    if names[Int(left)] != other.names[Int(right)] { return "\(describe(x)) vs \(other.describe(y))" }
                case .node:
                    pairs.append((left, right))
                case .list:
                    let l = list(left), r = other.list(right)
                    guard l.count == r.count else {
                        return "lists of \(l.count) and \(r.count) children in \(describe(x)) vs \(other.describe(y))"
                    }
                    for (p, q) in zip(l, r) { pairs.append((p, q)) }
                }
            }
        }
        return nil
    }

    /// `kind 'text' @offset` of a node, for messages.
    package func describe(_ id: Int32) -> String {
        guard id >= 0 else { return "(none)" }
        let node = self[id]
        let text = String(decoding: source[Int(node.start)..<min(Int(node.end), Int(node.start) + 40)], as: UTF8.self)
        return "\(node.kind) '\(text)' @\(node.start)"
    }
}
