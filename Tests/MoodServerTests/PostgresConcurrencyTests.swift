import AppTesting
import Foundation
import LocalProcesses
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// Two server instances on one PostgreSQL database, writing to one account at once: the
/// account's change log gets every sequence exactly once, in the order the writes committed.
@Suite(.hangGuard) struct PostgresConcurrencyTests {
    @Test func concurrentWritersOnTwoInstancesGetEverySequenceOnceWithoutGaps() async throws {
        let url = try PostgresCluster.shared().makeDatabase()
        let first = try await StorageBackEnd.postgres(at: url), second = try await StorageBackEnd.postgres(at: url)
        #expect(first.storeID == second.storeID, "one database, one change log")
        let account = try await first.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))

        let writers = 16, batches = 10, batchSize = 5
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                let storage: any MoodServerStorage = writer.isMultiple(of: 2) ? first : second
                group.addTask {
                    for batch in 0..<batches {
                        if (writer + batch).isMultiple(of: 3) {
                            _ = try await storage.delete([UUID()], in: account)  // a tombstone takes a sequence too
                        } else {
                            _ = try await storage.upsert((0..<batchSize).map { _ in Fixtures.upload(note: "writer \(writer)") }, in: account)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        let page = try await second.changes(in: account, after: 0, limit: 10_000)
        let tombstones = (0..<writers).flatMap { writer in (0..<batches).filter { (writer + $0).isMultiple(of: 3) } }.count
        let expected = tombstones + (writers * batches - tombstones) * batchSize
        #expect(page.changes.count == expected)
        #expect(page.latestSequence == Int64(expected), "no sequence was skipped")
        var sequence: Int64 = 0, seen = 0
        while true {
            let part = try await first.changes(in: account, after: sequence, limit: 7)
            seen += part.changes.count
            sequence = part.nextSequence
            if !part.more { break }
        }
        #expect(seen == expected, "paging by sequence sees every change once")
        first.close()
        second.close()
    }
}
