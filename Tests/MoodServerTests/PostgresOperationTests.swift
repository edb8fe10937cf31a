import AppTesting
import Foundation
import MoodServer
import Synchronization
import Testing

/// The store's `LISTEN` streams end with the store: a closed store's listeners stop instead of
/// trying to listen again every second for ever.
@Suite(.timeLimit(.minutes(1))) struct PostgresListeningTests {
    @Test func closingTheStoreEndsItsNotificationStreams() async throws {
        let storage = try await StorageBackEnd.postgres(at: try PostgresCluster.shared().makeDatabase())
        let revocations = try storage.tokenRevocations()
        let ended = Mutex(false)
        let reader = Task {
            for await _ in revocations {}
            ended.withLock { $0 = true }
        }
        storage.close()
        #expect(await waitUntil { ended.withLock { $0 } }, "the stream outlived its store")
        reader.cancel()
    }
}

/// `/healthz` on PostgreSQL answers within seconds when the database is gone, instead of waiting
/// for the pool to give up connecting.
@Suite(.timeLimit(.minutes(1))) struct PostgresHealthTests {
    @Test func aDatabaseThatWentAwayFailsTheHealthCheckQuickly() async throws {
        let cluster = try PostgresCluster.shared()
        let url = try cluster.makeDatabase()
        let name = try #require(url.split(separator: "/").last.map(String.init))
        let storage = try await StorageBackEnd.postgres(at: url)
        try await storage.checkHealth()

        _ = try cluster.query("DROP DATABASE \(name) WITH (FORCE)", database: "postgres")
        let failed = Mutex(false)
        let check = Task {
            do { try await storage.checkHealth() } catch { failed.withLock { $0 = true } }
        }
        #expect(await waitUntil(upTo: .seconds(15)) { failed.withLock { $0 } }, "the health check kept waiting")
        check.cancel()
        storage.close()
    }
}
