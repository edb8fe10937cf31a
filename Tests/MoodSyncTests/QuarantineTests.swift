import AppTesting
import Foundation
import MoodKit
import MoodStore
@testable import MoodSync
import SyncProtocol
import SyncTesting
import Testing

/// A change from the server that breaks the protocol's rules (as an older server could have
/// stored, before it checked) is set aside and counted; the rest of the account syncs on.
@Suite(.hangGuard) struct QuarantineTests {
    /// Stores `content` on the server as an older server would have: without checking it.
    private func storeUnchecked(_ id: Mood.ID, creatorID: String, baseVersion: Int64? = nil, on remote: InMemoryRemote) async throws {
        let content = MoodContent(
            date: Date(), level: .meh, note: "from an old server", creatorID: creatorID,
            stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: Date().millisecondsSince1970, counter: 0, device: "old")))
        _ = try await remote.storage.upsert([MoodUpload(id: id, payload: .plain(content), baseVersion: baseVersion)], in: remote.account)
    }

    @Test func anUnreadableMoodIsSetAsideAndTheRestOfThePageIsApplied() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let before = try laptop.add("before")
        _ = try await laptop.uploader.uploadPending()
        let bad = UUID()
        try await storeUnchecked(bad, creatorID: "", on: remote)
        let after = try laptop.add("after")
        _ = try await laptop.uploader.uploadPending()

        #expect(try await phone.downloader.fetchChanges() == 2)
        #expect(try phone.notes() == [before.id: "before", after.id: "after"])
        #expect(try phone.backlog().unreadable == 1)
        let set = try await phone.store.read { try $0.quarantinedChanges() }
        #expect(set.map(\.id) == [bad])
        #expect(set.first?.reason.contains("creatorID: invalid creatorID: it is empty") == true)
        #expect(try await phone.downloader.fetchChanges() == 0, "the token moved past it: it is not fetched again and again")
    }

    @Test func aReadableChangeOfTheSameMoodReleasesIt() async throws {
        let remote = try await InMemoryRemote()
        let phone = try TestDevice(remote: remote)
        let bad = UUID()
        try await storeUnchecked(bad, creatorID: "\u{0}evil", on: remote)
        _ = try await phone.downloader.fetchChanges()
        #expect(try phone.backlog().unreadable == 1)

        let version = try await remote.storage.changes(in: remote.account, after: 0, limit: 10).nextSequence
        try await storeUnchecked(bad, creatorID: "laptop", baseVersion: version, on: remote)
        #expect(try await phone.downloader.fetchChanges() == 1)
        #expect(try phone.mood(bad)?.note == "from an old server")
        #expect(try phone.backlog().unreadable == 0)
    }

    @Test func theEngineSaysHowManyChangesItSetAside() async throws {
        let remote = try await InMemoryRemote()
        let phone = try TestDevice(remote: remote)
        try await storeUnchecked(UUID(), creatorID: "", on: remote)
        let report = try await phone.coordinator().syncOnce()
        #expect(report.unreadable == 1)
        #expect(report.downloaded == 0)
    }

    @Test func aConflictWhoseServerCopyCannotBeReadMarksTheMoodFailedAndKeepsItsContent() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote)
        let mood = try laptop.add("mine")
        _ = try await laptop.uploader.uploadPending()
        let version = try #require(try laptop.mood(mood.id)?.sync.remoteVersion)
        try await storeUnchecked(mood.id, creatorID: "", baseVersion: version, on: remote)
        try laptop.edit(mood.id, note: "mine, edited")

        #expect(try await laptop.uploader.uploadPending() == 0)
        let after = try #require(try laptop.mood(mood.id))
        #expect(after.note == "mine, edited")
        #expect(after.sync.lastError?.contains("the server's copy of this mood cannot be read") == true)
        #expect(try laptop.backlog().failed == 1)
    }
}
