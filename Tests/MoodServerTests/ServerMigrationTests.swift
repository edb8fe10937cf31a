import Foundation
import GRDB
import JournalTesting
import MoodKit
import MoodServer
import SQLiteServerStorage
import ServerStorage
import SyncProtocol
import SyncTesting
import Testing

/// A data folder written by the server before moods carried stamps opens in this version: every
/// mood gets the stamp its creator would have made, and a mood that an older server stored
/// without checking still goes out for devices to set aside, without holding up the feed.
@Suite struct ServerMigrationTests {
    let folder = StorageBackEnd.temporaryFolder()
    var path: String { folder.appendingPathComponent("server.sqlite").path }

    init() throws { try OlderVersionFixture.serverBeforeStamps.write(to: path) }

    /// The fixture's account (adding a device to an existing account opens it).
    private func alice(_ storage: SQLiteMoodServerStorage) async throws -> Account {
        #expect(try await storage.accounts().map(\.name) == ["alice"])
        return try await storage.addDevice(toAccount: "alice", tokenHash: Data(UUID().uuidString.utf8))
    }

    @Test func everyStoredMoodGetsItsCreatorsStampAndKeepsItsVersion() async throws {
        let storage = try SQLiteMoodServerStorage(path: path)
        let page = try await storage.changes(in: try await alice(storage), after: 0, limit: 100)
        let moods = page.changes.compactMap { change -> SyncedMood? in if case .upsert(let mood) = change { mood } else { nil } }
        #expect(moods.count == 3)
        let edited = try #require(moods.first { $0.id == UUID(uuidString: "ACBBFB41-DF9A-4F9C-877F-3B31445CBFB8") })
        #expect(edited.version == 4)
        #expect(edited.content?.note == "stuck in a meeting, then a good walk")
        #expect(edited.content?.stamps == MoodStamps(all: HybridTimestamp(
            wallMilliseconds: 1_795_401_515_318, counter: 0, device: "18e5b446-06d1-46e7-af40-7dbe3b0e32ef")))
    }

    /// A mood an older server stored with an empty creator id made an unreadable
    /// stamp, and every page of the feed holding it failed.
    @Test func aMoodAnOlderServerStoredUncheckedStillGoesOutForDevicesToSetAside() async throws {
        try await DatabaseQueue(path: path).write { try $0.execute(sql: "UPDATE mood SET creatorID = '' WHERE id LIKE 'D11ADE39%'") }
        let storage = try SQLiteMoodServerStorage(path: path)
        let page = try await storage.changes(in: try await alice(storage), after: 0, limit: 100)
        #expect(page.changes.count == 3)
        let json = try JSONEncoder().encode(ChangesResponse(changes: page.changes, token: ChangeToken(rawValue: "t"), more: false, serverTime: 0, keyID: nil, sequence: page.latestSequence, setupVersion: page.setupVersion))
        let read = try JSONDecoder().decode(ChangesResponse.self, from: json)
        #expect(read.changes.count == 2)
        #expect(read.unreadable.map(\.id) == [UUID(uuidString: "D11ADE39-4080-4521-8366-790D17651DB3")])
    }
}
