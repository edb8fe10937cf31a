@testable import CacheTracking
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

/// A search's first screen is read from the top of the list without reading every match, shown,
/// kept up to date, and replaced by the whole list when that is read.
@Suite struct FirstScreenTests {
    let journal: TemporaryJournal
    let delegate = RecordingTrackerDelegate()

    init() throws { journal = try TemporaryJournal() }

    /// Moods at minutes 1…`count`, their notes saying "walk" on every `every`-th and "tea" otherwise.
    @discardableResult
    private func addMoods(_ count: Int, walkEvery every: Int = 1) throws -> [Mood] {
        try (1...count).map { minute in try journal.add(note: minute % every == 0 ? "walk \(minute)" : "tea", at: Int64(minute) * 60_000) }
    }

    private func searching(_ text: String) -> CacheRequest {
        CacheRequest(filter: MoodFilter(search: text, scales: []))
    }

    private func notes(_ tracker: CacheTracker) throws -> [String] {
        try tracker.moods(in: 0..<tracker.count).compactMap { $0?.note }
    }

    @Test func theFirstScreenHoldsTheNewestMatchesAndSaysItIsNotTheWholeList() throws {
        try addMoods(30, walkEvery: 2)
        let first = try #require(try CacheTracker.prepareFirstScreen(searching("walk"), rows: 3, from: journal.store))
        #expect(!first.isComplete)
        let tracker = try CacheTracker(store: journal.store)
        tracker.delegate = delegate
        try tracker.adopt(first)
        #expect(try notes(tracker) == ["walk 30", "walk 28", "walk 26"])
        #expect(!tracker.isComplete)
        #expect(delegate.reloads == 1)
        try tracker.adopt(try CacheTracker.prepare(searching("walk"), from: journal.store))
        #expect(tracker.isComplete)
        #expect(tracker.count == 15)
    }

    @Test func aLookThatReachesTheEndOfTheJournalIsTheWholeList() throws {
        try addMoods(10, walkEvery: 5)
        let first = try #require(try CacheTracker.prepareFirstScreen(searching("walk"), rows: 3, from: journal.store))
        #expect(first.isComplete, "two matches in the whole journal")
        let tracker = try CacheTracker(store: journal.store)
        try tracker.adopt(first)
        #expect(try notes(tracker) == ["walk 10", "walk 5"])
    }

    @Test func tooFewMatchesAmongTheMoodsLookedAtGiveNoFirstScreen() throws {
        try addMoods(40, walkEvery: 10)
        #expect(try CacheTracker.prepareFirstScreen(searching("walk"), rows: 3, scanLimit: 20, from: journal.store) == nil, "the third match is the 21st mood")
        #expect(try CacheTracker.prepareFirstScreen(searching("walk"), rows: 3, scanLimit: 21, from: journal.store) != nil)
    }

    @Test func aFilterOnActivitiesOrLevelsFindsItsFirstScreenToo() throws {
        try addMoods(20)
        let low = try journal.add(.awful, note: "low", at: 60_000 / 2)
        var request = CacheRequest()
        request.filter.levels = [.awful]
        let first = try #require(try CacheTracker.prepareFirstScreen(request, rows: 3, from: journal.store))
        #expect(first.isComplete)
        let tracker = try CacheTracker(store: journal.store)
        try tracker.adopt(first)
        #expect(try tracker.moods(in: 0..<tracker.count).map { $0?.id } == [low.id])
    }

    /// While the first screen shows, a match after its last mood is not in it: placing it at the
    /// end would put it out of order, before moods not read yet.
    @Test func aChangeAfterTheFirstScreensLastMoodIsLeftOutUntilTheWholeListArrives() throws {
        let moods = try addMoods(30)
        let tracker = try CacheTracker(store: journal.store)
        tracker.delegate = delegate
        try tracker.adopt(try #require(try CacheTracker.prepareFirstScreen(searching("walk"), rows: 3, from: journal.store)))
        let newest = try journal.add(note: "walk newest", at: 31 * 60_000)
        let older = try journal.add(note: "walk older", at: 60_000 / 2)
        try journal.store.write(origin: .ui) { try $0.markForDeletion(moods[28].id) }  // "walk 29", on the screen
        try tracker.processChanges()
        #expect(try notes(tracker) == ["walk newest", "walk 30", "walk 28"])
        #expect(Set(delegate.batches.last?.transactions ?? []) == [.insert(newest, to: 0), .delete(moods[28].id, from: 1)])
        try tracker.adopt(try CacheTracker.prepare(searching("walk"), from: journal.store))
        #expect(try notes(tracker).last == older.note)
        #expect(tracker.count == 31)
    }

    @Test func aNewRequestEndsTheFirstScreen() throws {
        try addMoods(30)
        let tracker = try CacheTracker(store: journal.store)
        try tracker.adopt(try #require(try CacheTracker.prepareFirstScreen(searching("walk"), rows: 3, from: journal.store)))
        try tracker.setRequest(searching("walk 1"))
        #expect(tracker.isComplete)
        #expect(tracker.count == 11)
    }
}
