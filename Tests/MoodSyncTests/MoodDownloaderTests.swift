import AppTesting
import Dispatch
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

    /// Pages that arrive while the journal is busy (here: held by another writer) are applied
    /// together, in one transaction, and each token is the one after its page.
    @Test func pagesThatPiledUpWhileTheJournalWasBusyAreAppliedInOneTransaction() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice(), pageSize: 2)
        #expect(try await phone.downloader.fetchChanges() == 0)  // a token to start from: no write before the fetches
        let moods = try (1...10).map { try laptop.add("mood \($0)") }
        _ = try await laptop.uploader.uploadPending()
        let before = try await phone.store.read { try $0.latestChangeSequence() }

        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let writer = Thread {
            _ = try? phone.store.write(origin: .ui) { _ in
                held.signal()
                release.wait()
            }
        }
        writer.start()
        held.wait()
        let download = Task { try await phone.downloader.fetchChanges() }
        #expect(await waitUntil { phone.remote.requests.count == 1 + 5 }, "every page fetched while the journal is held")
        release.signal()
        #expect(try await download.value == 10)

        #expect(try phone.notes() == Dictionary(uniqueKeysWithValues: moods.map { ($0.id, $0.note) }))
        guard case .entries(let entries, _) = try await phone.store.read({ try $0.changes(after: before) }) else {
            Issue.record("the change log was pruned")
            return
        }
        let transactions = JournalChange.grouping(entries, currentProcess: ProcessInfo.processInfo.processIdentifier)
        #expect(transactions.count <= 2, "the page the download waited on, then every page that arrived meanwhile")
        #expect(try await phone.downloader.fetchChanges() == 0)
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
