import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MoodKit
import MoodServer
import ServerStorage

/// The server application with two accounts, for one test: reached through its router in
/// process (most tests: no sockets, nothing to wait for), or bound to 127.0.0.1 on a free port
/// for what only sockets show (WebSockets, connection limits, raw bytes, client addresses).
struct TestServer: Sendable {
    /// How a test reaches the server.
    enum Transport {
        /// Requests handed to the router in process, services running.
        case router
        /// HTTP over a socket on 127.0.0.1.
        case socket
    }

    let storage: any MoodServerStorage
    let hub: PushHub
    let client: any TestClientProtocol
    let aliceToken: String
    let bobToken: String

    /// The port of a server reached over a socket.
    var port: Int { client.port ?? 0 }

    func alice(device: String? = nil) -> APIClient { APIClient(client, token: aliceToken, device: device) }
    func bob(device: String? = nil) -> APIClient { APIClient(client, token: bobToken, device: device) }
    var anonymous: APIClient { APIClient(client, token: nil) }

    /// Runs `body` with a device on a connection of its own, for requests concurrent with the
    /// main client's.
    func onOwnConnection<T: Sendable>(token: String, device: String, _ body: @escaping @Sendable (APIClient) async throws -> T)
        async throws -> T
    {
        try await TestClient.withClient(host: "localhost", port: port) { client in
            try await body(APIClient(client, token: token, device: device))
        }
    }

    /// Rates no test reaches: tests send at machine speed from one address (the rate limit tests
    /// pass their own).
    static let unlimited = RateLimits(perToken: 1_000_000, perAddress: 1_000_000)

    /// How many changes each account's log holds, read from the storage directly.
    func logSizes() async throws -> [Int] {
        var sizes: [Int] = []
        for token in [aliceToken, bobToken] {
            guard let account = try await storage.account(forTokenHash: DeviceToken.hash(token)) else { continue }
            sizes.append(try await storage.changes(in: account, after: 0, limit: 1_000).changes.count)
        }
        return sizes
    }

    /// Runs `body` against a server on `backEnd` reached over `transport`, with `limits`,
    /// logging to `logs` (at every level) or else only warnings and worse, nowhere.
    @discardableResult
    static func run<T: Sendable>(
        _ backEnd: StorageBackEnd, over transport: Transport = .router, limits: ConnectionLimits = ConnectionLimits(), compaction: CompactionSchedule = CompactionSchedule(),
        rateLimits: RateLimits = TestServer.unlimited, rateClock: @escaping @Sendable () -> Duration = RateLimits.systemClock,
        clock: WallClock = .system, shareSweepInterval: Duration = .seconds(60), logs: CapturedLogs? = nil, _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let storage = try await backEnd.make(clock: clock)
        let aliceToken = DeviceToken.generate(), bobToken = DeviceToken.generate()
        _ = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(aliceToken))
        _ = try await storage.addDevice(toAccount: "bob", tokenHash: DeviceToken.hash(bobToken))
        let hub = PushHub()
        var logger = logs?.logger() ?? Logger(label: "moodserver-test")
        if logs == nil { logger.logLevel = .warning }
        let application = SyncServer.makeApplication(
            configuration: MoodServerConfiguration(
                host: "127.0.0.1", port: 0, limits: limits, compaction: compaction, shareSweepInterval: shareSweepInterval,
                rateLimits: rateLimits, rateClock: rateClock,
                exposesMetrics: true),
            storage: storage, hub: hub, logger: logger)
        return try await application.test(transport == .router ? .router : .live) { client in
            try await body(TestServer(storage: storage, hub: hub, client: client, aliceToken: aliceToken, bobToken: bobToken))
        }
    }
}
