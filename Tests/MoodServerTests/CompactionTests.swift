import AppTesting
import Foundation
import JournalTesting
import LocalProcesses
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// Compaction: tombstones older than the retention go, each account remembers how far, and
/// neither a device behind that point nor a late edit brings a deleted mood back.
@Suite(.hangGuard, .ownThread) struct CompactionTests {
    private func account(_ storage: any MoodServerStorage) async throws -> Account {
        try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))
    }

    @Test(arguments: StorageBackEnd.allCases)
    func onlyTombstonesOlderThanTheCutoffGoAndTheHorizonIsTheNewestRemoved(_ backEnd: StorageBackEnd) async throws {
        let clock = TestWallClock()
        let storage = try await backEnd.make(clock: clock.wallClock)
        let alice = try await account(storage)
        let kept = Fixtures.upload(note: "kept"), old = Fixtures.upload(note: "deleted long ago")
        let recent = Fixtures.upload(note: "deleted lately")
        _ = try await storage.upsert([kept, old, recent], in: alice)
        clock.set(offset: -10 * 86_400)
        let oldDeletion = try await storage.delete([old.id, UUID()], in: alice).latestSequence  // one never seen, too
        clock.set(offset: 0)
        _ = try await storage.delete([recent.id], in: alice)

        let removed = try await storage.compact(tombstonesDeletedBefore: Date().addingTimeInterval(-5 * 86_400))
        #expect(removed == 2)
        let page = try await storage.changes(in: alice, after: 0, limit: 10)
        #expect(page.changes.map(\.id) == [kept.id, recent.id])
        #expect(page.compactedThrough == oldDeletion)
        #expect(try await storage.compact(tombstonesDeletedBefore: Date().addingTimeInterval(-5 * 86_400)) == 0)
        #expect(try await storage.changes(in: alice, after: 0, limit: 10).compactedThrough == oldDeletion, "the horizon never goes back")
    }

    @Test(arguments: StorageBackEnd.allCases)
    func anEditOfAMoodWhoseTombstoneWasCompactedIsAnsweredDeleted(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let mood = Fixtures.upload(note: "first")
        let version = try await storage.upsert([mood], in: alice).saved[0].version
        _ = try await storage.delete([mood.id], in: alice)
        #expect(try await storage.compact(tombstonesDeletedBefore: Date().addingTimeInterval(1)) == 1)

        let edit = Fixtures.upload(mood.id, .great, note: "edited on a device offline for months", base: version)
        let fresh = Fixtures.upload(note: "written since")
        let result = try await storage.upsert([edit, fresh], in: alice)
        #expect(result.conflicts == [MoodConflict(id: mood.id, reason: .deleted, server: nil)])
        #expect(result.saved.map(\.id) == [fresh.id])
        #expect(try await storage.changes(in: alice, after: 0, limit: 10).changes.map(\.id) == [fresh.id])
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aTokenFromBeforeTheHorizonIsAnsweredHistoryCompactedAndOneAfterItIsNot(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let alice = server.alice()
            let gone = Fixtures.upload(note: "gone")
            let before = try await alice.upload([gone]).token
            let afterDeletion = try await alice.delete([gone.id]).token
            _ = try await server.storage.compact(tombstonesDeletedBefore: Date().addingTimeInterval(1))

            let response = try await alice.raw(.get, "/v1/changes?since=\(before.rawValue)")
            #expect(response.status == .gone)
            #expect(try JSONDecoder().decode(ErrorResponse.self, from: response.body).error == SyncErrorCode.historyCompacted.rawValue)
            #expect(try await alice.changes(since: afterDeletion).changes.isEmpty)
        }
    }

    /// The first download lists no tombstone written before it began, and every one written
    /// while it pages: a mood an earlier page gave the device and deleted meanwhile goes.
    @Test(arguments: StorageBackEnd.allCases)
    func aFirstDownloadListsLiveMoodsAndTheDeletionsMadeWhileItPages(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let alice = server.alice()
            let moods = (0..<6).map { Fixtures.upload(note: "mood \($0)") }
            _ = try await alice.upload(moods)
            _ = try await alice.delete([moods[0].id, moods[1].id, UUID()])

            let first = try await alice.changes(limit: 2)
            #expect(first.changes.map(\.id) == [moods[2].id, moods[3].id] && first.more)
            _ = try await alice.delete([moods[2].id, moods[5].id])
            let rest = try await alice.allChanges(since: first.token, limit: 2).changes
            #expect(rest == [.upsert(try #require(rest.first?.upserted)), .deleted(moods[2].id), .deleted(moods[5].id)])
            #expect(rest.first?.id == moods[4].id)
        }
    }
}

/// The server compacts on its own, and `serve` says what it keeps.
@Suite(.hangGuard, .ownThread) struct CompactionScheduleTests {
    @Test(arguments: StorageBackEnd.allCases)
    func theServerRemovesTombstonesOlderThanItsRetentionWhileItRuns(_ backEnd: StorageBackEnd) async throws {
        let clock = TestWallClock(offset: -91 * 86_400)
        let schedule = CompactionSchedule(retention: .seconds(90 * 86_400), interval: .milliseconds(20))
        try await TestServer.run(backEnd, compaction: schedule, clock: clock.wallClock) { server in
            let alice = server.alice()
            let old = Fixtures.upload(note: "deleted 91 days ago"), recent = Fixtures.upload(note: "deleted now")
            let start = try await alice.upload([old, recent]).token
            _ = try await alice.delete([old.id])
            clock.set(offset: 0)
            _ = try await alice.delete([recent.id])
            let account = try #require(try await server.storage.account(forTokenHash: DeviceToken.hash(server.aliceToken)))
            #expect(await waitUntil {
                try await server.storage.changes(in: account, after: 0, limit: 10).changes == [.deleted(recent.id)]
            })
            let response = try await alice.raw(.get, "/v1/changes?since=\(start.rawValue)")
            #expect(response.status == .gone)
        }
    }

    @Test func serveRefusesToKeepTombstonesForNoTime() throws {
        let refused = try ProcessResult.moodtui(["serve", "--keep-tombstones", "0", "--data", StorageBackEnd.temporaryFolder().path])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--keep-tombstones must be 1–36500 days"), "\(refused.standardError)")
    }
}

extension Change {
    /// The mood an upsert carries, `nil` for a deletion.
    fileprivate var upserted: SyncedMood? {
        if case .upsert(let mood) = self { mood } else { nil }
    }
}
