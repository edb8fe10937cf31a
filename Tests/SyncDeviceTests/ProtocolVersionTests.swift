import AppTesting
import Foundation
import MoodKit
import MoodSync
import SyncProtocol
import Testing

/// A device and a server of different protocol versions never merge each other's moods: the
/// device stops syncing with words that say which side to update.
@Suite(.serialized, .hangGuard, .ownThread) struct ProtocolVersionTests {
    @Test func aServerThatDoesNotSayItsVersionIsRefusedBeforeAnythingIsApplied() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        let writer = try await LiveDevice(server: server)
        let mood = try writer.add("written elsewhere")
        try await writer.syncOnce()

        // Answers to this device come without the version header, as from a server before it.
        let laptop = try await LiveDevice(server: server, through: proxy)
        proxy.inject(.dropAnswerHeader(ProtocolVersion.header), on: FaultProxy.Match(method: "GET", pathPrefix: SyncEndpoint.changes))
        do {
            try await laptop.syncOnce()
            Issue.record("the answer of a server without the version header was read")
        } catch RemoteError.protocolMismatch(let words) {
            #expect(words == "the server speaks moodtui sync protocol 1 and this device protocol \(ProtocolVersion.current): update moodtui serve on the server")
        }
        #expect(try laptop.mood(mood.id) == nil, "nothing of the answer was applied")
        await server.stop()
    }
}
