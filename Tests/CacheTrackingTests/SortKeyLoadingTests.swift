import AppTesting
@testable import CacheTracking
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

@Suite struct SortKeyLoadingTests {
    /// Read on two threads, cut at the middle date, the keys are exactly those of one ordered read.
    @Test(arguments: [MoodSortOrder.newestFirst, .oldestFirst])
    func twoThreadsReadTheSameListAsOne(order: MoodSortOrder) throws {
        let journal = try TemporaryJournal()
        var generator = SeededGenerator(seed: 3)
        try journal.store.write(origin: .other) { writer in
            for index in 0..<2_000 {
                // Ties on the date, and a run of dates right at the cut, on purpose.
                let date = index % 5 == 0 ? 500_000 : Int64.random(in: 0...1_000_000, using: &generator)
                try writer.insert(Mood(id: UUID(), date: Date(millisecondsSince1970: date), level: .good, note: "", creatorID: "t", modifiedAt: Date()))
            }
        }
        let request = CacheRequest(order: order)
        var (parallel, position) = try SortKeyLoading.load(request, from: journal.store, parallelThreshold: 100)
        let expected = try journal.store.read { try $0.moods(request.filter, order: order) }.map { MoodSortKey($0, order: order) }
        #expect(parallel.count == expected.count)
        #expect((0..<parallel.count).map { parallel.element(at: $0) } == expected)
        #expect(position == (try journal.store.read { try $0.latestChangeSequence() }))
    }
}
