import AppTesting
import Foundation
import MoodServer
import SQLiteServerStorage
import ServerStorage
import SyncProtocol
import SyncTesting
import Testing

/// The storage contract, run against every back end.
@Suite(.hangGuard) struct MoodServerStorageTests {
    private func account(_ storage: any MoodServerStorage, _ name: String = "alice") async throws -> Account {
        try await storage.addDevice(toAccount: name, tokenHash: DeviceToken.hash(DeviceToken.generate()))
    }

    @Test(arguments: StorageBackEnd.allCases)
    func uploadingTheSameMoodThreeTimesKeepsOneCopyAtOneVersion(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let upload = Fixtures.upload(note: "once")
        var results: [UpsertResult] = []
        for _ in 0..<3 { results.append(try await storage.upsert([upload], in: alice)) }
        #expect(results.allSatisfy { $0.conflicts.isEmpty })
        #expect(Set(results.map { $0.saved }).count == 1)
        #expect(results.map(\.changedAnything) == [true, false, false])
        let page = try await storage.changes(in: alice, after: 0, limit: 10)
        #expect(page.changes.count == 1)
    }

    /// More rows than one statement of the PostgreSQL back end holds: every one is written, at
    /// its own sequence, whether it is new, changed or a tombstone.
    @Test(arguments: StorageBackEnd.allCases)
    func aBatchLargerThanAStatementIsWrittenWholeInOrder(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let moods = (0..<2_300).map { Fixtures.upload(note: "mood \($0)") }
        let saved = try await storage.upsert(moods, in: alice).saved
        #expect(saved.map(\.id) == moods.map(\.id))
        #expect(saved.map(\.version) == Array(1...2_300))
        // An id never uploaded gets a tombstone too (a late upload of it must not bring it back).
        let unknown = UUID()
        let deleted = try await storage.delete(moods.suffix(2_100).map(\.id) + [unknown], in: alice)
        #expect(deleted.deleted == moods.suffix(2_100).map(\.id))
        #expect(deleted.latestSequence == 4_401)
        let feed = try await storage.changes(in: alice, after: 0, limit: 10_000).changes
        #expect(feed.map(\.id) == moods.map(\.id) + [unknown], "the feed is not every mood in the order written")
        let live = feed.compactMap { change -> SyncedMood? in
            guard case .upsert(let mood) = change else { return nil }
            return mood
        }
        #expect(live.map(\.id) == moods.prefix(200).map(\.id))
        #expect(live.map(\.version) == Array(1...200))
        #expect(live.map(\.content?.note) == moods.prefix(200).map(\.content?.note))
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aStaleBaseVersionIsAConflictWithTheServerCopyAndTheRestOfTheBatchSaves(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let id = UUID()
        let first = try await storage.upsert([Fixtures.upload(id, .bad, note: "v1")], in: alice).saved[0].version
        let second = try await storage.upsert([Fixtures.upload(id, .meh, note: "v2", base: first)], in: alice).saved[0].version
        #expect(second > first)
        let other = Fixtures.upload(note: "other")
        let result = try await storage.upsert([Fixtures.upload(id, .great, note: "v3", base: first), other], in: alice)
        #expect(result.saved.map(\.id) == [other.id])
        #expect(result.conflicts.count == 1)
        #expect(result.conflicts.first?.reason == .stale)
        #expect(result.conflicts.first?.server?.content?.note == "v2")
        #expect(result.conflicts.first?.server?.version == second)
        let noBase = try await storage.upsert([Fixtures.upload(id, .awful, note: "v4")], in: alice)
        #expect(noBase.conflicts.first?.reason == .stale)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aDeletedMoodIsATombstoneAndCannotComeBack(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let upload = Fixtures.upload(note: "gone soon")
        _ = try await storage.upsert([upload], in: alice)
        let unknown = UUID()
        #expect(try await storage.delete([upload.id, unknown], in: alice).deleted == [upload.id])
        #expect(try await storage.delete([upload.id], in: alice).deleted.isEmpty)
        let again = try await storage.upsert([upload], in: alice)
        #expect(again.conflicts == [MoodConflict(id: upload.id, reason: .deleted, server: nil)])
        #expect(try await storage.changes(in: alice, after: 0, limit: 10).changes == [.deleted(upload.id), .deleted(unknown)])
        #expect(try await storage.accounts().first?.moods == 0)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func anIDNamedTwiceInOneDeletionTakesOneSequence(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let upload = Fixtures.upload(note: "deleted twice in one request")
        _ = try await storage.upsert([upload], in: alice)
        let result = try await storage.delete([upload.id, upload.id], in: alice)
        #expect(result.deleted == [upload.id])
        #expect(result.latestSequence == 2, "a second tombstone of the same mood left a gap in the log")
    }

    /// An upload held up in the network, delivered after a deletion of the same id
    /// that reached the server first, created the mood again on every device.
    @Test(arguments: StorageBackEnd.allCases)
    func anUploadDeliveredAfterTheDeletionOfAnIDTheServerNeverSawIsAnsweredDeleted(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let late = Fixtures.upload(note: "held up in the network")
        let deletion = try await storage.delete([late.id], in: alice)
        #expect(deletion.deleted.isEmpty, "nothing was deleted: the server did not have it")
        let upload = try await storage.upsert([late], in: alice)
        #expect(upload.saved.isEmpty)
        #expect(upload.conflicts == [MoodConflict(id: late.id, reason: .deleted, server: nil)])
        #expect(try await storage.changes(in: alice, after: 0, limit: 10).changes == [.deleted(late.id)])
        #expect(try await storage.delete([late.id], in: alice).latestSequence == deletion.latestSequence, "a second deletion writes nothing")
    }

    @Test(arguments: StorageBackEnd.allCases)
    func theChangeFeedPagesExactlyAndShowsEachMoodOnceAtItsLatestChange(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let uploads = (0..<7).map { Fixtures.upload(note: "mood \($0)") }
        let saved = try await storage.upsert(uploads, in: alice).saved
        _ = try await storage.upsert([Fixtures.upload(uploads[0].id, .great, note: "changed", base: saved[0].version)], in: alice)
        _ = try await storage.delete([uploads[1].id], in: alice)
        var seen: [Change] = [], after: Int64 = 0, pages = 0
        while true {
            let page = try await storage.changes(in: alice, after: after, limit: 3)
            seen += page.changes
            after = page.nextSequence
            pages += 1
            if !page.more { break }
        }
        #expect(pages == 3)
        #expect(seen.map(\.id) == uploads[2...].map(\.id) + [uploads[0].id, uploads[1].id])
        #expect(try await storage.changes(in: alice, after: after, limit: 3).changes.isEmpty)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func accountsSeeOnlyTheirOwnMoods(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage, "alice"), bob = try await account(storage, "bob")
        let upload = Fixtures.upload(note: "alice's")
        _ = try await storage.upsert([upload], in: alice)
        #expect(try await storage.changes(in: bob, after: 0, limit: 10).changes.isEmpty)
        #expect(try await storage.delete([upload.id], in: bob).deleted.isEmpty)
        #expect(try await storage.changes(in: alice, after: 0, limit: 10).changes.count == 1)
        #expect(try await storage.accounts().map(\.name) == ["alice", "bob"])
    }

    @Test(arguments: StorageBackEnd.allCases)
    func revokedTokensOpenNothing(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let phone = DeviceToken.generate(), laptop = DeviceToken.generate()
        let alice = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(phone))
        #expect(try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(laptop)) == alice)
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(laptop)) == alice)
        #expect(try await storage.revokeToken(hash: DeviceToken.hash(phone)) == alice)
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(phone)) == nil)
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(laptop)) == alice)
        #expect(try await storage.revokeAllTokens(ofAccount: "alice") == 1)
        #expect(try await storage.revokeAllTokens(ofAccount: "nobody") == nil)
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(laptop)) == nil)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func revocationsAreAnnouncedAndTheRevokedAmongOpenTokensAreFound(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let phone = DeviceToken.generate(), laptop = DeviceToken.generate()
        _ = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(phone))
        _ = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(laptop))
        let hashes: Set = [DeviceToken.hash(phone), DeviceToken.hash(laptop), DeviceToken.hash("mt_never-issued")]
        #expect(try await storage.revokedTokenHashes(among: hashes) == [DeviceToken.hash("mt_never-issued")])
        var revocations = try storage.tokenRevocations().makeAsyncIterator()
        _ = try await storage.revokeToken(hash: DeviceToken.hash(laptop))
        #expect(await revocations.next() != nil)
        #expect(try await storage.revokedTokenHashes(among: hashes) == [DeviceToken.hash(laptop), DeviceToken.hash("mt_never-issued")])
    }

    @Test func aSQLiteStoreAnnouncesARevocationMadeThroughAnotherConnectionToItsFile() async throws {
        let folder = StorageBackEnd.temporaryFolder()
        let token = DeviceToken.generate()
        let server = try SQLiteMoodServerStorage(directory: folder)
        _ = try await server.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(token))
        var revocations = try server.tokenRevocations().makeAsyncIterator()
        // As `moodtui account revoke` does from its own process.
        #expect(try await SQLiteMoodServerStorage(directory: folder).revokeAllTokens(ofAccount: "alice") == 1)
        #expect(await revocations.next() != nil)
        #expect(try await server.revokedTokenHashes(among: [DeviceToken.hash(token)]) == [DeviceToken.hash(token)])
    }

    @Test func theSQLiteStoreKeepsItsIDTokensAndLogAcrossReopening() async throws {
        let folder = StorageBackEnd.temporaryFolder()
        let token = DeviceToken.generate()
        let first = try SQLiteMoodServerStorage(directory: folder)
        let alice = try await first.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(token))
        _ = try await first.upsert([Fixtures.upload(note: "kept")], in: alice)
        let reopened = try SQLiteMoodServerStorage(directory: folder)
        #expect(reopened.storeID == first.storeID)
        #expect(try await reopened.account(forTokenHash: DeviceToken.hash(token)) == alice)
        #expect(try await reopened.changes(in: alice, after: 0, limit: 10).changes.count == 1)
    }

    @Test func tokensAreLongRandomAndStoredOnlyAsHashes() {
        let tokens = (0..<100).map { _ in DeviceToken.generate() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.hasPrefix("mt_") && $0.count == 46 && !$0.contains("=") && !$0.contains("+") && !$0.contains("/") })
        #expect(DeviceToken.hash(tokens[0]).count == 32)
    }
}
