import AppTesting
@testable import CacheTracking
import Testing

@Suite struct BlockedSortedListTests {
    @Test func randomInsertsAndRemovesKeepTheSameOrderAndIndexesAsASortedArray() {
        var generator = SeededGenerator(seed: 7)
        var list = BlockedSortedList<Int>(sorted: Array(stride(from: 0, to: 3_000, by: 3)))
        var reference = Array(stride(from: 0, to: 3_000, by: 3))
        for _ in 0..<5_000 {
            let value = Int.random(in: 0..<4_000, using: &generator)
            if let position = reference.firstIndex(of: value) {
                #expect(list.index(of: value) == position)
                let removed = list.remove(value)
                #expect(removed)
                reference.remove(at: position)
            } else {
                #expect(list.index(of: value) == nil)
                let removed = list.remove(value)
                #expect(!removed)
                list.insert(value)
                reference.insert(value, at: reference.firstIndex { $0 > value } ?? reference.count)
            }
        }
        #expect(list.count == reference.count)
        #expect((0..<reference.count).map { list.element(at: $0) } == reference)
    }

    @Test func anEmptiedListAcceptsNewElements() {
        var list = BlockedSortedList<Int>(sorted: [1, 2])
        list.remove(1)
        list.remove(2)
        #expect(list.count == 0)
        list.insert(5)
        #expect(list.index(of: 5) == 0)
    }
}
