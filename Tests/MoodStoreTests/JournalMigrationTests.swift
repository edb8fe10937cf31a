import Foundation
import GRDB
import JournalTesting
import MoodKit
@testable import MoodStore
import Testing

/// A journal written before fields carried stamps opens in this version with nothing lost: every
/// field gets the stamp its creator would have made, pending sync work still waits, and the
/// device's clock starts past everything the journal holds.
@Suite struct JournalMigrationTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-migration-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("journal.sqlite").path }

    /// The fixture's moods, as `moodtui list` showed them before the migration.
    static let edited = UUID(uuidString: "ACBBFB41-DF9A-4F9C-877F-3B31445CBFB8")!
    static let deleted = UUID(uuidString: "7BE03599-BF10-448B-BF72-45B090F54CF9")!
    static let offline = UUID(uuidString: "EE4ED499-6EC6-4CEE-80AA-281144BFD4BF")!
    static let laptop = "18e5b446-06d1-46e7-af40-7dbe3b0e32ef"

    init() throws { try OlderVersionFixture.journalBeforeStamps.write(to: path) }

    @Test func everyFieldGetsTheStampOfTheMoodsLastChangeByItsCreator() throws {
        let store = try JournalStore(path: path)
        let moods = try store.read { try $0.moods(ids: [Self.edited, Self.deleted, Self.offline]) }
        let edited = try #require(moods[Self.edited])
        #expect(edited.note == "stuck in a meeting, then a good walk")
        #expect(edited.stamps == MoodStamps(all: HybridTimestamp(wallMilliseconds: 1_795_401_515_318, counter: 0, device: Self.laptop)))
        #expect(edited.modifiedAt == Date(millisecondsSince1970: 1_795_401_515_318))
        #expect(edited.sync.remoteVersion == 4 && !edited.sync.changedSinceUpload)
        #expect(moods[Self.deleted]?.sync.markedForRemoteDeletion == true, "the deletion still waits for the server")
        #expect(moods[Self.offline]?.sync.summary == .waiting, "the offline mood still waits for upload")
        #expect(try store.read { try $0.syncBacklog() } == SyncBacklog(uploads: 1, deletions: 1))
    }

    @Test func anEditAfterTheMigrationIsStampedAfterEveryChangeTheJournalHeld() throws {
        // The wall clock reads a day before the journal's latest change.
        let clock = TestWallClock()
        clock.set(now: Date(millisecondsSince1970: 1_795_401_515_460 - 86_400_000))
        let store = try JournalStore(path: path, wallClock: clock.wallClock)
        try store.write(origin: .ui) { try $0.edit(Self.edited, level: .good) }
        let mood = try #require(try store.read { try $0.mood(id: Self.edited) })
        #expect(mood.stamps.level > HybridTimestamp(wallMilliseconds: 1_795_401_515_460, counter: 0, device: Self.laptop))
        #expect(mood.stamps.note == HybridTimestamp(wallMilliseconds: 1_795_401_515_318, counter: 0, device: Self.laptop))
        #expect(mood.sync.changedSinceUpload)
    }

    @Test func theChangeLogReportsStampsAsTheColumnThatMoved() throws {
        let store = try JournalStore(path: path)
        let start = try store.read { try $0.latestChangeSequence() }
        try store.write(origin: .ui) { try $0.edit(Self.edited, note: "a walk after all") }
        guard case .entries(let entries, _) = try store.read({ try $0.changes(after: start) }) else {
            Issue.record("unexpected gap")
            return
        }
        #expect(entries.map(\.columns) == [[.note, .stamps, .syncState]])
    }

    @Test func migratedMoodsHaveNoActivitiesAndTakeOneAsAnEditOfThatColumn() throws {
        let store = try JournalStore(path: path)
        #expect(try store.read { try $0.mood(id: Self.edited) }?.activities == ActivitySet())
        let start = try store.read { try $0.latestChangeSequence() }
        try store.write(origin: .ui) { try $0.edit(Self.edited, activities: .exactly([try ActivityName.normalized("walk")])) }
        #expect(try store.read { try $0.activityUsage() }.map(\.name.text) == ["walk"])
        guard case .entries(let entries, _) = try store.read({ try $0.changes(after: start) }) else {
            Issue.record("unexpected gap")
            return
        }
        #expect(entries.map(\.columns) == [[.syncState, .activities]])
    }

    @Test func migratedMoodsHaveNoScaleValuesAndTakeOneAsAnEditOfThatColumn() throws {
        let store = try JournalStore(path: path)
        #expect(try store.read { try $0.mood(id: Self.edited) }?.scales == ScaleValues())
        let start = try store.read { try $0.latestChangeSequence() }
        let sleep = UUID()
        try store.write(origin: .ui) { try $0.edit(Self.edited, scales: [sleep: .tenths(65)]) }
        #expect(try store.read { try $0.mood(id: Self.edited) }?.scales.values == [sleep: .tenths(65)])
        guard case .entries(let entries, _) = try store.read({ try $0.changes(after: start) }) else {
            Issue.record("unexpected gap")
            return
        }
        #expect(entries.map(\.columns) == [[.syncState, .scales]])
    }

    @Test func migratedNotesAreFoundAndAnEditedOneIsFoundByItsNewWords() throws {
        let store = try JournalStore(path: path)
        func found(_ query: String) throws -> [UUID] {
            try store.read { try $0.moods(MoodFilter(noteContains: query), order: .newestFirst) }.map(\.id)
        }
        #expect(try found("good walk") == [Self.edited])
        try store.write(origin: .ui) { try $0.edit(Self.edited, note: "a quiet evening") }
        #expect(try found("walk").isEmpty)
        #expect(try found("quiet") == [Self.edited])
    }
}

/// A journal of the version before activities had their own list index (v9), with activities,
/// opens with each activity's list read from the new index: the migration fills in each row's
/// date, id and whether its mood is in the list.
@Suite struct ActivityListMigrationTests {
    @Test func anActivitysListIsWholeAfterTheMigration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-v9-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("journal.sqlite").path
        let (early, late, deleted) = (UUID(), UUID(), UUID())
        let queue = try DatabaseQueue(path: path)
        try JournalSchema.migrator.migrate(queue, upTo: "v9: what changed moods counted for")
        try queue.write { db in
            for (id, date, marked) in [(early, 1_000, 0), (late, 2_000, 0), (deleted, 3_000, 1)] {
                try db.execute(
                    sql: """
                        INSERT INTO mood (id, date, level, note, creatorID, stamps, markedForRemoteDeletion, activityNames)
                        VALUES (?, ?, 3, '', 'old', '0.0', ?, '["run"]')
                        """,
                    arguments: [id, date, marked])
            }
        }
        let store = try JournalStore(path: path)
        var ids: [UUID] = []
        try store.read { snapshot in
            try snapshot.forEachSortKey(MoodFilter(activities: [try ActivityName.validated("run")]), order: .newestFirst) {
                ids.append($0.components(order: .newestFirst).id)
            }
        }
        #expect(ids == [late, early], "the deleted mood is not in the list")
    }

    /// A journal of the version that first kept shares opens with its share and entries whole:
    /// the share's name and dates come with its next listing, and nothing was seen to end.
    @Test func aShareKeptBeforeItsDatesOpensWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-v13-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("journal.sqlite").path
        let (share, mood) = (Data(repeating: 7, count: 16), UUID())
        let queue = try DatabaseQueue(path: path)
        try JournalSchema.migrator.migrate(queue, upTo: "v13: shares")
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO share (id, record, createdAt, lastReadAt, changeToken) VALUES (?, 'sealed record', 1000, NULL, 'token 5')",
                arguments: [share])
            try db.execute(
                sql: "INSERT INTO shareEntry (shareID, moodID, source, serverVersion, shown) VALUES (?, ?, 3, 5, 1)", arguments: [share, mood])
        }
        let store = try JournalStore(path: path)
        try store.read { snapshot in
            let shares = try snapshot.shares()
            #expect(shares.map(\.id) == [share] && shares.map(\.record) == ["sealed record"] && shares.map(\.changeToken) == ["token 5"])
            #expect(shares.map(\.dates) == [SharedDates(name: "", since: nil, until: nil)], "named at the next listing")
            #expect(try snapshot.sharesShowing(mood) == [share])
            #expect(try snapshot.endedShares().isEmpty)
        }
        #expect(try store.write(origin: .sync) { try $0.receiveShareEntry(mood: mood, source: 4) }, "the table of entries received is there")
    }
}
