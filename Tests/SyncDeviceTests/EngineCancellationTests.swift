import AppTesting
import Foundation
import MoodKit
import MoodStore
import MoodSync
import Testing

/// Quitting cancels the engine's task (Ctrl-C in `moodtui sync`, `q` in the app), and `run()`
/// must then return, whatever the engine is waiting for: a request the network holds, a push
/// socket that is still opening or open and quiet. A stalled request would otherwise hold the
/// quit until the client's 30-second timeout, or for ever.
@Suite(.serialized, .hangGuard, .ownThread) struct EngineCancellationTests {
    /// What the engine waits for when it is cancelled.
    enum Waiting: String, CaseIterable, Sendable {
        case quietPushSocket, pushSocketOpening, accountCheck, upload, deletion, download

        /// The request the proxy stalls, if any.
        var stalled: FaultProxy.Match? {
            switch self {
            case .quietPushSocket: nil
            case .pushSocketOpening: FaultProxy.Match(pathPrefix: "/v1/subscribe")
            case .accountCheck: FaultProxy.Match(pathPrefix: "/v1/account")
            case .upload: FaultProxy.Match(method: "POST", pathPrefix: "/v1/moods")
            case .deletion: FaultProxy.Match(method: "POST", pathPrefix: "/v1/deletions")
            case .download: FaultProxy.Match(method: "GET", pathPrefix: "/v1/changes")
            }
        }
    }

    @Test(arguments: Waiting.allCases)
    func aCancelledEngineReturnsWhateverItWaitsFor(_ waiting: Waiting) async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        let device = try await LiveDevice(server: server, through: proxy)
        switch waiting {
        case .upload:
            try device.add("on its way")
        case .deletion:
            let mood = try device.add("to be deleted")
            try await device.syncOnce()
            try device.delete(mood.id)
        case .quietPushSocket, .pushSocketOpening, .accountCheck, .download:
            break
        }
        if let stalled = waiting.stalled { proxy.inject(.stall, on: stalled) }

        let run = RunningEngine(device.engine)
        if waiting.stalled != nil {
            #expect(await waitUntil { proxy.counts[.stall] == 1 }, "the request to stall was never made")
        } else {
            #expect(await waitUntil { proxy.events.contains { $0.path.hasPrefix("/v1/subscribe") } })
            #expect(await waitUntil { try device.store.read { try $0.syncBacklog() } == SyncBacklog() })
        }
        run.cancel()
        // Well inside the client's 30-second request timeout, which must not be what ends it.
        #expect(await waitUntil(upTo: .seconds(15)) { run.hasReturned }, "run() did not return after cancellation (\(waiting))")
        proxy.dropStalled()
        await server.stop()
    }
}
