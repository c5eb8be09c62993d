@testable import RouteKit
import Testing

/// The stack the compiled-table reader builds objects' member lists on.
@Suite struct ElementStackTests {
    final class Tracked {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Nested containers take their own elements, in order, past the initial capacity.
    @Test func nestedContainersTakeTheirOwnElements() {
        var stack = ElementStack<Int>(capacity: 2)
        stack.push(1)
        let outer = stack.count
        for value in 10..<200 { stack.push(value) }
        let inner = stack.count
        stack.push(7)
        stack.push(8)
        #expect(stack.take(from: inner) == [7, 8])
        #expect(Array(stack.elements(from: outer)) == Array(10..<200))
        #expect(stack.take(from: outer) == Array(10..<200))
        #expect(stack.take(from: stack.count).isEmpty)
        #expect(stack.take(from: 0) == [1])
        #expect(stack.count == 0)
    }

    /// Taken elements live on in their array; elements left when the stack goes (a read that
    /// failed half-way) are released with it.
    @Test func elementsAreReleasedOnceWhetherTakenOrLeft() {
        weak var taken: Tracked?
        weak var left: Tracked?
        var kept: [Tracked] = []
        do {
            var stack = ElementStack<Tracked>(capacity: 1)
            let first = Tracked(1)
            taken = first
            stack.push(first)
            let base = stack.count
            let second = Tracked(2)
            left = second
            stack.push(second)
            stack.push(Tracked(3))
            _ = stack.take(from: base)
            kept = stack.take(from: 0)
            stack.push(second)
        }
        #expect(kept.map(\.value) == [1])
        #expect(taken != nil)
        #expect(left == nil)
        kept = []
        #expect(taken == nil)
    }
}
