@testable import CacheTracking
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

/// `n` and `N` step through a search's matches in the tracker's whole list.
@Suite struct MatchStepTests {
    let journal: TemporaryJournal
    let tracker: CacheTracker

    init() throws {
        journal = try TemporaryJournal()
        // Newest first: "tea 5", "walk 4", "tea 3", "walk 2", "tea 1", "walk 0".
        for minute in 0..<6 { try journal.add(note: minute.isMultiple(of: 2) ? "walk \(minute)" : "tea \(minute)", at: Int64(minute) * 60_000) }
        tracker = try CacheTracker(store: journal.store)
    }

    private func walks() throws -> CacheTracker.Prepared {
        var request = CacheRequest.journal
        request.filter.noteContains = "walk"
        return try CacheTracker.prepare(request, from: journal.store)
    }

    @Test func stepsForwardAndBackFromAnyMoodAndComeRoundAtTheEnds() throws {
        let walks = try walks()
        // Index 1 is "walk 4", index 3 "walk 2", index 5 "walk 0".
        #expect(tracker.step(from: 0, through: walks, forward: true) == MatchStep(index: 1, ordinal: 1, count: 3, wrapped: false))
        #expect(tracker.step(from: 1, through: walks, forward: true) == MatchStep(index: 3, ordinal: 2, count: 3, wrapped: false))
        #expect(tracker.step(from: 4, through: walks, forward: true) == MatchStep(index: 5, ordinal: 3, count: 3, wrapped: false))
        #expect(tracker.step(from: 5, through: walks, forward: true) == MatchStep(index: 1, ordinal: 1, count: 3, wrapped: true))
        #expect(tracker.step(from: 3, through: walks, forward: false) == MatchStep(index: 1, ordinal: 1, count: 3, wrapped: false))
        #expect(tracker.step(from: 2, through: walks, forward: false) == MatchStep(index: 1, ordinal: 1, count: 3, wrapped: false))
        #expect(tracker.step(from: 0, through: walks, forward: false) == MatchStep(index: 5, ordinal: 3, count: 3, wrapped: true))
    }

    @Test func aMatchTheListNoLongerHoldsIsSteppedOver() throws {
        let walks = try walks()
        // Deleted after the matches were read, and the tracker has seen it: the matches are behind.
        let gone = try #require(try journal.store.read { try $0.moods(.journal, order: .newestFirst) }.first { $0.note == "walk 2" })
        try journal.store.write(origin: .ui) { try $0.markForDeletion(gone.id) }
        try tracker.processChanges()
        #expect(tracker.step(from: 1, through: walks, forward: true)?.index == 4, "walk 0, past the deleted walk 2")
    }

    /// Matches read after a commit the tracker has not seen yet: the new one is stepped over
    /// until the list holds it.
    @Test func aMatchTheListDoesNotHoldYetIsSteppedOver() throws {
        try journal.add(note: "walk new", at: 150_000)  // between "walk 2" (2 min) and "tea 3" (3 min)
        let walks = try walks()
        #expect(tracker.step(from: 1, through: walks, forward: true) == MatchStep(index: 3, ordinal: 3, count: 4, wrapped: false))
        try tracker.processChanges()
        #expect(tracker.step(from: 1, through: walks, forward: true) == MatchStep(index: 3, ordinal: 2, count: 4, wrapped: false))
    }

    @Test func inAListOfMatchesEachMoodIsTheNextMatch() throws {
        #expect(tracker.step(from: 2, forward: true) == MatchStep(index: 3, ordinal: 4, count: 6, wrapped: false))
        #expect(tracker.step(from: 5, forward: true) == MatchStep(index: 0, ordinal: 1, count: 6, wrapped: true))
        #expect(tracker.step(from: 0, forward: false) == MatchStep(index: 5, ordinal: 6, count: 6, wrapped: true))
    }

    @Test func noMatchOrAnEmptyListGivesNothing() throws {
        var request = CacheRequest.journal
        request.filter.noteContains = "swim"
        #expect(tracker.step(from: 0, through: try CacheTracker.prepare(request, from: journal.store), forward: true) == nil)
        let emptyJournal = try TemporaryJournal()
        let empty = try CacheTracker(store: emptyJournal.store)
        #expect(empty.step(from: 0, through: try walks(), forward: true) == nil)
    }
}
