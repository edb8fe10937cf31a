import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Testing

/// A sync write-back applies only to the row it read: no local edit, delete or undo ever loses
/// to the answer of a request that left before it.
@Suite struct SyncWriteBackTests {
    let journal: TemporaryJournal
    init() throws { journal = try TemporaryJournal() }

    private func read(_ id: Mood.ID) throws -> Mood { try #require(try journal.store.read { try $0.mood(id: id) }) }

    @Test func everyChangeAPersonMakesMovesTheCounterAndSyncWritesDoNot() throws {
        let mood = try journal.add()
        #expect(try read(mood.id).sync.changeCounter == 0)
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, level: .bad, note: "edited") }
        try journal.store.write(origin: .ui) { try $0.markForDeletion(mood.id) }
        try journal.store.write(origin: .ui) { try $0.unmarkForDeletion(mood.id) }
        #expect(try read(mood.id).sync.changeCounter == 3)
        var synced = try read(mood.id)
        synced.sync.changeCounter = 0  // a stale value must not be written back
        try journal.store.write(origin: .sync) { try $0.replace(synced) }
        try journal.store.write(origin: .sync) { try $0.recordUploaded(synced, version: 4) }
        #expect(try read(mood.id).sync.changeCounter == 3)
    }

    @Test func anUploadIsNotMarkedForAMoodPurgedSinceItWasRead() throws {
        let mood = try read(try journal.add().id)
        try journal.store.write(origin: .commandLine) { writer in
            try writer.markForDeletion(mood.id, undo: .notOffered)
            try writer.purgeIfNeverUploaded(mood.id)
        }
        #expect(try journal.store.write(origin: .sync) { try $0.markUploadAttempted([mood]) }.isEmpty)
    }

    @Test func anUploadIsNotMarkedForAMoodChangedOrDeletedSinceItWasRead() throws {
        let edited = try read(try journal.add().id), deleted = try read(try journal.add().id), kept = try read(try journal.add().id)
        try journal.store.write(origin: .ui) { writer in
            try writer.edit(edited.id, level: .great, note: "newer")
            try writer.markForDeletion(deleted.id)
        }
        #expect(try journal.store.write(origin: .sync) { try $0.markUploadAttempted([edited, deleted, kept]) } == [kept.id])
    }

    @Test func aRefusalOfOldContentDoesNotMarkANewerEditFailed() throws {
        let sent = try read(try journal.add().id)
        try journal.store.write(origin: .ui) { try $0.edit(sent.id, level: .great, note: "fixed") }
        try journal.store.write(origin: .sync) { try $0.recordSyncFailure([sent], message: "refused") }
        let now = try read(sent.id)
        #expect(now.sync.lastError == nil)
        #expect(now.sync.summary == .waiting)
    }

    @Test func anUploadAnswerDoesNotClearAnEditMadeWhileItWasOnItsWay() throws {
        let sent = try read(try journal.add().id)
        try journal.store.write(origin: .ui) { try $0.edit(sent.id, level: sent.level, note: sent.note) }
        try journal.store.write(origin: .sync) { try $0.recordUploaded(sent, version: 1) }
        let now = try read(sent.id)
        #expect(now.sync.remoteVersion == 1)
        #expect(now.sync.changedSinceUpload, "the edit (same content, a new counter) still waits")
    }

    @Test func anUndoWorksWithinTheWindowAndIsRefusedInWordsAfterIt() throws {
        let early = try journal.add(), late = try journal.add()
        let now = Date()
        try journal.store.write(origin: .ui) { writer in
            try writer.markForDeletion(early.id, at: now)
            try writer.markForDeletion(late.id, at: now)
        }
        let justInside = now.addingTimeInterval(JournalWriter.undoWindow.timeInterval - 0.01)
        try journal.store.write(origin: .ui) { try $0.unmarkForDeletion(early.id, now: justInside) }
        #expect(try read(early.id).sync.markedForRemoteDeletion == false)

        let closed = now.addingTimeInterval(JournalWriter.undoWindow.timeInterval)
        #expect(throws: JournalError.undoWindowClosed(late.id)) {
            try journal.store.write(origin: .ui) { try $0.unmarkForDeletion(late.id, now: closed) }
        }
        #expect(try read(late.id).sync.markedForRemoteDeletion)
        #expect(JournalError.undoWindowClosed(late.id).description == "too late to undo: a deletion can be undone for 5 seconds")
    }

    @Test func aDeletionWithoutUndoIsDueAtOnce() throws {
        let mood = try journal.add()
        let now = Date()
        try journal.store.write(origin: .commandLine) { try $0.markForDeletion(mood.id, at: now, undo: .notOffered) }
        let due = try journal.store.read { try $0.moodsWaitingForRemoval(dueAt: now, limit: 10) }
        #expect(due.map(\.id) == [mood.id])
    }
}
