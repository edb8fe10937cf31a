import AppTesting
import Foundation
import MoodKit
import MoodStore
@testable import MoodSync
import SyncProtocol
import SyncTesting
import Testing

@Suite(.hangGuard) struct MoodDownloaderTests {
    @Test func appliesEveryPageAndSavesTheTokenWithIt() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice(), pageSize: 2)
        let moods = try (1...5).map { try laptop.add("mood \($0)") }
        _ = try await laptop.uploader.uploadPending()

        #expect(try await phone.downloader.fetchChanges() == 5)
        #expect(try phone.notes() == Dictionary(uniqueKeysWithValues: moods.map { ($0.id, $0.note) }))
        #expect(phone.remote.requests == Array(repeating: .changes, count: 3))
        #expect(try phone.store.setting(.changeToken) != nil)
        for mood in moods { #expect(try phone.mood(mood.id)?.sync.summary == .synced) }

        #expect(try await phone.downloader.fetchChanges() == 0)
        #expect(try phone.backlog() == SyncBacklog())
    }

    @Test func aTokenTheServerNoLongerKnowsMeansFetchingEverythingAgain() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("kept")
        _ = try await laptop.uploader.uploadPending()
        try phone.store.setSetting(.changeToken, to: "999999")

        #expect(try await phone.downloader.fetchChanges() == 1)
        #expect(try phone.mood(mood.id)?.note == "kept")
    }

    @Test func aDeletionOnTheServerWinsOverAnEditWaitingHere() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("doomed")
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.downloader.fetchChanges()

        try phone.edit(mood.id, note: "edited, not sent")
        try laptop.delete(mood.id)
        _ = try await laptop.remover.removePending()
        _ = try await phone.downloader.fetchChanges()
        #expect(try phone.mood(mood.id) == nil)
    }

    @Test func aLocalEditOnTheLatestVersionIsNotUndoneByADownload() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("shared")
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.downloader.fetchChanges()

        // An edit stamped earlier than the server's copy (a slow clock), but made on top of it.
        try phone.edit(mood.id, note: "phone's edit", at: try #require(mood.modifiedAt).addingTimeInterval(-60))
        try phone.store.setSetting(.changeToken, to: nil)  // see the server's copy again
        _ = try await phone.downloader.fetchChanges()
        #expect(try phone.mood(mood.id)?.note == "phone's edit")
        #expect(try phone.mood(mood.id)?.sync.changedSinceUpload == true)
    }

    @Test func aMoodDeletedHereStaysDeletedWhateverTheServerSaysButAnUndoShowsTheLatestCopy() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("shared")
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.downloader.fetchChanges()
        try phone.delete(mood.id, undo: .offered)

        try laptop.edit(mood.id, note: "edited on the laptop")
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.downloader.fetchChanges()
        #expect(try phone.mood(mood.id)?.sync.markedForRemoteDeletion == true)
        #expect(try phone.notes()[mood.id] == nil)

        let marked = try #require(try phone.mood(mood.id)?.sync.markedForDeletionDate)
        try await phone.store.write(origin: .ui) { try $0.unmarkForDeletion(mood.id, now: marked) }  // within the window, however slow the machine
        #expect(try phone.notes()[mood.id] == "edited on the laptop")
        #expect(try phone.mood(mood.id)?.sync.summary == .synced)
    }
}
