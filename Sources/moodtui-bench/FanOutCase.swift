import Foundation
import Logging
import MoodKit
import MoodSync
import Synchronization
import SyncProtocol

/// One change pushed to many connected WebSocket subscribers: the time from the upload's start
/// until each subscriber has the push, over several changes. With several instances, the
/// subscribers are spread evenly over them and the change is written through the first.
struct FanOutCase {
    let servers: [BenchServer]
    let subscribers: Int
    let changes: Int
    /// Names the back end and the instances when not one on SQLite.
    var suffix = ""

    func run() async throws -> CaseResult {
        let server = servers[0]
        let token = try server.addDevice("fan-out")
        let arrivals = Arrivals()
        let listeners = servers.map { server in
            HTTPMoodRemote(account: SyncAccount(server: server.url, token: token), deviceID: "listener", logger: BenchDevice.logger)
        }
        let sockets = (0..<subscribers).map { index in
            Task {
                try await listeners[index % listeners.count].listenForPushes(connected: { arrivals.connected() }, pushed: { arrivals.record() })
            }
        }
        defer { sockets.forEach { $0.cancel() } }
        let deadline = ContinuousClock.now + .seconds(60)
        while arrivals.connections < subscribers {
            guard ContinuousClock.now < deadline else { throw BenchError("only \(arrivals.connections) sockets connected") }
            try await Task.sleep(for: .milliseconds(20))
        }
        let writer = HTTPMoodRemote(
            account: SyncAccount(server: server.url, token: token), deviceID: "writer", logger: BenchDevice.logger)
        var latencies: [UInt64] = []
        for _ in 0..<changes {
            let mood = Mood(id: UUID(), date: Date(), level: .great, note: "fan-out", creatorID: "writer", modifiedAt: Date())
            arrivals.start()
            _ = try await writer.upload([MoodUpload(id: mood.id, payload: .plain(MoodContent(mood)), baseVersion: nil)])
            while arrivals.count < subscribers {
                guard ContinuousClock.now < deadline + .seconds(60) else { throw BenchError("only \(arrivals.count) pushes arrived") }
                try await Task.sleep(for: .milliseconds(1))
            }
            latencies += arrivals.latencies
        }
        let samples = Samples(nanoseconds: latencies)
        return CaseResult(
            name: "fan-out" + suffix, rows: subscribers, samples: samples, target: "p99 ≤ 100 ms to the last one",
            met: samples.p99 <= 100_000_000).withP99()
    }
}

/// When pushes arrive, counted from the moment the change was sent.
private final class Arrivals: Sendable {
    private let state = Mutex<(connections: Int, start: ContinuousClock.Instant, latencies: [UInt64])>((0, .now, []))

    var connections: Int { state.withLock { $0.connections } }
    var count: Int { state.withLock { $0.latencies.count } }
    var latencies: [UInt64] { state.withLock { $0.latencies } }

    func connected() { state.withLock { $0.connections += 1 } }

    func start() { state.withLock { $0.start = .now; $0.latencies = [] } }

    func record() {
        state.withLock { $0.latencies.append((ContinuousClock.now - $0.start).nanoseconds) }
    }
}
