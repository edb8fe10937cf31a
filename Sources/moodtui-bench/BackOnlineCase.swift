import Foundation
import MoodKit
import MoodStore
import MoodSync

/// A device back from offline: its engine runs while the server is down and a backlog of moods is
/// written; then the server comes back on the same port, and the case times from the moment it
/// listens until the journal has nothing waiting. The target: within 2 s for 2,000 moods.
///
/// The naive way beside it is the same engine noticing the server only when its request backoff
/// runs out (push connections retried on that backoff too, instead of every 0.25–1 s): after a
/// few seconds offline it sleeps out whatever the backoff reached.
struct BackOnlineCase {
    let folder: URL
    let moods: Int
    /// How long the device is offline before the server returns: long enough for the request
    /// backoff (1 s, 2 s, 4 s …) to grow well past the target.
    let offline: Duration

    func run() async throws -> CaseResult {
        let engine = try await timeToSynced(SyncEngineSettings(), name: "engine")
        let naive = try await timeToSynced(SyncEngineSettings(reconnect: Backoff()), name: "naive")
        var result = CaseResult(
            name: "back-online", rows: moods, samples: Samples(nanoseconds: [engine.nanoseconds]),
            baseline: Samples(nanoseconds: [naive.nanoseconds]), target: "≤ 2 s", met: engine <= .seconds(2))
        result.extra["offline_s"] = Double(offline.components.seconds)
        return result
    }

    /// From the server's return to an empty backlog, for an engine with `settings`.
    private func timeToSynced(_ settings: SyncEngineSettings, name: String) async throws -> Duration {
        let serverFolder = folder.appendingPathComponent(name)
        let server = try BenchServer(folder: serverFolder)
        let device = try await BenchDevice(
            server: server, account: "traveller", path: serverFolder.appendingPathComponent("device.sqlite").path, settings: settings)
        let engine = Task { await device.engine.run() }
        defer { engine.cancel() }

        let port = server.port
        server.stop()
        let backlog = (0..<moods).map { index in
            Mood(id: UUID(), date: Date(), level: .meh, note: "written offline \(index)", creatorID: "bench", modifiedAt: Date())
        }
        try await device.store.write(origin: .ui) { writer in
            for mood in backlog { try writer.insert(mood) }
        }
        try await Task.sleep(for: offline)

        let returned = try BenchServer(folder: serverFolder, port: port)
        defer { returned.stop() }
        let start = ContinuousClock.now
        while try await device.store.read({ try $0.syncBacklog() }).uploads > 0 {
            guard ContinuousClock.now - start < .seconds(120) else { throw BenchError("\(name): the backlog was not sent within 120 s") }
            try await Task.sleep(for: .milliseconds(2))
        }
        return ContinuousClock.now - start
    }
}
