import CacheTracking
import Foundation
import JournalTesting
import MoodKit
import Testing

@Suite struct CacheTransactionBatchIndexMappingTests {
    /// Ten moods "0"…"9"; the batch deletes 2, moves 7 to the top, updates 5, inserts "new" at 4.
    let old = (0..<10).map { Self.mood("\($0)") }
    let batch: CacheTransactionBatch
    let new: [Mood]

    init() {
        let inserted = Self.mood("new")
        batch = CacheTransactionBatch([
            .delete(old[2].id, from: 2), .move(old[7], from: 7, to: 0), .update(old[5], from: 5, to: 6),
            .insert(inserted, to: 4),
        ])
        new = batch.applied(to: old) { $0 }
    }

    @Test func theBatchGivesTheExpectedList() {
        #expect(new.map(\.note) == ["7", "0", "1", "3", "new", "4", "5", "6", "8", "9"])
    }

    @Test func everySurvivingRowIsFollowedToItsNewIndex() {
        for (oldIndex, mood) in old.enumerated() {
            #expect(batch.newIndex(forOldIndex: oldIndex) == new.firstIndex(of: mood), "old index \(oldIndex)")
        }
    }

    @Test func everyNewRowIsTracedBackToItsOldIndexUnlessTheBatchPutItThere() {
        for (newIndex, mood) in new.enumerated() {
            let expected = ["7", "new"].contains(mood.note) ? nil : old.firstIndex(of: mood)
            #expect(batch.oldIndex(forNewIndex: newIndex) == expected, "new index \(newIndex)")
        }
    }

    static func mood(_ note: String) -> Mood {
        Mood(id: UUID(), date: Date(), level: .meh, note: note, creatorID: "t", modifiedAt: Date())
    }
}
