import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Bundles alternate the direction in which they minify their pieces.
@Suite struct PieceOrderTests {
    @Test func bundlesAlternateDirections() {
        let order = PieceOrder()
        #expect(order.next(count: 4) == nil)
        #expect(order.next(count: 4) == [3, 2, 1, 0])
        #expect(order.next(count: 3) == nil)
        #expect(order.next(count: 3) == [2, 1, 0])
    }

    @Test func aSinglePieceHasNoOrder() {
        let order = PieceOrder()
        #expect(order.next(count: 1) == nil)
        #expect(order.next(count: 1) == nil)
        #expect(order.next(count: 0) == nil)
    }
}
