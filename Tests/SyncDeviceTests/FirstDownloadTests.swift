import AppTesting
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import MoodSync
import Testing

/// A journal's first download lists the server's live moods only, not its deletions: a mood the
/// journal uploaded itself before that download, and another device deleted meanwhile, is not
/// listed, and must go rather than stay on this device for ever. (Found by the storm: a device
/// whose downloads failed while its uploads went through kept moods deleted elsewhere.)
@Suite(.hangGuard, .ownThread) struct FirstDownloadTests {
    @Test func aMoodUploadedBeforeTheFirstDownloadAndDeletedElsewhereIsGoneAfterIt() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        let phone = try await LiveDevice(server: server, through: proxy), laptop = try await LiveDevice(server: server)
        let mood = try phone.add("written on the phone before it ever downloaded")
        // The phone's upload goes through; its download does not.
        proxy.inject(.resetBeforeRequest, on: FaultProxy.Match(method: "GET", pathPrefix: "/v1/changes"))
        await #expect(throws: (any Error).self) { try await phone.syncOnce() }
        #expect(try await phone.store.read { try $0.mood(id: mood.id) }?.sync.remoteVersion != nil, "the upload was acknowledged")

        try await laptop.syncOnce()
        try laptop.delete(mood.id)
        try await laptop.syncOnce()

        try await phone.syncOnce()
        #expect(try phone.list()[mood.id] == nil, "the phone kept a mood deleted on the laptop")
        await server.stop()
    }
}
