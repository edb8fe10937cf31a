import AppTesting
import Foundation
import LocalProcesses
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Where a storm's devices sync: one `moodtui serve` on SQLite, or several instances sharing one
/// PostgreSQL database.
enum StormTopology: Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres(instances: Int)

    var testDescription: String {
        switch self {
        case .sqlite: "one instance on SQLite"
        case .postgres(let instances): "\(instances) instances on PostgreSQL"
        }
    }
}

/// The server instances of a storm, and a fault proxy for each device: devices are spread across
/// the instances, so that a write through one instance must reach devices on the others; a kill
/// or a pause hits one instance at a time (a killed one comes back on its port); a partition
/// cuts one device off.
final class StormServers {
    private var instances: [ServerProcess]
    let proxies: [FaultProxy]
    /// The instances stopped with SIGSTOP, by index.
    private var paused: Set<Int> = []
    private let start: (_ port: Int) async throws -> ServerProcess

    init(_ topology: StormTopology, devices: Int) async throws {
        switch topology {
        case .sqlite:
            let data = temporaryServerFolder()
            start = { port in try await ServerProcess.start(data: data, port: port) }
            instances = [try await start(0)]
        case .postgres(let count):
            let database = try PostgresCluster.shared().makeDatabase()
            start = { port in try await ServerProcess.start(database: database, port: port) }
            var instances: [ServerProcess] = []
            for _ in 0..<count { instances.append(try await start(0)) }
            self.instances = instances
        }
        let instances = instances
        proxies = try (0..<devices).map { try FaultProxy(upstreamPort: instances[$0 % instances.count].port) }
    }

    /// An instance to add devices with (every instance serves every account).
    var anyInstance: ServerProcess { instances[0] }
    /// The instance a device with no proxy talks to: the last, which most devices do not use.
    var lastInstance: ServerProcess { instances[instances.count - 1] }

    /// The proxy the `index`th device goes through.
    func proxy(forDevice index: Int) -> FaultProxy { proxies[index] }

    /// Kills one instance with SIGKILL and starts it again on its port.
    func killOne(using random: inout some RandomNumberGenerator) async throws {
        let index = Int.random(in: 0..<instances.count, using: &random)
        let port = instances[index].port
        _ = await instances[index].stop(SIGKILL)
        paused.remove(index)
        instances[index] = try await start(port)
    }

    /// Stops one instance with SIGSTOP: its connections stay open and its port takes new ones,
    /// but nothing is answered until ``resumeAll()``.
    func pauseOne(using random: inout some RandomNumberGenerator) {
        let index = Int.random(in: 0..<instances.count, using: &random)
        guard paused.insert(index).inserted else { return }
        kill(instances[index].pid, SIGSTOP)
    }

    func resumeAll() {
        for index in paused { kill(instances[index].pid, SIGCONT) }
        paused.removeAll()
    }

    /// Cuts one device off: its connections are reset and new ones refused, until healed.
    func partition(device index: Int, _ cut: Bool) {
        proxies[index].setRefusingConnections(cut)
        if cut { proxies[index].cutAllConnections() }
    }

    /// The same random faults on every proxy, each drawing from its own seed.
    func injectRandomFaults(_ faults: [FaultProxy.Fault], rate: Double, seed: UInt64) {
        for (index, proxy) in proxies.enumerated() {
            proxy.randomFaults = FaultProxy.RandomFaults(faults, rate: rate, seed: seed &+ UInt64(index))
        }
    }

    /// Stops every fault, pause and partition, and lets every held or stalled request go.
    func heal() {
        resumeAll()
        for proxy in proxies {
            proxy.randomFaults = nil
            proxy.setRefusingConnections(false)
        }
        releaseHeldAndDropStalled()
    }

    func releaseHeldAndDropStalled() {
        for proxy in proxies {
            proxy.releaseHeld()
            proxy.dropStalled()
        }
    }

    /// Requests the proxies have seen.
    var requestsSeen: Int { Self.requestsSeen(by: proxies) }

    static func requestsSeen(by proxies: [FaultProxy]) -> Int { proxies.map(\.counts.seen).reduce(0, +) }

    /// The kinds of fault any proxy has injected.
    var faultKindsInjected: Set<FaultProxy.Fault.Kind> { Set(proxies.flatMap(\.counts.faulted.keys)) }

    func stop() async {
        resumeAll()
        for proxy in proxies { proxy.close() }
        for instance in instances { await instance.stop() }
    }
}
