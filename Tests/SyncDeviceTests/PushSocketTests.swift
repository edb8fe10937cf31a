import AppTesting
import Foundation
import MoodKit
import MoodStore
@testable import MoodSync
import Testing

/// The push socket against a network that lets it down without closing it. The engine must give
/// the connection up, connect again and hear of the change it missed.
@Suite(.hangGuard, .ownThread) struct PushSocketTests {
    enum Letdown: String, CaseIterable, Sendable {
        /// The upgrade is accepted and never answered. Without a deadline on the handshake, the
        /// engine waited for it for ever: no pushes, no reconnect.
        case stalledHandshake
        /// The open connection carries nothing any more, both ways, as when a router forgets it.
        /// Without pings of its own, the client would wait on that socket for ever.
        case silentConnection
    }

    @Test(arguments: Letdown.allCases)
    func anEngineLetDownByItsPushConnectionConnectsAgainAndHearsOfChanges(_ letdown: Letdown) async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        let phone = try await LiveDevice(server: server, through: proxy)
        let laptop = try await LiveDevice(server: server)
        if letdown == .stalledHandshake { proxy.inject(.stall, on: FaultProxy.Match(pathPrefix: "/v1/subscribe")) }

        let run = RunningEngine(phone.engine)
        defer { run.cancel() }
        switch letdown {
        case .stalledHandshake:
            #expect(await waitUntil { proxy.counts[.stall] == 1 })
        case .silentConnection:
            #expect(await waitUntil { proxy.events.contains { $0.path.hasPrefix("/v1/subscribe") } })
            proxy.silenceWebSockets()
        }
        // The launch's download is done once it stored a change token; from here on only a push,
        // or the download a new push connection starts with, brings the laptop's mood.
        #expect(await waitUntil { try phone.store.setting(.changeToken) != nil })
        let mood = try laptop.add("written on the laptop")
        try await laptop.syncOnce()

        #expect(await waitUntil { try phone.list()[mood.id] != nil }, "the phone never heard of the laptop's mood")
        #expect(await waitUntil { proxy.events.filter { $0.path.hasPrefix("/v1/subscribe") }.count >= 2 }, "no new push connection")
        run.cancel()
        #expect(await waitUntil { run.hasReturned })
        proxy.dropStalled()
        await server.stop()
    }
}
