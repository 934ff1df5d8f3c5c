import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The field table of each node kind, and the one-byte form of it that walks read.
@Suite struct SyntaxFieldShapeTests {
    /// `childFields` says for every kind what `fields` says of its node and list fields, and nothing of the others.
    @Test(arguments: SyntaxKind.allCases)
    func childFieldsAgreeWithFields(_ kind: SyntaxKind) {
        let shape = kind.fields
        var expected: UInt8 = 0
        for (index, field) in [shape.0, shape.1, shape.2, shape.3].enumerated() {
            if field == .node { expected |= 1 << index }
            if field == .list { expected |= 0x10 << index }
        }
        #expect(kind.childFields == expected, "\(kind)")
    }

    /// A leaf (no field holds a child) is a byte of 0; names, bindings and literals are leaves, statements are not.
    @Test func leavesAreZero() {
        #expect(SyntaxKind.identifier.childFields == 0)
        #expect(SyntaxKind.bindingIdentifier.childFields == 0)
        #expect(SyntaxKind.stringLiteral.childFields == 0)
        #expect(SyntaxKind.program.childFields == 0x10)
        #expect(SyntaxKind.exportNamedDeclaration.childFields == 0b1010_0101)
    }
}
