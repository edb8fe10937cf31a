import AppTesting
import Foundation
import JournalTesting
import MoodKit
import MoodStore
@testable import MoodSync
import SyncTesting
import Testing

@Suite(.hangGuard) struct MoodRemoverTests {
    @Test func aMoodThatNeverLeftIsPurgedWithoutARequest() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("typo")
        try device.delete(mood.id)

        let outcome = try await device.remover.removePending()
        #expect(outcome.purgedUnsent == 1)
        #expect(outcome.deletedOnServer == 0)
        #expect(try device.mood(mood.id) == nil)
        #expect(device.remote.requests.isEmpty)
    }

    @Test func anUploadedMoodIsDeletedOnTheServerThenPurged() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("regret")
        _ = try await device.uploader.uploadPending()
        try device.delete(mood.id)

        #expect(try await device.remover.removePending().deletedOnServer == 1)
        #expect(try device.mood(mood.id) == nil)
        #expect(device.remote.requests.last == .delete([mood.id]))
        #expect(try await device.remote.serverMoods()[mood.id] == nil)
    }

    @Test func aMoodWhoseUploadAnswerWasLostIsDeletedOnTheServerToo() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("reached the server")
        device.remote.loseResponses(1)
        await #expect(throws: RemoteError.self) { try await device.uploader.uploadPending() }
        #expect(try await device.remote.serverMoods()[mood.id] != nil)
        #expect(try device.mood(mood.id)?.sync.remoteIdentifier == nil)

        try device.delete(mood.id)
        #expect(try await device.remover.removePending().deletedOnServer == 1)
        #expect(try await device.remote.serverMoods()[mood.id] == nil)
        #expect(try device.mood(mood.id) == nil)
    }

    @Test func aDeleteWaitsOutTheUndoWindow() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("maybe")
        _ = try await device.uploader.uploadPending()
        let now = Date()
        try await device.store.write(origin: .ui) { try $0.markForDeletion(mood.id, at: now) }

        let early = try await device.remover.removePending(now: now)
        #expect(early.deletedOnServer == 0)
        #expect(early.nextDue.map { abs($0.timeIntervalSince(now) - JournalWriter.undoWindow.timeInterval) < 0.01 } == true)
        #expect(try device.mood(mood.id) != nil)

        let late = try await device.remover.removePending(now: now.addingTimeInterval(JournalWriter.undoWindow.timeInterval + 0.001))
        #expect(late.deletedOnServer == 1)
        #expect(late.nextDue == nil)
    }

    /// A deletion marked, then the device's clock set back an hour (a wrong clock corrected, a
    /// time zone mistaken for UTC): the mark lay in the future, and the deletion waited an hour.
    @Test func aDeletionMarkedBeforeTheClockWentBackIsStillDue() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("gone")
        _ = try await device.uploader.uploadPending()
        let marked = Date()
        try await device.store.write(origin: .ui) { try $0.markForDeletion(mood.id, at: marked) }
        let hourBack = marked.addingTimeInterval(-3_600)

        let outcome = try await device.remover.removePending(now: hourBack)
        #expect(outcome.deletedOnServer == 1)
        #expect(outcome.nextDue == nil)
        #expect(try device.mood(mood.id) == nil)
    }

    /// A clock set back by less than the undo window leaves the window as it was.
    @Test func aClockSetBackALittleKeepsTheUndoWindow() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("maybe")
        _ = try await device.uploader.uploadPending()
        let marked = Date()
        try await device.store.write(origin: .ui) { try $0.markForDeletion(mood.id, at: marked) }

        let early = try await device.remover.removePending(now: marked.addingTimeInterval(-2))
        #expect(early.deletedOnServer == 0)
        #expect(early.nextDue.map { abs($0.timeIntervalSince(marked) - JournalWriter.undoWindow.timeInterval) < 0.01 } == true)
        try await device.store.write(origin: .ui) { try $0.unmarkForDeletion(mood.id, now: marked.addingTimeInterval(-2)) }
        #expect(try device.mood(mood.id)?.sync.markedForRemoteDeletion == false)
    }

    @Test func aFailedDeleteLeavesTheMoodMarked() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("later")
        _ = try await device.uploader.uploadPending()
        try device.delete(mood.id)
        device.remote.fail(with: .unavailable("503"))

        await #expect(throws: RemoteError.unavailable("503")) { try await device.remover.removePending() }
        #expect(try device.mood(mood.id)?.sync.markedForRemoteDeletion == true)
        #expect(try await device.remover.removePending().deletedOnServer == 1)
    }
}

/// Every engine on a journal leaves a deletion alone while the app still offers to undo it.
@Suite(.hangGuard) struct UndoBesideAnEngineTests {
    @Test func aSecondEngineSyncingOnceLeavesADeletionThatCanStillBeUndone() async throws {
        // The journal's time stands still: however slowly the machine runs the test, the undo
        // window is still open when the mood is taken back.
        let device = try TestDevice(remote: try await InMemoryRemote(), virtualClock: VirtualClock())
        let mood = try device.add("keep me after all")
        _ = try await device.coordinator().syncOnce()
        try await device.store.write(origin: .ui) { try $0.markForDeletion(mood.id, undo: .offered) }

        let report = try await device.coordinator().syncOnce()  // `moodtui sync --once` in another shell
        #expect(report.deleted == 0)
        try await device.store.write(origin: .ui) { try $0.unmarkForDeletion(mood.id) }
        _ = try await device.coordinator().syncOnce()
        #expect(try device.notes()[mood.id] == "keep me after all")
        #expect(try await device.remote.serverMoods()[mood.id] != nil)
    }
}

/// `moodtui sync --once` says what the server did.
@Suite(.hangGuard) struct SyncReportTests {
    @Test func aMoodThatNeverLeftIsNotCountedAsDeletedOnTheServer() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        try device.delete(try device.add("typo").id)
        let report = try await device.coordinator().syncOnce()
        #expect(report.deleted == 0)
        #expect(try device.notes().isEmpty)
    }

    @Test func aMoodAnotherDeviceDeletedFirstIsNotCountedTwice() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("shared")
        _ = try await laptop.coordinator().syncOnce()
        _ = try await phone.coordinator().syncOnce()
        try laptop.delete(mood.id)
        try phone.delete(mood.id)
        #expect(try await laptop.coordinator().syncOnce().deleted == 1)
        #expect(try await phone.coordinator().syncOnce().deleted == 0)
    }
}
