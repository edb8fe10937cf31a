import AppTesting
import Foundation
import LocalProcesses
import MoodServer
import ServerStorage
import Synchronization
import SyncProtocol
import Testing

/// The store's `LISTEN` streams end with the store: a closed store's listeners stop instead of
/// trying to listen again every second for ever.
@Suite(.hangGuard) struct PostgresListeningTests {
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
@Suite(.hangGuard) struct PostgresHealthTests {
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

/// A commit is announced to the other instances by the commit itself (`NOTIFY` in the write's
/// transaction), not by a step after it that an instance killed in between never takes: a
/// write through one store is heard by another without the route that made it doing anything
/// more, and a write that rolled back is never announced.
@Suite(.hangGuard) struct PostgresAnnouncementTests {
    @Test func theStoresCommitItselfTellsTheOtherInstancesAndARolledBackWriteDoesNot() async throws {
        let url = try PostgresCluster.shared().makeDatabase()
        let writer = try await StorageBackEnd.postgres(at: url), listener = try await StorageBackEnd.postgres(at: url)
        defer { [writer, listener].forEach { $0.close() } }
        let alice = try await writer.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))
        let heard = Mutex<[AnnouncedChange]>([])
        let news = try #require(try listener.changesAnnouncedElsewhere())
        let listening = Mutex(false)
        let reader = Task {
            for await item in news {
                switch item {
                case .listening: listening.withLock { $0 = true }
                case .changed(let change): heard.withLock { $0.append(change) }
                }
            }
        }
        defer { reader.cancel() }
        #expect(await waitUntil { listening.withLock { $0 } })

        let key = AccountKeyID(checkedBytes: Array(repeating: 9, count: 8))
        let change = KeyChange(keyID: key, signingKey: AccountSigningKey(bytes: Array(repeating: 3, count: 32))!, replaces: nil, unchangedSince: 0)
        guard case .changed(let alice, _) = try await writer.changeKey(change, in: alice, from: "laptop") else {
            Issue.record("the key was not taken")
            return
        }
        // Refused as a whole (not sealed with the account's key): rolled back, never told.
        await #expect(throws: KeyMismatch.self) {
            try await writer.upsert([Fixtures.upload(note: "plain in a sealed account")], in: alice, from: "phone")
        }
        // An unknown id gets a tombstone, but no mood was deleted: nothing for a device to fetch.
        #expect(try await writer.delete([UUID()], in: alice, from: "phone").deleted.isEmpty)
        let sealed = MoodUpload(id: UUID(), payload: .sealed(try SealedContent(bytes: [1] + key.bytes + Array(repeating: 0, count: 40))), baseVersion: nil)
        let saved = try await writer.upsert([sealed], in: alice, from: "tablet")

        // Notices arrive in commit order: the key change, then the upload, and nothing between.
        #expect(await waitUntil { heard.withLock { $0.count } >= 2 }, "heard only \(heard.withLock { $0 })")
        #expect(heard.withLock { $0.map(\.device) } == ["laptop", "tablet"])
        #expect(heard.withLock { $0.allSatisfy { $0.account == alice.id } })
        #expect(saved.changedAnything)
    }
}
