import AppTesting
import CacheTracking
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

/// The CacheTracker's contract, checked over thousands of random commits: after each
/// one, "the previous list + the batch" must equal a fresh fetch of the request. Serialized, so that
/// it keeps one core busy rather than both while the end-to-end tests measure latency, and it
/// gives way after each commit.
@Suite(.serialized, .ownThread) struct CacheTrackerPropertyTests {
    static let requests: [CacheRequest] = [
        .journal,
        CacheRequest(filter: .journal, order: .oldestFirst),
        CacheRequest(filter: MoodFilter(noteContains: "SUN")),
        CacheRequest(filter: MoodFilter(includesMarkedForDeletion: true, levels: [.awful, .great]), order: .oldestFirst),
    ]

    @Test(arguments: [1, 2, 3])
    func previousListPlusBatchEqualsAFreshFetchAfterEveryRandomCommit(seed: UInt64) async throws {
        let journal = try TemporaryJournal()
        var random = SeededGenerator(seed: seed)
        var trackers: [Tracked] = []
        for request in Self.requests {
            let tracker = try CacheTracker(store: journal.store, request: request)
            let delegate = RecordingTrackerDelegate()
            tracker.delegate = delegate
            trackers.append(Tracked(tracker: tracker, delegate: delegate, list: []))
        }
        for commit in 0..<1_000 {
            // A turn for the tests waiting on servers: a long loop must not hold one of the few
            // threads of the concurrency pool (two on two cores) until their deadlines pass.
            await Task.yield()
            try RandomCommit.commit(to: journal.store, using: &random)
            // Now and then let several commits pile up before the tracker looks: still one batch.
            guard commit % 7 != 3 else { continue }
            for i in trackers.indices { try Self.check(&trackers[i], in: journal.store, label: "request \(i), commit \(commit)") }
        }
        let sizes = trackers.map(\.list.count)
        #expect(sizes.allSatisfy { $0 > 10 }, "the random walk should keep the lists from staying empty: \(sizes)")
    }

    /// A tracker, its delegate, and the list as its batches made it.
    struct Tracked {
        let tracker: CacheTracker
        let delegate: RecordingTrackerDelegate
        var list: [Mood]
    }

    /// The tracker's batch since the last look, applied to its list, gives a fresh fetch.
    static func check(_ tracked: inout Tracked, in store: JournalStore, label: String) throws {
        let (tracker, delegate, list) = (tracked.tracker, tracked.delegate, tracked.list)
        delegate.batches.removeAll()
        try tracker.processChanges()
        #expect(delegate.batches.count <= 1)
        for batch in delegate.batches {
            // Each transaction names the mood that really stood at its old index.
            #expect(batch.deletions.allSatisfy { list[$0.from].id == $0.id })
            #expect(batch.updates.allSatisfy { list[$0.from].id == $0.mood.id })
            #expect(batch.moves.allSatisfy { list[$0.from].id == $0.mood.id })
        }
        let updated = delegate.batches.first.map { $0.applied(to: list) { $0 } } ?? list
        let fresh = try store.read { try $0.moods(tracker.request.filter, order: tracker.request.order) }
        try #require(updated.map(\.id) == fresh.map(\.id), "\(label)")
        #expect(updated == fresh)
        #expect(tracker.count == fresh.count)
        tracked.list = updated
    }
}

/// A random commit: adds, edits, re-dates, marks, unmarks, syncs and purges one to many moods, with few
/// distinct dates so that ties in the sort key are common.
enum RandomCommit {
    static func commit(to store: JournalStore, using random: inout SeededGenerator) throws {
        try store.write(origin: .ui) { writer in try make(in: writer, using: &random) }
    }

    static func make(in writer: JournalWriter, using random: inout SeededGenerator) throws {
        let all = try writer.snapshot.moods(MoodFilter(includesMarkedForDeletion: true), order: .oldestFirst)
        let operations = random.next() % 4 == 0 ? Int.random(in: 2...25, using: &random) : 1
        var touched = Set<Mood.ID>()
        for _ in 0..<operations {
            let target = all.randomElement(using: &random).flatMap { touched.contains($0.id) ? nil : $0 }
            // Keep the journal around a hundred moods: big enough for long lists, small enough to re-fetch.
            let growing = all.count < 100
            switch (Int.random(in: 0..<10, using: &random), target) {
            case (0...3, _) where growing, (_, nil):
                try writer.insert(randomMood(using: &random))
            case (0...3, let mood?):
                try writer.purge([mood.id])
            case (4, let mood?) where !mood.sync.markedForRemoteDeletion:
                try writer.edit(mood.id, level: randomLevel(&random), note: randomNote(&random))
            case (5, var mood?):
                mood.date = randomDate(&random)
                try writer.replace(mood)
            case (6, let mood?) where !mood.sync.markedForRemoteDeletion:
                try writer.markForDeletion(mood.id)
            case (7, let mood?) where mood.sync.markedForRemoteDeletion:
                // Undone within its window whatever the machine's speed: this test is about lists.
                try writer.unmarkForDeletion(mood.id, now: mood.sync.markedForDeletionDate ?? Date())
            case (8, let mood?):
                try writer.purge([mood.id])
            case (9, var mood?):
                mood.sync.remoteIdentifier = "remote-\(mood.id)"
                mood.sync.changedSinceUpload = false
                try writer.replace(mood)
            default:
                continue
            }
            if let target { touched.insert(target.id) }
        }
    }

    static func randomMood(using random: inout SeededGenerator) -> Mood {
        Mood(
            id: UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) }),
            date: randomDate(&random), level: randomLevel(&random), note: randomNote(&random),
            creatorID: "device-\(random.next() % 3)", modifiedAt: Date(millisecondsSince1970: 0))
    }

    static func randomDate(_ random: inout SeededGenerator) -> Date {
        Date(millisecondsSince1970: Int64.random(in: 0..<40, using: &random) * 60_000)
    }

    static func randomLevel(_ random: inout SeededGenerator) -> MoodLevel {
        MoodLevel.allCases.randomElement(using: &random)!
    }

    static func randomNote(_ random: inout SeededGenerator) -> String {
        ["", "sunny", "Sunday 🌞", "rain", "雨の日", "sunflower SUN", "tired"].randomElement(using: &random)!
    }
}
