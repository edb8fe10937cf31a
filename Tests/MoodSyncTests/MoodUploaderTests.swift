import AppTesting
import Foundation
import MoodKit
import MoodSealing
import MoodStore
@testable import MoodSync
import SyncProtocol
import SyncTesting
import Testing

@Suite(.hangGuard) struct MoodUploaderTests {
    @Test func uploadsWaitingMoodsOnceAndRecordsTheirVersions() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let moods = try (1...3).map { try device.add("mood \($0)") }

        #expect(try await device.uploader.uploadPending() == 3)
        let server = try await device.remote.serverMoods()
        for mood in moods {
            let local = try #require(try device.mood(mood.id))
            #expect(local.sync.summary == .synced)
            #expect(local.sync.remoteVersion == server[mood.id]?.version)
            #expect(server[mood.id]?.content == MoodContent(mood))
        }
        #expect(try await device.uploader.uploadPending() == 0)
        #expect(device.remote.requests.count == 1)
    }

    @Test func aMoodEditedWhileItsUploadIsOnTheWayIsNotSentTwiceAtOnceAndGoesUpAgainAfter() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("first words")
        device.remote.holdUploads()
        let first = Task { try await device.uploader.uploadPending() }
        #expect(await waitUntil { device.remote.heldUploadCount == 1 })

        try device.edit(mood.id, note: "second words")
        // The mood is in a request already: a second call must not send it alongside (it would
        // wait at the door with it, and never finish here).
        let secondDone = Flag()
        let second = Task {
            defer { secondDone.set() }
            return try await device.uploader.uploadPending()
        }
        #expect(await waitUntil { secondDone.isSet || device.remote.requests.count > 1 })
        #expect(device.remote.requests == [.upload([mood.id])])
        device.remote.releaseUploads()
        #expect(try await second.value == 0)
        #expect(try await first.value == 2)
        #expect(device.remote.requests.count == 2)
        #expect(try await device.remote.serverMoods()[mood.id]?.content?.note == "second words")
        #expect(try device.mood(mood.id)?.sync.summary == .synced)
    }

    @Test func aTransientFailureLeavesTheMoodsWaiting() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let mood = try device.add("offline")
        device.remote.fail(with: .unreachable("no network"))

        await #expect(throws: RemoteError.unreachable("no network")) { try await device.uploader.uploadPending() }
        #expect(try device.mood(mood.id)?.sync.summary == .waiting)
        #expect(try await device.uploader.uploadPending() == 1)
        #expect(try device.mood(mood.id)?.sync.summary == .synced)
    }

    @Test func aRefusedMoodIsMarkedFailedAloneAndIsNotRetriedUntilEdited() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote())
        let moods = try (1...4).map { try device.add("mood \($0)") }
        device.remote.refuse(moods[1].id)

        #expect(try await device.uploader.uploadPending() == 3)
        let failed = try #require(try device.mood(moods[1].id))
        #expect(failed.sync.summary == .failed)
        #expect(failed.sync.lastError?.contains("refused") == true)
        #expect(try device.backlog() == SyncBacklog(uploads: 0, deletions: 0, failed: 1))
        let requestsSoFar = device.remote.requests.count
        #expect(try await device.uploader.uploadPending() == 0)
        #expect(device.remote.requests.count == requestsSoFar)

        try device.edit(moods[1].id, note: "better words")
        #expect(try device.backlog().failed == 0)
    }

    @Test func aStaleUploadKeepsTheLaterEditOnEveryDevice() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("original")
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.downloader.fetchChanges()

        let now = Date()
        try laptop.edit(mood.id, note: "laptop, later", at: now.addingTimeInterval(10))
        try phone.edit(mood.id, note: "phone, earlier", at: now)
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.uploader.uploadPending()  // stale: the server has the laptop's edit

        #expect(try phone.mood(mood.id)?.note == "laptop, later")
        #expect(try phone.mood(mood.id)?.sync.summary == .synced)
        #expect(try await remote.serverMoods()[mood.id]?.content?.note == "laptop, later")
    }

    @Test func aStaleUploadWithTheLaterEditWinsOnTheServer() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("original")
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.downloader.fetchChanges()

        let now = Date()
        try laptop.edit(mood.id, note: "laptop, earlier", at: now)
        try phone.edit(mood.id, note: "phone, later", at: now.addingTimeInterval(10))
        _ = try await laptop.uploader.uploadPending()
        #expect(try await phone.uploader.uploadPending() == 1)  // merged, then sent on the new base

        #expect(try await remote.serverMoods()[mood.id]?.content?.note == "phone, later")
        _ = try await laptop.downloader.fetchChanges()
        #expect(try laptop.mood(mood.id)?.note == "phone, later")
    }

    @Test func uploadingAMoodDeletedOnTheServerPurgesItHere() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote), phone = try TestDevice(remote: remote.anotherDevice())
        let mood = try laptop.add("soon gone")
        _ = try await laptop.uploader.uploadPending()
        _ = try await phone.downloader.fetchChanges()
        try phone.delete(mood.id)
        _ = try await phone.remover.removePending()

        try laptop.edit(mood.id, note: "edited after the delete")
        _ = try await laptop.uploader.uploadPending()
        #expect(try laptop.mood(mood.id) == nil)
        #expect(try await remote.serverMoods()[mood.id] == nil)
    }

    @Test func batchesStayWithinTheServersLimits() throws {
        let long = String(repeating: "é", count: MoodNote.maximumLength)
        let moods = (0..<SyncLimits.maximumUploadBatch + 10).map { _ in
            Mood(id: UUID(), date: Date(), level: .good, note: long, creatorID: "device", modifiedAt: Date())
        }
        let batch = MoodUploader.firstBatch(of: moods)
        for encryption in [SyncEncryption.plain, .sealed(AccountKey(), account: "alice")] {
            let uploads = try batch.map { MoodUpload(id: $0.id, payload: try encryption.payload(for: $0), baseVersion: nil) }
            let body = try JSONEncoder().encode(UploadRequest(moods: uploads))
            #expect(body.count <= SyncLimits.maximumBodySize, "\(encryption)")
        }
        #expect(!batch.isEmpty && batch.count < moods.count)
        #expect(MoodUploader.firstBatch(of: Array(moods.prefix(1))).count == 1)
    }
}
