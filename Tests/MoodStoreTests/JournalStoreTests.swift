import Foundation
import GRDB
import JournalTesting
import MoodKit
@testable import MoodStore
import Testing

@Suite struct JournalStoreTests {
    let journal: TemporaryJournal
    init() throws { journal = try TemporaryJournal() }

    @Test func aMoodReadsBackExactlyAsItWasWritten() throws {
        let stamp = HybridTimestamp(wallMilliseconds: 1_700_000_000_456, counter: 3, device: "d1")
        var mood = Mood(
            id: UUID(), date: Date(millisecondsSince1970: 1_700_000_000_123), level: .great, note: "晴れ 🌞", creatorID: "d1",
            stamps: MoodStamps(level: stamp, note: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "d2"), date: stamp))
        mood.sync = MoodSyncState(remoteIdentifier: "r1", remoteVersion: 7, changedSinceUpload: false, lastError: "boom")
        try journal.store.write(origin: .sync) { try $0.insert(mood) }
        #expect(try journal.store.read { try $0.mood(id: mood.id) } == mood)
    }

    @Test func moodsAndRemovedIDsAreReadByIDInChunksOfAnySizeEachOnce() throws {
        let moods = (0..<1_203).map { index in
            Mood(
                id: UUID(), date: Date(millisecondsSince1970: 1_700_000_000_000 + Int64(index)), level: .good, note: "\(index)", creatorID: "d1",
                modifiedAt: Date(millisecondsSince1970: 1_700_000_000_000))
        }
        try journal.store.write(origin: .sync) { writer in for mood in moods { try writer.insert(mood) } }
        let notes = Dictionary(uniqueKeysWithValues: moods.map { ($0.id, $0.note) })
        let gone = moods.prefix(3).map(\.id)
        try journal.store.write(origin: .sync) { try $0.purge(gone) }
        let unknown = (0..<5).map { _ in UUID() }
        // Three chunks, the last a short one; a single id; none.
        for asked in [moods.map(\.id) + unknown, [moods[700].id], []] {
            let found = try journal.store.read { try $0.moods(ids: asked) }
            let expected = Set(asked).subtracting(gone).subtracting(unknown)
            #expect(Set(found.keys) == expected)
            #expect(found.values.allSatisfy { $0.note == notes[$0.id] })
        }
        #expect(try journal.store.read { try $0.removedIDs(among: moods.map(\.id) + unknown) } == Set(gone))
        #expect(try journal.store.read { try $0.removedIDs(among: [gone[1]]) } == [gone[1]])
    }

    @Test func undoingAStatementKeepsItsPagesInMemoryNotInAFileOutsideTheJournalsFolder() throws {
        // 2 is MEMORY; SQLite's default, a file in /var/tmp, held copies of notes there.
        #expect(try journal.store.pool.write { try Int.fetchOne($0, sql: "PRAGMA temp_store") } == 2)
    }

    @Test func addingTheSameIDTwiceIsRefusedAndLeavesOneMood() throws {
        let mood = try journal.add()
        #expect(throws: JournalError.duplicateMood(mood.id)) { try journal.store.write(origin: .ui) { try $0.insert(mood) } }
        #expect(try journal.store.read { try $0.count(MoodFilter(includesMarkedForDeletion: true)) } == 1)
    }

    @Test func aFailedWriteWritesNothing() throws {
        let mood = try journal.add()
        #expect(throws: JournalError.moodNotFound(mood.id)) {
            try journal.store.write(origin: .ui) { writer in
                try writer.edit(mood.id, level: .awful, note: "half done")
                try writer.purge([mood.id])
                try writer.edit(mood.id, level: .bad, note: "fails")
            }
        }
        #expect(try journal.store.read { try $0.mood(id: mood.id) }?.note == "")
    }

    @Test func markingForDeletionHidesAMoodUntilItIsUnmarked() throws {
        let mood = try journal.add()
        try journal.store.write(origin: .ui) { try $0.markForDeletion(mood.id) }
        #expect(try journal.store.read { try $0.count(.journal) } == 0)
        #expect(try journal.store.read { try $0.mood(id: mood.id) }?.sync.markedForRemoteDeletion == true)
        try journal.store.write(origin: .ui) { try $0.unmarkForDeletion(mood.id) }
        #expect(try journal.store.read { try $0.count(.journal) } == 1)
    }

    @Test func onlyMoodsTheServerNeverSawArePurgedWithoutTellingIt() throws {
        let local = try journal.add()
        var uploaded = try journal.add()
        uploaded.sync.remoteIdentifier = "r"
        try journal.store.write(origin: .sync) { try $0.replace(uploaded) }
        try journal.store.write(origin: .ui) { writer in
            try writer.markForDeletion(local.id)
            try writer.markForDeletion(uploaded.id)
        }
        #expect(try journal.store.write(origin: .ui) { try $0.purgeDeletedNeverUploaded() } == 1)
        #expect(try journal.store.read { try $0.mood(id: local.id) } == nil)
        #expect(try journal.store.read { try $0.mood(id: uploaded.id) } != nil)
    }

    @Test func theDeviceIDIsMadeOnceAndKept() throws {
        let first = try journal.store.deviceID()
        #expect(try JournalStore(path: journal.path).deviceID() == first)
    }

    @Test func aFileThatIsNotAJournalIsRefusedInWords() throws {
        let path = journal.folder.appendingPathComponent("not-a-db.sqlite").path
        try Data(repeating: 0x41, count: 4_096).write(to: URL(fileURLWithPath: path))
        #expect { try JournalStore(path: path) } throws: { error in
            "\(error)".contains("not a SQLite database")
        }
    }

    @Test func theChangeLogRecordsEachRowsKindColumnsAndOrigin() throws {
        let start = try journal.store.read { try $0.latestChangeSequence() }
        let mood = try journal.add(at: 5_000)
        try journal.store.write(origin: .commandLine) { try $0.edit(mood.id, level: .bad, note: "x") }
        try journal.store.write(origin: .sync) { try $0.purge([mood.id]) }
        guard case .entries(let entries, _) = try journal.store.read({ try $0.changes(after: start) }) else {
            Issue.record("unexpected gap")
            return
        }
        #expect(entries.map(\.kind) == [.insert, .update, .delete])
        #expect(entries.map(\.origin) == [.ui, .commandLine, .sync])
        #expect(entries[1].columns == [.level, .note, .stamps])
        #expect(entries[1].oldDate == 5_000)
        #expect(entries[2].oldDate == 5_000)
    }
}

/// Each change a person makes is stamped by the device's clock, field by field, and the clock
/// never goes back.
@Suite struct FieldStampTests {
    let clock = TestWallClock()
    let journal: TemporaryJournal
    init() throws { journal = try TemporaryJournal(wallClock: clock.wallClock) }

    private func read(_ id: Mood.ID) throws -> Mood { try #require(try journal.store.read { try $0.mood(id: id) }) }

    @Test func aNewMoodHasEveryFieldStampedByThisDevice() throws {
        let mood = try journal.store.write(origin: .ui) { try $0.add(MoodEntry(level: .good, note: "walk")) }
        let device = try journal.store.deviceID()
        #expect(mood.creatorID == device)
        #expect(mood.stamps == MoodStamps(all: mood.stamps.level))
        #expect(mood.stamps.level.device == device)
        #expect(try read(mood.id) == mood)
    }

    @Test func scaleValuesAreStampedOneByOneAndReadBackExactly() throws {
        let (sleep, meds) = (UUID(), UUID())
        let mood = try journal.store.write(origin: .ui) {
            try $0.add(MoodEntry(level: .good, note: "walk", scales: [sleep: .tenths(75), meds: .yes]))
        }
        #expect(mood.scales.entries.values.map(\.stamp) == [mood.stamps.level, mood.stamps.level])
        #expect(try read(mood.id) == mood)

        clock.set(offset: 60)
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, scales: [sleep: .tenths(75), meds: nil]) }
        let edited = try read(mood.id)
        #expect(edited.scales.values == [sleep: .tenths(75)])
        #expect(edited.scales.entries[sleep]?.stamp == mood.stamps.level, "an unchanged value keeps its stamp")
        #expect(edited.scales.entries[meds]?.value == .cleared)
        #expect(try #require(edited.scales.entries[meds]).stamp > mood.stamps.level)
        #expect(edited.sync.changedSinceUpload)
    }

    @Test func onlyTheFieldsWhoseValueChangesGetANewStamp() throws {
        let mood = try journal.store.write(origin: .ui) { try $0.add(MoodEntry(level: .good, note: "walk")) }
        // The form saves every field; the level and date stay as they were.
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, level: .good, note: "long walk", date: mood.date) }
        let edited = try read(mood.id)
        #expect(edited.stamps.level == mood.stamps.level)
        #expect(edited.stamps.date == mood.stamps.date)
        #expect(edited.stamps.note > mood.stamps.note)
    }

    @Test func stampsKeepGrowingWhenTheWallClockStepsBack() throws {
        let mood = try journal.store.write(origin: .ui) { try $0.add(MoodEntry(level: .good)) }
        clock.set(offset: -3_600)
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, note: "an hour back") }
        let edited = try read(mood.id)
        #expect(edited.stamps.note > mood.stamps.level)
        #expect(edited.note == "an hour back")
    }

    @Test func aChangeMadeAfterSeeingAnotherDevicesStampIsStampedAfterIt() throws {
        let mood = try journal.store.write(origin: .ui) { try $0.add(MoodEntry(level: .good)) }
        let seen = HybridTimestamp(wallMilliseconds: mood.stamps.level.wallMilliseconds + 7_200_000, counter: 4, device: "phone")
        try journal.store.write(origin: .sync) { try $0.observe(seen) }
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, level: .great) }
        #expect(try read(mood.id).stamps.level > seen)
    }
}
