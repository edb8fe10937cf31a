import AppTesting
import Foundation
import MoodKit
import MoodStore
import MoodSync
import Testing

/// Requests that arrive in another order than they were made, through a fault-injecting proxy
/// between a device and a real `moodtui serve`: deletion wins whatever the order.
@Suite(.serialized, .hangGuard, .ownThread) struct LateDeliveryTests {
    /// An upload held up in the network, a deletion of the same mood
    /// from a second engine on the journal reaching the server first (while the server did not
    /// know the mood), then the upload arriving: the server created the mood, and every device
    /// showed it again.
    @Test func anUploadDeliveredAfterTheDeletionOfItsMoodDoesNotBringItBack() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        let laptop = try await LiveDevice(server: server, through: proxy)
        let mood = try laptop.add("written, then deleted")

        proxy.inject(.holdForLateDelivery, on: FaultProxy.Match(method: "POST", pathPrefix: "/v1/moods"))
        let heldUpload = Task { try await laptop.syncOnce() }
        #expect(await waitUntil { proxy.heldCount == 1 })

        // `moodtui sync` in another shell, on the same journal, while the upload is held up.
        try laptop.delete(mood.id)
        try await laptop.makeEngine().syncOnce()
        #expect(try await laptop.store.read { try $0.mood(id: mood.id) } == nil)

        proxy.releaseHeld()
        _ = try await heldUpload.value
        try await laptop.syncOnce()
        let fresh = try await LiveDevice(server: server)
        try await fresh.syncOnce()
        #expect(try laptop.list().isEmpty)
        #expect(try fresh.list().isEmpty, "the mood came back on a fresh device")
        await server.stop()
    }

    /// `moodtui delete` of a mood added a moment earlier, while an engine had
    /// read it for its first upload, purged it locally as never sent; the upload then created it.
    @Test func aMoodPurgedAsNeverSentWhileItsFirstUploadWasPreparedStaysGone() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        let laptop = try await LiveDevice(server: server, through: proxy)
        let kept = try laptop.add("kept")
        try await laptop.syncOnce()

        // Hold the next upload, so that the engine has read the new mood and is on its way.
        proxy.inject(.holdForLateDelivery, on: FaultProxy.Match(method: "POST", pathPrefix: "/v1/moods"))
        let mood = try laptop.add("typo")
        let upload = Task { try await laptop.syncOnce() }
        #expect(await waitUntil { proxy.heldCount == 1 })
        let purged = try await laptop.store.write(origin: .commandLine) { writer in
            try writer.markForDeletion(mood.id, undo: .notOffered)
            return try writer.purgeIfNeverUploaded(mood.id)
        }
        #expect(!purged, "its upload had left: the deletion must go through the server")
        proxy.releaseHeld()
        _ = try await upload.value
        try await laptop.syncOnce()

        let fresh = try await LiveDevice(server: server)
        try await fresh.syncOnce()
        #expect(try fresh.list() == [kept.id: "4 kept"])
        #expect(try laptop.list() == [kept.id: "4 kept"])
        await server.stop()
    }
}
