import AppTesting
import Foundation
import JournalTesting
@testable import MoodInsights
import MoodKit
import MoodStore
import Testing

/// The counts the insights draw from, kept up to date commit by commit, must equal the counts
/// made afresh from the journal — after thousands of random commits of every kind: moods added
/// here and arriving from the server, edits that move a mood to another day (across a change of
/// summer time), edits of level, activities and scale values, deletions, undos and purges.
@Suite(.serialized, .ownThread) struct InsightsTrackerPropertyTests {
    @Test(arguments: [11, 12, 13] as [UInt64])
    func countsKeptUpToDateEqualCountsMadeAfresh(seed: UInt64) async throws {
        let journal = try TemporaryJournal()
        let days = LocalDays(timeZone: TimeZone(identifier: "America/New_York")!)
        let tracker = try InsightsTracker(store: journal.store, localDays: days)
        var random = SeededGenerator(seed: seed)
        for commit in 0..<600 {
            let origin: ChangeOrigin = random.next() % 3 == 0 ? .sync : .ui
            // A turn for the tests waiting on servers: a long loop must not hold one of the few
            // threads of the concurrency pool (two on two cores) until their deadlines pass.
            await Task.yield()
            try RandomInsightsCommit.commit(to: journal.store, origin: origin, using: &random)
            // Now and then several commits pile up before the tracker looks.
            guard commit % 5 != 2 else { continue }
            try tracker.processChanges()
            let fresh = try InsightsLoading.load(from: journal.store, days: days).0
            try #require(tracker.aggregates == fresh, "seed \(seed), commit \(commit)")
            // Now and then the counts are saved, and opened again some commits later.
            if commit % 97 == 0 { try tracker.saveCounts() }
            if commit % 97 == 40 {
                try #require(try InsightsTracker(store: journal.store, localDays: days).aggregates == fresh, "seed \(seed), reopened at \(commit)")
            }
        }
        let counted = tracker.aggregates.days.values.reduce(0) { $0 + $1.count }
        #expect(
            counted > 30 && tracker.aggregates.dayActivities.count > 3 && tracker.aggregates.dayScales.count > 3,
            "the walk should keep moods, activities and scale values about (seed \(seed))")
    }

    /// In St. John's clocks went back at 00:01 until 2011, so a mood felt later can fall on the
    /// day before: the first count meets a day again after another one.
    @Test func aDayThatComesBackInDateOrderIsCountedWhole() throws {
        let journal = try TemporaryJournal()
        let stJohns = LocalDays(timeZone: TimeZone(identifier: "America/St_Johns")!)
        let sunday = 1_225_593_030_000 as Int64  // 2008-11-02 02:30:30 UTC: 00:00:30 NDT on Sunday
        let saturday = 1_225_594_800_000 as Int64  // 03:00 UTC: 23:30 NST on Saturday, after the change
        #expect(stJohns.day(of: sunday) == LocalDay(year: 2008, month: 11, day: 2))
        #expect(stJohns.day(of: saturday) == LocalDay(year: 2008, month: 11, day: 1))
        try journal.add(.great, at: sunday - 7_200_000)  // Saturday 22:30 NDT
        try journal.add(.good, at: sunday)
        try journal.add(.awful, at: saturday)
        let counts = try InsightsLoading.load(from: journal.store, days: stJohns).0
        #expect(counts.days[LocalDay(year: 2008, month: 11, day: 1)]?.count == 2)
        #expect(counts.days[LocalDay(year: 2008, month: 11, day: 2)]?.count == 1)
    }

    @Test func savedCountsAreUsedOnlyInTheirTimeZone() throws {
        let journal = try TemporaryJournal()
        let utc = LocalDays(timeZone: TimeZone(identifier: "UTC")!)
        let tokyo = LocalDays(timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        try journal.add(.great, at: 20 * 3_600_000)  // 1970-01-01 20:00 UTC, 1970-01-02 05:00 in Tokyo
        try InsightsTracker(store: journal.store, localDays: utc).saveCounts()
        #expect(try InsightsTracker(store: journal.store, localDays: tokyo).aggregates.days.keys.map(\.number) == [1])
        #expect(try InsightsTracker(store: journal.store, localDays: utc).aggregates.days.keys.map(\.number) == [0])
    }

    @Test func eachNewMoodIsCountedOnItsDayWithItsActivities() throws {
        let journal = try TemporaryJournal()
        let tracker = try InsightsTracker(store: journal.store, localDays: LocalDays(timeZone: TimeZone(identifier: "UTC")!))
        try journal.store.write(origin: .ui) { writer in
            for index in 0..<3 {
                try writer.add(MoodEntry(level: .great, note: "#run", date: Date(millisecondsSince1970: Int64(index) * 86_400_000)))
            }
        }
        #expect(try tracker.processChanges())
        #expect(tracker.aggregates.days.count == 3)
        #expect(tracker.aggregates.dayActivities[LocalDay(number: 1)] == [try ActivityName.validated("run"): 1])
        #expect(try !tracker.processChanges(), "nothing changed since")
    }
}

/// A random commit for insights: moods spread over a few weeks around the start of summer
/// time in New York (2026-03-08), with a few activities and values of three scales.
enum RandomInsightsCommit {
    static let activities = try! ["run", "work", "tea", "sleep-bad"].map(ActivityName.validated)
    /// Three scale ids; values are made to fit no kind in particular, as insights count any.
    static let scales = (1...3).map { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8($0))) }
    static let firstMoment: Int64 = 1_772_000_000_000  // 2026-02-25

    static func commit(to store: JournalStore, origin: ChangeOrigin, using random: inout SeededGenerator) throws {
        try store.write(origin: origin) { writer in try make(in: writer, using: &random) }
    }

    /// One to twenty operations; each reads the moods as the transaction has left them, so one
    /// mood (even one added in the same transaction) may change several times before the commit.
    static func make(in writer: JournalWriter, using random: inout SeededGenerator) throws {
        let operations = random.next() % 4 == 0 ? Int.random(in: 2...20, using: &random) : 1
        for _ in 0..<operations {
            let all = try writer.snapshot.moods(MoodFilter(includesMarkedForDeletion: true), order: .oldestFirst)
            let target = all.randomElement(using: &random)
            let growing = all.count < 80
            switch (Int.random(in: 0..<12, using: &random), target) {
            case (0...3, _) where growing, (_, nil):
                try writer.insert(randomMood(using: &random))
            case (0...2, let mood?), (3, let mood?):
                try writer.purge([mood.id])
            case (4, let mood?) where !mood.sync.markedForRemoteDeletion:
                try writer.edit(mood.id, level: randomLevel(&random), date: randomDate(&random))
            case (5, let mood?) where !mood.sync.markedForRemoteDeletion:
                if random.next() % 2 == 0 {
                    try writer.edit(mood.id, activities: .exactly(randomActivities(&random)))
                } else {
                    // Some values set, some cleared.
                    let values = randomScaleValues(&random)
                    try writer.edit(mood.id, scales: Dictionary(uniqueKeysWithValues: scales.map { ($0, values[$0]) }))
                }
            case (6, var mood?):
                // A change from the server: every value replaced.
                mood.date = randomDate(&random)
                mood.level = randomLevel(&random)
                mood.activities = ActivitySet(adding: randomActivities(&random), at: mood.stamps.level)
                mood.scales = ScaleValues(setting: randomScaleValues(&random), at: mood.stamps.level)
                try writer.replace(mood)
            case (7, let mood?) where !mood.sync.markedForRemoteDeletion:
                try writer.markForDeletion(mood.id)
            case (8, let mood?) where mood.sync.markedForRemoteDeletion:
                try writer.unmarkForDeletion(mood.id, now: mood.sync.markedForDeletionDate ?? Date())
            case (9, let mood?) where !mood.sync.markedForRemoteDeletion:
                try writer.edit(mood.id, note: "#\(activities.randomElement(using: &random)!.text) again")
            case (10, let mood?):
                try writer.purge([mood.id])
                try writer.insert(randomMood(using: &random))
            case (11, _):
                // Already deleted when it arrives: it never counts.
                var mood = randomMood(using: &random)
                mood.sync.markedForRemoteDeletion = true
                mood.sync.markedForDeletionDate = Date(millisecondsSince1970: firstMoment)
                try writer.insert(mood)
            default:
                continue
            }
        }
    }

    static func randomMood(using random: inout SeededGenerator) -> Mood {
        let stamp = HybridTimestamp(wallMilliseconds: firstMoment, counter: 0, device: "device-\(random.next() % 3)")
        return Mood(
            id: UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) }),
            date: randomDate(&random), level: randomLevel(&random), note: "", creatorID: stamp.device,
            stamps: MoodStamps(all: stamp), activities: ActivitySet(adding: randomActivities(&random), at: stamp),
            scales: ScaleValues(setting: randomScaleValues(&random), at: stamp))
    }

    /// Each scale a value or none: whole numbers, tenths, yes and no.
    static func randomScaleValues(_ random: inout SeededGenerator) -> [Scale.ID: ScaleValue] {
        let choices: [ScaleValue] = [.whole(1), .whole(4), .tenths(75), .tenths(-3), .yes, .no]
        return Dictionary(uniqueKeysWithValues: scales.compactMap { id in
            random.next() % 2 == 0 ? nil : (id, choices.randomElement(using: &random)!)
        })
    }

    /// Within three weeks, at any minute: moods near midnight fall on either side of it.
    static func randomDate(_ random: inout SeededGenerator) -> Date {
        Date(millisecondsSince1970: firstMoment + Int64.random(in: 0..<(21 * 24 * 60), using: &random) * 60_000)
    }

    static func randomLevel(_ random: inout SeededGenerator) -> MoodLevel {
        MoodLevel.allCases.randomElement(using: &random)!
    }

    static func randomActivities(_ random: inout SeededGenerator) -> Set<ActivityName> {
        Set(activities.filter { _ in random.next() % 3 == 0 })
    }
}
