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
    /// Who holds the sockets.
    enum Subscribers {
        /// The app's own push listener (`HTTPMoodRemote`), each on a task of its own, all from
        /// 127.0.0.1: what a device runs.
        case appListeners
        /// Idle sockets from many source addresses, this many from each (the server's default
        /// cap); the server's memory is measured before and after they open.
        case idleSockets(perAddress: Int)
    }

    let servers: [BenchServer]
    let subscribers: Int
    let changes: Int
    var kind = Subscribers.appListeners
    /// The case's name without the back end's suffix.
    var name = "fan-out"
    /// Names the back end and the instances when not one on SQLite.
    var suffix = ""
    /// The 99th percentile the case must stay within, in milliseconds.
    var p99Target = 100

    func run() async throws -> CaseResult {
        let server = servers[0]
        let token = try server.addDevice("fan-out")
        let arrivals = Arrivals()
        let memoryBefore = servers.reduce(0) { $0 + $1.residentKiB }
        let deadline = ContinuousClock.now + .seconds(120)
        let close: () async -> Void
        switch kind {
        case .appListeners:
            let listeners = servers.map { server in
                HTTPMoodRemote(account: SyncAccount(server: server.url, token: token), deviceID: "listener", logger: BenchDevice.logger)
            }
            let sockets = (0..<subscribers).map { index in
                Task {
                    try await listeners[index % listeners.count].listenForPushes(connected: { arrivals.connected() }, pushed: { arrivals.record() })
                }
            }
            close = { sockets.forEach { $0.cancel() } }
        case .idleSockets(let perAddress):
            var opened: [PushSubscribers] = []
            for (index, server) in servers.enumerated() {
                let share = subscribers / servers.count + (index < subscribers % servers.count ? 1 : 0)
                opened.append(try await PushSubscribers.open(count: share, to: server.url, token: token, perAddress: perAddress, arrivals: arrivals))
            }
            close = { [opened] in for sockets in opened { await sockets.close() } }
        }
        while arrivals.connections < subscribers {
            guard ContinuousClock.now < deadline else {
                await close()
                throw BenchError("only \(arrivals.connections) sockets connected")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let memoryAfter = servers.reduce(0) { $0 + $1.residentKiB }
        let latencies: [UInt64]
        do { latencies = try await measure(server: server, token: token, arrivals: arrivals, deadline: deadline + .seconds(60)) } catch {
            await close()
            throw error
        }
        await close()
        let samples = Samples(nanoseconds: latencies)
        let p99Met = samples.p99 <= UInt64(p99Target) * 1_000_000
        guard case .idleSockets = kind else {
            return CaseResult(
                name: name + suffix, rows: subscribers, samples: samples, target: "p99 ≤ \(p99Target) ms to the last one", met: p99Met
            ).withP99()
        }
        let perSocket = Double(memoryAfter - memoryBefore) / Double(subscribers)
        var result = CaseResult(
            name: name + suffix, rows: subscribers, samples: samples, target: "≤ 32 KiB a socket, p99 ≤ \(p99Target) ms to the last one",
            met: p99Met && perSocket <= 32)
        result.extra["kib_per_socket"] = (perSocket * 10).rounded() / 10
        return result.withP99()
    }
}

extension FanOutCase {
    /// Ten thousand idle sockets (two thousand with `--quick`) spread over `servers`, 63 from
    /// each source address, under the server's default cap of 64, and a change fanned out to all.
    static func sockets(servers: [BenchServer], quick: Bool, suffix: String = "") -> FanOutCase {
        let count = quick ? 2_000 : 10_000
        return FanOutCase(
            servers: servers, subscribers: count, changes: quick ? 3 : 10, kind: .idleSockets(perAddress: 63),
            name: "sockets-\(Report.count(count))", suffix: suffix, p99Target: 250)
    }

    /// Uploads `changes` moods one at a time, each once every socket has the push of the one before.
    private func measure(server: BenchServer, token: String, arrivals: Arrivals, deadline: ContinuousClock.Instant) async throws -> [UInt64] {
        let writer = HTTPMoodRemote(
            account: SyncAccount(server: server.url, token: token), deviceID: "writer", logger: BenchDevice.logger)
        var latencies: [UInt64] = []
        for _ in 0..<changes {
            let mood = Mood(id: UUID(), date: Date(), level: .great, note: "fan-out", creatorID: "writer", modifiedAt: Date())
            arrivals.start()
            _ = try await writer.upload([MoodUpload(id: mood.id, payload: .plain(MoodContent(mood)), baseVersion: nil)])
            while arrivals.count < subscribers {
                guard ContinuousClock.now < deadline else { throw BenchError("only \(arrivals.count) pushes arrived") }
                try await Task.sleep(for: .milliseconds(1))
            }
            latencies += arrivals.latencies
        }
        return latencies
    }
}

/// When pushes arrive, counted from the moment the change was sent.
final class Arrivals: Sendable {
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
