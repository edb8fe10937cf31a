@testable import CacheTracking
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

@Suite struct CacheTrackerTests {
    let journal: TemporaryJournal
    let tracker: CacheTracker
    let delegate = RecordingTrackerDelegate()

    init() throws {
        journal = try TemporaryJournal()
        tracker = try CacheTracker(store: journal.store)
        tracker.delegate = delegate
    }

    @Test func addingAMoodEmitsAnInsertAtItsPlaceInTheList() throws {
        let old = try journal.add(at: 1_000)
        let new = try journal.add(at: 3_000)
        try tracker.processChanges()
        let middle = try journal.add(.great, note: "lunch", at: 2_000)
        try tracker.processChanges()
        #expect(delegate.batches.last?.transactions == [.insert(middle, to: 1)])
        #expect(try tracker.moods(in: 0..<3).map { $0?.id } == [new.id, middle.id, old.id])
    }

    @Test func deletingAMoodEmitsADeleteAtItsOldIndex() throws {
        let first = try journal.add(at: 1_000)
        try journal.add(at: 2_000)
        try tracker.processChanges()
        try journal.store.write(origin: .ui) { try $0.markForDeletion(first.id) }
        try tracker.processChanges()
        #expect(delegate.batches.last?.transactions == [.delete(first.id, from: 1)])
        #expect(tracker.count == 1)
    }

    @Test func editingANoteEmitsAnUpdateAndChangingTheDateEmitsAMove() throws {
        var mood = try journal.add(at: 1_000)
        try journal.add(at: 2_000)
        try tracker.processChanges()
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, level: .awful, note: "edited") }
        try tracker.processChanges()
        guard case .update(let edited, from: 1, to: 1) = delegate.batches.last?.transactions.first else {
            Issue.record("expected an update, got \(delegate.batches)")
            return
        }
        #expect(edited.note == "edited")
        mood = edited
        mood.date = Date(millisecondsSince1970: 3_000)
        try journal.store.write(origin: .sync) { try $0.replace(mood) }
        try tracker.processChanges()
        #expect(delegate.batches.last?.transactions == [.move(mood, from: 1, to: 0)])
    }

    @Test func changesBeyondTheChangeLogsRetentionMakeTheTrackerReload() throws {
        try journal.add()
        try journal.store.write(origin: .ui) { writer in try writer.pruneChangeLog(keepingLast: 0) }
        try journal.add()
        try tracker.processChanges()
        #expect(delegate.reloads == 1)
        #expect(tracker.count == 2)
    }

    @Test func aNewRequestGivesAFreshListAndAReload() throws {
        try journal.add(note: "sunny")
        try journal.add(note: "rain")
        try tracker.processChanges()
        try tracker.setRequest(CacheRequest(filter: MoodFilter(noteContains: "sun")))
        #expect(delegate.reloads == 1)
        #expect(try tracker.moods(in: 0..<5).map { $0?.note } == ["sunny"])
    }

    @Test func theCurrentBatchInsertsTheWholeListInOrder() throws {
        let moods = try (0..<5).map { try journal.add(at: Int64($0) * 1_000) }
        try tracker.processChanges()
        let batch = try tracker.currentBatch()
        #expect(batch.applied(to: [Mood]()) { $0 } == moods.reversed())
    }

    @Test func aMoodDeletedBeforeTheTrackerLooksReadsAsMissingUntilItDoes() throws {
        let mood = try journal.add()
        try tracker.processChanges()
        try journal.store.write(origin: .ui) { try $0.purge([mood.id]) }
        #expect(try tracker.moods(in: 0..<1) == [nil])
        try tracker.processChanges()
        #expect(tracker.count == 0)
    }
}
