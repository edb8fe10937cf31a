import Foundation
import JournalTesting
import MoodKit
@testable import MoodStore
import Testing

@Suite struct JournalStoreTests {
    let journal: TemporaryJournal
    init() throws { journal = try TemporaryJournal() }

    @Test func aMoodReadsBackExactlyAsItWasWritten() throws {
        var mood = try Mood.new(level: .great, note: "晴れ 🌞", date: Date(millisecondsSince1970: 1_700_000_000_123), creatorID: "d1")
        mood.sync = MoodSyncState(remoteIdentifier: "r1", remoteVersion: 7, changedSinceUpload: false, lastError: "boom")
        try journal.store.write(origin: .sync) { try $0.add(mood) }
        #expect(try journal.store.read { try $0.mood(id: mood.id) } == mood)
    }

    @Test func addingTheSameIDTwiceIsRefusedAndLeavesOneMood() throws {
        let mood = try journal.add()
        #expect(throws: JournalError.duplicateMood(mood.id)) { try journal.store.write(origin: .ui) { try $0.add(mood) } }
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
        try journal.store.write(origin: .commandLine) { try $0.edit(mood.id, level: .bad, note: "x", at: .distantFuture) }
        try journal.store.write(origin: .sync) { try $0.purge([mood.id]) }
        guard case .entries(let entries, _) = try journal.store.read({ try $0.changes(after: start) }) else {
            Issue.record("unexpected gap")
            return
        }
        #expect(entries.map(\.kind) == [.insert, .update, .delete])
        #expect(entries.map(\.origin) == [.ui, .commandLine, .sync])
        #expect(entries[1].columns == [.level, .note, .modifiedAt])
        #expect(entries[1].oldDate == 5_000)
        #expect(entries[2].oldDate == 5_000)
    }
}
